import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { USER_KEY } from './session-store.ts';

/** My orders and one order's page, on a stored session and a stand-in order history. */
const ordered: OrderDoc = {
  ...SAMPLE_DOCS.orders,
  id: 'order-7',
  transmited: true,
  resultCode: 200,
  increment_id: '000000007',
  status: 'pending_payment',
  items: [
    { sku: 'R-52', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Gold ring', price_incl_tax: 1210, options: [{ code: 'size', label: 'Ringmaat', value: '52' }] },
    { sku: 'BU-9', type_id: 'bundle', checksum: 'fedcba9876543210', qty: 1, name: 'Gift set', price_incl_tax: 2000, options: [{ label: 'Watch', value: 'Diver 40 mm' }] },
  ],
};

function signedIn(orders: OrderDoc[]) {
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen', group_id: 1, addresses: [] }, orders_history: [], orders_total: 0, session_started: 1 }),
  );
  const { fetchMock } = installFakeCatalogue({ categories: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/user/order-history') return new Response(JSON.stringify({ code: 200, result: { items: orders, total_count: orders.length } }), { status: 200, headers: { 'content-type': 'application/json' } });
      return fetchMock(input, init);
    }),
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

describe('My orders', () => {
  it('shows each status with its label, never the raw code', async () => {
    signedIn([ordered, { ...ordered, id: 'order-8', increment_id: '000000008', status: 'complete' }, { ...ordered, id: 'order-9', increment_id: '000000009', status: 'on_hold' }]);
    await renderShop('/en/my-account/orders');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const statuses = within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('.account-status')?.textContent);
    expect(statuses).toEqual(['Pending Payment', 'Complete', 'On hold']);
    expect(table.textContent).not.toContain('pending_payment');
  });

  it('shows the status in the interface language', async () => {
    signedIn([ordered]);
    await renderShop('/nl/my-account/orders');
    await i18next.changeLanguage('nl');
    expect((await screen.findByText('Wacht op betaling', {}, { timeout: 5000 })).className).toContain('account-status--pending_payment');
  });

  it('shows when each order was placed as the language writes dates, at the time in Amsterdam (spec 1 §9)', async () => {
    // 23:30 UTC on 31 January is already 1 February in Amsterdam.
    signedIn([{ ...ordered, created_at: Date.parse('2026-01-31T23:30:00Z') }]);
    await renderShop('/nl/my-account/orders');
    await i18next.changeLanguage('nl');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(within(table).getAllByRole('row')[1]!).getByText('00:30 1/2/2026')).toBeTruthy();
  });

  it('shows the date and time of one order in the interface language', async () => {
    signedIn([{ ...ordered, created_at: Date.parse('2026-07-04T08:05:00Z') }]);
    await renderShop('/en/my-account/orders/order-7');
    expect((await screen.findByText(/04\/07\/2026 10:05/, {}, { timeout: 5000 })).className).toBe('account-order__meta');
  });

  it('shows the options chosen for each line of an order', async () => {
    signedIn([ordered]);
    await renderShop('/en/my-account/orders/order-7');
    const ring = (await screen.findByText('Gold ring', {}, { timeout: 5000 })).closest('td')!;
    expect(within(ring).getByLabelText('Chosen options').textContent).toBe('Ring size: 52');
    const set = screen.getByText('Gift set').closest('td')!;
    expect(within(set).getByLabelText('Chosen options').textContent).toBe('Watch: Diver 40 mm');
    expect(screen.getByText('Pending Payment')).toBeTruthy();
  });
});
