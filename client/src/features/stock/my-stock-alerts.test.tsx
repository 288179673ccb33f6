import type { StockAlert } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { USER_KEY } from '../account/session-store.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

const alerts: StockAlert[] = [
  { id: 2, sku: 'W-2', kind: 'price_drop', name: 'Omega Speedmaster', url_path: 'watches/omega-speedmaster', store: 'en', subscribed_price: 6655, created_at: '2026-06-14T10:00:00.000Z', notified_at: null },
  { id: 1, sku: 'W-4', kind: 'back_in_stock', name: 'Rolex Day-Date', url_path: 'watches/rolex-day-date', store: 'en', subscribed_price: null, created_at: '2026-06-10T10:00:00.000Z', notified_at: '2026-06-12T08:30:00.000Z' },
];

beforeEach(() => {
  resetQueue();
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen', group_id: 1, addresses: [] }, orders_history: [], orders_total: 0, session_started: 1 }),
  );
  const { fetchMock } = installFakeCatalogue({ categories: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/stock/alerts') return new Response(JSON.stringify({ code: 200, result: alerts }), { status: 200, headers: { 'content-type': 'application/json' } });
      return fetchMock(input, init);
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

const alertTasks = () => queue.specs.filter((spec) => spec.kind === 'stockAlert') as Array<(typeof queue.specs)[number] & { taskId: string }>;

describe('My account › Alerts', () => {
  it('lists each alert, waiting or e-mailed, with its piece; Remove is a queued call and the alert goes once the shop took it', async () => {
    await renderShop('/en/my-account/stock-alerts');
    await screen.findByRole('heading', { level: 2, name: 'Alerts' }, { timeout: 5000 });
    const list = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.my-alerts__list');
      if (!found) throw new Error(document.querySelector('.my-alerts')?.textContent ?? 'no section');
      return found;
    });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.my-alerts__state')?.textContent)).toEqual(['Waiting', 'E-mailed']);
    expect(items[0]!.textContent).toContain('Price drop · below €6,655');
    expect(within(items[1]!).getByRole('link', { name: 'Rolex Day-Date' }).getAttribute('href')).toBe('/en/watches/rolex-day-date');
    expect(items[1]!.textContent).toContain('E-mailed on 12/06/2026 10:30');
    expect(screen.getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Remove the alert for Rolex Day-Date' }));
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    expect(alertTasks()[0]).toMatchObject({ method: 'DELETE', url: '/api/stock/alerts/1?token={{token}}', body: {}, auth: 'customer' });
    answerTask(alertTasks()[0]!.taskId, { status: 'sent', resultCode: 200, result: { id: 1 } });
    expect(await screen.findByText('The alert was removed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('offline, the removal waits on this device: the alert stays, marked, and the shopper is told', async () => {
    await renderShop('/en/my-account/stock-alerts');
    const button = await screen.findByRole('button', { name: 'Remove the alert for Omega Speedmaster' }, { timeout: 5000 });
    fireEvent.click(button);
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    answerTask(alertTasks()[0]!.taskId, { status: 'pending', reason: 'offline' });
    expect(await screen.findByText('Saved on this device: the alert is removed as soon as you are back online.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Removing when online…' })).toHaveProperty('disabled', true);
  });
});
