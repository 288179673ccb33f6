import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import de from '../../locales/de/devtools-panels.json';
import en from '../../locales/en/devtools-panels.json';
import nl from '../../locales/nl/devtools-panels.json';
import type { CollectionReport, ShopReport } from './devtools-protocol.ts';
import { loadDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import { ReplicationPanel } from './replication-panel.tsx';

type Props = Parameters<typeof ReplicationPanel>[0];

beforeAll(async () => {
  await initI18n('en');
  await loadDevtoolsPanelTexts();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const at = Date.UTC(2025, 4, 12, 12, 30, 5);

function collection(name: string, extra: Partial<CollectionReport> = {}): CollectionReport {
  return { name, documents: 2, pending: 0, checkpoint: { id: `${name}-9`, updatedAt: at }, stream: 'open', resyncs: 1, error: null, errorAt: null, nextRetryAt: null, active: true, ...extra };
}

const collections: CollectionReport[] = [
  collection('cart', { pending: 1 }),
  collection('wishlist', { stream: 'retrying', resyncs: 3, error: 'Failed to fetch', errorAt: at, nextRetryAt: Date.now() + 5_000 }),
  collection('compare', { checkpoint: null, stream: 'none' }),
  collection('checkoutDrafts', { pending: null, active: false }),
  collection('orders', { queue: { transmitted: 4, waiting: 2 }, pending: 2 }),
  collection('syncTasks', { queue: { transmitted: 0, waiting: 1 }, pending: 1 }),
  collection('giftCards'),
];

function props(overrides: Partial<Props> = {}): Props {
  return {
    tabs: [
      { tabId: 'tab-a', url: 'http://shop.test/en/', open: true, leader: false, report: { owner: null, collections: [collection('cart', { pending: null })] } },
      { tabId: 'tab-b', url: 'http://shop.test/en/cart', open: true, leader: true, report: { owner: 'guest', collections } },
    ],
    conflicts: [],
    docs: {},
    requestDocs: vi.fn(),
    ...overrides,
  };
}

const rowOf = (name: string) => document.querySelector<HTMLElement>(`[data-collection="${name}"]`);

describe('the replication panel', () => {
  it('shows the leading tab’s report: one row per collection, in the order reported, with its pending count', () => {
    render(<ReplicationPanel {...props()} />);
    expect(screen.getByText('Leading tab')).toBeTruthy();
    expect(screen.getByText('tab-b')).toBeTruthy();
    const rows = [...document.querySelectorAll<HTMLElement>('[data-collection]')];
    expect(rows.map((row) => row.dataset.collection)).toEqual(['cart', 'wishlist', 'compare', 'checkoutDrafts', 'orders', 'syncTasks', 'giftCards']);
    expect(rows.map((row) => row.getAttribute('data-pending'))).toEqual(['1', '0', '0', '', '2', '1', '0']);
    expect(within(rowOf('cart')!).getByText('1 waiting')).toBeTruthy();
    expect(within(rowOf('checkoutDrafts')!).getByText('not known: this tab does not replicate')).toBeTruthy();
    expect(within(rowOf('checkoutDrafts')!).getByText('not running')).toBeTruthy();
  });

  it('shows the checkpoint, the stream with its RESYNCs, the error with its time and retry, and the queues', () => {
    render(<ReplicationPanel {...props()} />);
    const wishlist = rowOf('wishlist')!;
    expect(wishlist.textContent).toContain('retrying');
    expect(wishlist.textContent).toContain('3 RESYNCs');
    expect(wishlist.textContent).toContain('Failed to fetch');
    expect(wishlist.textContent).toMatch(/at \d\d:\d\d:\d\d/);
    expect(wishlist.textContent).toMatch(/retry in [45] s/);
    expect(rowOf('cart')!.textContent).toMatch(/\d\d:\d\d:\d\d · cart-9/);
    expect(rowOf('compare')!.textContent).toContain('no pull yet');
    expect(rowOf('orders')!.textContent).toContain('4 transmitted · 2 waiting');
    expect(rowOf('syncTasks')!.textContent).toContain('0 transmitted · 1 waiting');
    expect(rowOf('cart')!.textContent).not.toContain('transmitted');
  });

  it('counts the next retry down', () => {
    vi.useFakeTimers();
    const base = props();
    const report = base.tabs[1]!.report!;
    const soon = { ...report, collections: [collection('cart', { error: 'Bad gateway', errorAt: Date.now(), nextRetryAt: Date.now() + 3_000 })] };
    render(<ReplicationPanel {...base} tabs={[{ ...base.tabs[1]!, report: soon }]} />);
    expect(rowOf('cart')!.textContent).toContain('retry in 3 s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(rowOf('cart')!.textContent).toContain('retry in 2 s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(rowOf('cart')!.textContent).toContain('retry in 1 s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(rowOf('cart')!.textContent).toContain('retry due now');
    // Nothing ticks once the retry is due.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says when no tab leads, and when the leader has not reported', () => {
    const { rerender } = render(<ReplicationPanel {...props({ tabs: [{ tabId: 'tab-a', url: 'http://shop.test/', open: true, leader: false, report: null }] })} />);
    expect(screen.getByText('No tab leads replication right now (1 tab open).')).toBeTruthy();
    expect(document.querySelector('[data-collection]')).toBeNull();
    rerender(<ReplicationPanel {...props({ tabs: [{ tabId: 'tab-a', url: 'http://shop.test/', open: true, leader: true, report: null }] })} />);
    expect(screen.getByText('The leading tab has not reported its replication yet.')).toBeTruthy();
    rerender(<ReplicationPanel {...props({ tabs: [] })} />);
    expect(screen.getByText(/No shop tab is open/)).toBeTruthy();
  });

  it('opens a collection’s documents, asks for them, and searches after the typing settles', () => {
    vi.useFakeTimers();
    const requestDocs = vi.fn();
    const { rerender } = render(<ReplicationPanel {...props({ requestDocs })} />);
    const open = within(rowOf('cart')!).getByRole('button', { name: 'cart' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(requestDocs).toHaveBeenCalledTimes(1);
    expect(requestDocs).toHaveBeenLastCalledWith('cart', '');
    expect(screen.getByText('Asking the leading tab…')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'r' } });
    fireEvent.change(search, { target: { value: 'ro' } });
    fireEvent.change(search, { target: { value: 'rolex ' } });
    act(() => vi.advanceTimersByTime(200));
    expect(requestDocs).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(200));
    expect(requestDocs).toHaveBeenCalledTimes(2);
    expect(requestDocs).toHaveBeenLastCalledWith('cart', 'rolex');

    const documents = [
      { id: 'cart-1', sku: 'ROLEX-1', qty: 1, options: { size: 40 } },
      { id: 'cart-2', sku: 'ROLEX-2', qty: 2, note: 'gift' },
    ];
    rerender(<ReplicationPanel {...props({ requestDocs, docs: { cart: { documents, total: 7, at } } })} />);
    expect(screen.getByText('Showing 2 of 7')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Documents in cart (read-only)' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['id', 'sku', 'qty', 'options', 'note']);
    expect(within(table).getByText('{"size":40}')).toBeTruthy();
    expect(within(table).getByText('gift')).toBeTruthy();

    // Another collection asks for its own documents from an empty search.
    fireEvent.click(within(rowOf('orders')!).getByRole('button', { name: 'orders' }));
    expect(requestDocs).toHaveBeenLastCalledWith('orders', '');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps asking once per settled search even when the page passes a new requestDocs each render', () => {
    vi.useFakeTimers();
    const calls: Array<[string, string]> = [];
    const { rerender } = render(<ReplicationPanel {...props({ requestDocs: (c, q) => calls.push([c, q]) })} />);
    fireEvent.click(within(rowOf('wishlist')!).getByRole('button', { name: 'wishlist' }));
    rerender(<ReplicationPanel {...props({ requestDocs: (c, q) => calls.push([c, q]) })} />);
    rerender(<ReplicationPanel {...props({ requestDocs: (c, q) => calls.push([c, q]) })} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'x' } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(calls).toEqual([
      ['wishlist', ''],
      ['wishlist', 'x'],
    ]);
  });

  it('lists each conflict with its time, collection and id, and the three states with the differing keys marked', () => {
    const conflict: Extract<ShopReport, { kind: 'conflict' }> = {
      kind: 'conflict',
      tabId: 'tab-b',
      at,
      collection: 'cart',
      id: 'cart-1',
      local: { id: 'cart-1', qty: 3, sku: 'A' },
      server: { id: 'cart-1', qty: 1, sku: 'A', removed: false },
      result: { id: 'cart-1', qty: 3, sku: 'A', removed: false },
    };
    render(<ReplicationPanel {...props({ conflicts: [conflict] })} />);
    expect(screen.getByRole('heading', { name: 'Conflicts (1)' })).toBeTruthy();
    const item = document.querySelector<HTMLElement>('[data-conflict="cart/cart-1"]')!;
    expect(item.textContent).toMatch(/\d\d:\d\d:\d\d/);
    expect(item.textContent).toContain('2 keys differ');
    const table = within(item).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Key', 'Local', 'Server', 'Result']);
    const differing = [...table.querySelectorAll('[data-differs="true"] th')].map((cell) => cell.textContent);
    expect(differing).toEqual(['≠ qty (differs)', '≠ removed (differs)']);
    expect(within(table).getByRole('rowheader', { name: 'removed (differs)' }).closest('tr')!.textContent).toContain('absent');
  });

  it('has every text in English, Dutch and German', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`)) : [prefix];
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(i18next.hasResourceBundle('en', 'devtools-panels')).toBe(true);
  });
});
