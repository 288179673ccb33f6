import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, switchLanguage } from '../../app/i18n.ts';
import { NO_FAULTS, type FaultState } from './devtools-protocol.ts';
import { loadDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import { FaultPanel } from './fault-panel.tsx';

type Props = Parameters<typeof FaultPanel>[0];

beforeAll(async () => {
  await initI18n('en');
  await loadDevtoolsPanelTexts();
});
afterEach(async () => {
  cleanup();
  await switchLanguage('en', false);
});

const armed: FaultState = { offline: true, routes: [{ route: '/api/user/me', method: 'GET', outcome: 401, remaining: 2 }], streamDelayMs: 1500, conflicts: [{ collection: 'cart', id: 'cart-1' }] };

function setup(tabs: Props['tabs'] = [
  { tabId: 'tab-a', url: 'http://shop.test/en/', open: true, leader: true, faults: NO_FAULTS },
  { tabId: 'tab-b', url: 'http://shop.test/en/cart', open: true, leader: false, faults: armed },
  { tabId: 'tab-c', url: 'http://shop.test/en/old', open: false, leader: false, faults: NO_FAULTS },
]) {
  const send = vi.fn<Props['send']>();
  const view = render(<FaultPanel tabs={tabs} send={send} />);
  return { send, view };
}

const target = () => screen.getByRole('combobox', { name: 'Apply to' }) as HTMLSelectElement;

describe('the fault panel', () => {
  it('aims at every tab or at one open tab', () => {
    const { send } = setup();
    expect([...target().options].map((option) => option.value)).toEqual(['', 'tab-a', 'tab-b']);
    fireEvent.click(screen.getByRole('button', { name: 'Expire the access token' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'expire-token' }, null);
    fireEvent.change(target(), { target: { value: 'tab-b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Expire the access token' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'expire-token' }, 'tab-b');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all faults' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'clear' }, 'tab-b');
  });

  it('shows the offline switch as the aimed tabs report it and flips it', () => {
    const { send } = setup();
    const offline = () => screen.getByRole('switch', { name: "Offline in the shop's network layer" }) as HTMLInputElement;
    // One of two tabs is offline: not on for all, and said so.
    expect(offline().checked).toBe(false);
    expect(screen.getByText('1 of 2 tabs are offline.')).toBeTruthy();
    fireEvent.click(offline());
    expect(send).toHaveBeenLastCalledWith({ type: 'offline', on: true }, null);

    fireEvent.change(target(), { target: { value: 'tab-b' } });
    expect(offline().checked).toBe(true);
    fireEvent.click(offline());
    expect(send).toHaveBeenLastCalledWith({ type: 'offline', on: false }, 'tab-b');
  });

  it('arms "the next N calls to a route fail" with the chosen method and outcome', () => {
    const { send } = setup();
    fireEvent.change(target(), { target: { value: 'tab-a' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Route (path prefix)' }), { target: { value: ' /api/replication/cart/push ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Method' }), { target: { value: 'POST' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Fail with' }), { target: { value: 'timeout' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Next N calls' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'fail-route', route: '/api/replication/cart/push', method: 'POST', outcome: 'timeout', count: 3 }, 'tab-a');

    fireEvent.change(screen.getByRole('combobox', { name: 'Method' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Fail with' }), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'fail-route', route: '/api/replication/cart/push', method: null, outcome: 500, count: 3 }, 'tab-a');

    fireEvent.change(screen.getByRole('combobox', { name: 'Fail with' }), { target: { value: '401' } });
    fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
    expect(send.mock.lastCall?.[0]).toMatchObject({ outcome: 401 });
  });

  it('refuses a route that is not an API path, and an N outside 1–100, with a message on the field', () => {
    const { send } = setup();
    const route = screen.getByRole('combobox', { name: 'Route (path prefix)' });
    const count = screen.getByRole('spinbutton', { name: 'Next N calls' });
    for (const bad of ['', 'user/me', '/api/user me', 'https://evil.test/api/x']) {
      fireEvent.change(route, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
      expect(screen.getByText("Enter a path of the shop's API starting with /api/, without spaces.")).toBeTruthy();
      expect(route.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(route);
    }
    fireEvent.change(route, { target: { value: '/api/user/me' } });
    for (const bad of ['0', '101', '2.5', '', '-1']) {
      fireEvent.change(count, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
      expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy();
      expect(count.getAttribute('aria-invalid')).toBe('true');
      expect(route.getAttribute('aria-invalid')).toBe('false');
    }
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(count, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Arm' }));
    expect(send).toHaveBeenCalledWith({ type: 'fail-route', route: '/api/user/me', method: null, outcome: 401, count: 100 }, null);
    expect(screen.queryByText('Enter a whole number from 1 to 100.')).toBeNull();
  });

  it('delays the event stream, 0 turning it off, and refuses what is not a whole number of ms', () => {
    const { send } = setup();
    const delay = screen.getByRole('spinbutton', { name: 'Delay (ms)' });
    fireEvent.change(delay, { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply delay' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'delay-stream', ms: 2500 }, null);
    fireEvent.change(delay, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply delay' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'delay-stream', ms: 0 }, null);
    fireEvent.change(delay, { target: { value: '600000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply delay' }));
    expect(screen.getByText('Enter a whole number of milliseconds from 0 to 60000.')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('forces a conflict on a chosen document, and asks for its id', () => {
    const { send } = setup();
    const collection = screen.getByRole('combobox', { name: 'Collection' }) as HTMLSelectElement;
    expect([...collection.options].map((option) => option.value)).toEqual(['cart', 'wishlist', 'compare', 'checkoutDrafts', 'orders']);
    fireEvent.click(screen.getByRole('button', { name: 'Force conflict' }));
    expect(screen.getByText("Enter the document's id.")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(collection, { target: { value: 'orders' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Document id' }), { target: { value: ' order-7 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Force conflict' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'force-conflict', collection: 'orders', id: 'order-7' }, null);
  });

  it('shows each open tab’s faults, with the route faults’ remaining calls', () => {
    setup();
    const rows = [...document.querySelectorAll<HTMLElement>('[data-fault-tab]')];
    expect(rows.map((row) => row.dataset.faultTab)).toEqual(['tab-a', 'tab-b']);
    const b = rows[1]!;
    expect(within(b).getByText('offline')).toBeTruthy();
    const route = b.querySelector<HTMLElement>('[data-route-fault="/api/user/me"]')!;
    expect(route.dataset.remaining).toBe('2');
    expect(route.textContent).toContain('GET /api/user/me');
    expect(route.textContent).toContain('401 Unauthorized · 2 calls left');
    expect(b.textContent).toContain('1500 ms');
    expect(b.textContent).toContain('cart/cart-1');
    expect(rows[0]!.textContent).toContain('online');
  });

  it('falls back to every tab when the chosen one closes', () => {
    const send = vi.fn<Props['send']>();
    const open = { tabId: 'tab-a', url: 'http://shop.test/', open: true, leader: true, faults: null };
    const { rerender } = render(<FaultPanel tabs={[open]} send={send} />);
    fireEvent.change(target(), { target: { value: 'tab-a' } });
    rerender(<FaultPanel tabs={[{ ...open, open: false }]} send={send} />);
    expect(target().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all faults' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'clear' }, null);
  });

  it('says its validation messages in the interface language', async () => {
    await switchLanguage('nl', false);
    await loadDevtoolsPanelTexts();
    setup();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Volgende N aanroepen' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inschakelen' }));
    expect(screen.getByText('Voer een geheel getal van 1 tot en met 100 in.')).toBeTruthy();
  });
});
