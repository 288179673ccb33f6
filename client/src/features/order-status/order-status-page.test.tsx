import type { OrderStatusData } from '@shop/shared/payments/index';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { readAccountNotice, rememberAccountNotice } from '../checkout/account-notice-store.ts';

type Reply = { status: number; body: unknown } | 'network';

const data = (group: OrderStatusData['payment']['group'], status: string, extra: Partial<OrderStatusData> = {}): Reply => ({
  status: 200,
  body: { code: 200, result: { order: { increment_id: '000000007', customer_email: 'jane@example.com' }, payment: { status, group }, ...extra } },
});
const refused = (status: number, message: string): Reply => ({ status, body: { code: status, result: { error: 'x', message } } });

/** The catalogue fakes for the layout, plus the order-status call answered by `reply`; returns the asked urls. */
function fakeOrderStatus(reply: Reply, gate: Promise<void> = Promise.resolve()) {
  const { fetchMock } = installFakeCatalogue({});
  const base = fetchMock.getMockImplementation()!;
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      if (!url.pathname.startsWith('/api/order-status/')) return base(input, init);
      asked.push(`${url.pathname}${url.search}`);
      await gate;
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

async function page() {
  return screen.findByRole('heading', { level: 1, name: /^Order status for Order # / }, { timeout: 5000 });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('order-status page (spec 2 §2)', () => {
  it('paid (variant B): "Thank you for your order!", the order number, a green "Paid" label with its word, the confirmation text, Return to shopping; dimmed until fetched', async () => {
    let answer!: () => void;
    const asked = fakeOrderStatus(data('success', 'paid'), new Promise((resolve) => (answer = resolve)));
    const { container } = await renderShop('/en/order-status/tok_1?hash=abc-_1');
    expect(await screen.findByText('Fetching the payment details of your order…', undefined, { timeout: 5000 })).toBeTruthy();
    expect(container.querySelector('.order-status')?.getAttribute('aria-busy')).toBe('true');
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText('Order # 000000007')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.order-status')?.getAttribute('aria-busy')).toBe('false'));
    expect(asked).toEqual(['/api/order-status/tok_1?hash=abc-_1']);
    const facts = container.querySelector('.order-status__facts') as HTMLElement;
    expect(within(facts).getByText('Order number').nextElementSibling?.textContent).toBe('000000007');
    const label = container.querySelector('.status-label')!;
    expect(label.getAttribute('data-group')).toBe('success');
    expect(label.className).toContain('status-label--success');
    // Not colour alone: an icon and a word.
    expect(label.textContent).toBe('✓Paid');
    expect(screen.getByText('Your payment has succeeded. The order confirmation and the invoice will be e-mailed to jane@example.com shortly.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to shopping' }).getAttribute('href')).toBe('/en');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Homepage' }).getAttribute('href')).toBe('/en');
    expect(within(crumbs).getByText('Order status').getAttribute('aria-current')).toBe('page');
    expect(within(crumbs).getByRole('link', { name: /Back/ }).className).toBe('order-status__back');
  });

  it('says when the order was placed, as the store’s language writes dates, at the time in Amsterdam (spec 1 §9)', async () => {
    const placed = data('pending', 'open');
    if (placed !== 'network') Object.assign((placed.body as { result: OrderStatusData }).result.order, { created_at: Date.parse('2026-07-04T08:05:00Z') });
    fakeOrderStatus(placed);
    const { container } = await renderShop('/en/order-status/tok_9?hash=h');
    await page();
    const facts = container.querySelector('.order-status__facts') as HTMLElement;
    expect(within(facts).getByText('Order date').nextElementSibling?.textContent).toBe('04/07/2026 10:05');
  });

  it('shows the order total in the currency the order was placed in (issue 14: one price to the payment)', async () => {
    const placed = data('success', 'paid');
    if (placed !== 'network') Object.assign((placed.body as { result: OrderStatusData }).result.order, { grand_total: 12_384, currency: 'GBP' });
    fakeOrderStatus(placed);
    const { container } = await renderShop('/en/order-status/tok_8?hash=h');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }, { timeout: 5000 });
    const facts = container.querySelector('.order-status__facts') as HTMLElement;
    expect(within(facts).getByText('Order total').nextElementSibling?.textContent).toBe('£12,384');
  });

  it('pending: a grey "Pending" label with the provider word and the pending message', async () => {
    fakeOrderStatus(data('pending', 'open'));
    const { container } = await renderShop('/en/order-status/tok_2?hash=h');
    await page();
    const label = container.querySelector('.status-label')!;
    expect(label.className).toContain('status-label--pending');
    expect(label.textContent).toBe('◷Pending (open)');
    expect(screen.getByText(/The details of your payment are pending. The status will update automatically/)).toBeTruthy();
  });

  it('failed: a red "Failed" label and the spec\'s message', async () => {
    fakeOrderStatus(data('failed', 'expired'));
    const { container } = await renderShop('/en/order-status/tok_3?hash=h');
    await page();
    const label = container.querySelector('.status-label')!;
    expect(label.className).toContain('status-label--failed');
    expect(label.textContent).toBe('✕Failed (expired)');
    expect(screen.getByText('Your payment for this order has failed.')).toBeTruthy();
  });

  it.each([
    [refused(404, 'Invalid payment token'), 'Invalid payment token'],
    [refused(403, 'Hash is incorrect, this is not good.'), 'Hash is incorrect, this is not good.'],
    [refused(502, 'Bad gateway'), 'There is a problem with getting the payment details for your order'],
    ['network' as const, 'There is a problem with getting the payment details for your order'],
  ])('a refused or failed fetch shows its message and Return to homepage (%#)', async (reply, message) => {
    fakeOrderStatus(reply);
    await renderShop('/en/order-status/tok_4?hash=h');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Return to homepage' }).getAttribute('href')).toBe('/en');
    expect(screen.queryByRole('link', { name: 'Return to shopping' })).toBeNull();
  });

  it("offline: 'You are offline', and nothing else pretends to be a status", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeOrderStatus('network');
    await renderShop('/en/order-status/tok_5?hash=h');
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(await screen.findByText('The payment status will be fetched as soon as you are back online.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('variant B in the Dutch store: Bedankt voor uw bestelling!', async () => {
    fakeOrderStatus(data('success', 'paid'));
    await renderShop('/nl/order-status/tok_6?hash=h');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt voor uw bestelling!' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Bestelling # 000000007')).toBeTruthy();
  });

  it('a payment that did not succeed: pay again with one of the methods, or put the items back in the cart', async () => {
    const methods = [
      { code: 'multisafepay_ideal', title: 'iDEAL' },
      { code: 'multisafepay_creditcard', title: 'Credit card' },
    ];
    fakeOrderStatus(data('failed', 'canceled', { order: { increment_id: '000000007', customer_email: 'jane@example.com', order_id: 'o-1', grand_total: 7255, currency: 'EUR', payment_method: 'multisafepay_creditcard', status: 'pending_payment' }, pay_again: { methods } }));
    await renderShop('/en/order-status/tok_7?hash=h');
    await page();
    const form = await screen.findByRole('form', { name: 'Pay again or put the items back' });
    expect(within(form).getByRole('radio', { name: 'Credit card' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('radio', { name: 'iDEAL' })).toHaveProperty('checked', false);
    expect(within(form).getByRole('button', { name: 'Pay €7,255' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Put the items back in my cart' })).toBeTruthy();
  });

  it('a bank transfer: the account, the amount and the reference', async () => {
    const transfer = { account_holder: 'Horloge & Diamant B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', amount: 1215, currency: 'EUR', reference: '000000007' };
    fakeOrderStatus(data('pending', 'pending', { bank_transfer: transfer }));
    await renderShop('/en/order-status/tok_8?hash=h');
    await page();
    const block = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    for (const [label, value] of [
      ['Amount', '€1,215'],
      ['IBAN', 'NL91 ABNA 0417 1643 00'],
      ['BIC', 'ABNANL2A'],
      ['Account holder', 'Horloge & Diamant B.V.'],
      ['Reference', '000000007'],
    ]) expect(within(block).getByText(label!).nextElementSibling?.textContent).toBe(value);
  });

  it('the second provider\'s page reads transactionid and asks by transaction', async () => {
    const asked = fakeOrderStatus(data('success', 'completed'));
    const { container } = await renderShop('/en/orderstatus?transactionid=order-9&hash=h9');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(asked).toEqual(['/api/order-status/by-transaction?transactionid=order-9&hash=h9']);
    expect(container.querySelector('.status-label')?.textContent).toBe('✓Paid (completed)');
  });
});

describe('order-status page: the account the checkout could not create', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the notice the checkout kept for this order when the shopper comes back from the provider, and none for another order', async () => {
    rememberAccountNotice('order-42', { email: 'jane@example.com', problem: { reason: 'exists' } });
    fakeOrderStatus(data('success', 'paid', { order: { increment_id: '000000042', customer_email: 'jane@example.com', order_id: 'order-42' } } as Partial<OrderStatusData>));
    await renderShop('/en/order-status/tok_42?hash=h42');
    expect(
      await screen.findByText('Your order is placed. Your account could not be created just now: an account already exists for this address. You can create it later with jane@example.com from the login page.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    cleanup();

    fakeOrderStatus(data('success', 'paid', { order: { increment_id: '000000043', customer_email: 'jane@example.com', order_id: 'order-43' } } as Partial<OrderStatusData>));
    await renderShop('/en/order-status/tok_43?hash=h43');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(screen.queryByText(/could not be created/)).toBeNull();
  });

  it('reads only a well-formed notice of the same order', () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) };
    rememberAccountNotice('order-1', { email: 'a@example.com', problem: { reason: 'wait', seconds: 90 } }, fake);
    expect(readAccountNotice('order-1', fake)).toEqual({ email: 'a@example.com', problem: { reason: 'wait', seconds: 90 } });
    expect(readAccountNotice('order-2', fake)).toBeNull();
    storage.set('shop.accountNotice', '{not json');
    expect(readAccountNotice('order-1', fake)).toBeNull();
    storage.set('shop.accountNotice', JSON.stringify({ orderId: 'order-1', notice: { email: 5 } }));
    expect(readAccountNotice('order-1', fake)).toBeNull();
  });
});
