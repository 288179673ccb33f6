import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { orderStatusBase, startPayment, THANK_YOU_PAGE_OFF_EVENT, type PlacedOrderForPayment } from './start-payment.ts';

const ORDER: PlacedOrderForPayment = { orderId: 'order-1', incrementId: 'EN000000001', storeCode: 'en', currency: 'EUR', amount: 8255, method: 'multisafepay_ideal', description: 'Order EN000000001' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  currentNotifications().forEach((notification) => dismissNotification(notification.id));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startPayment wiring (the real calls, notice and navigation)', () => {
  it('the return address is origin + /<store>/order-status', () => {
    expect(orderStatusBase('https://shop.example', 'nl')).toBe('https://shop.example/nl/order-status');
  });

  it('a refused creation: the error notice needs OK and has no timeout, the canceled comment is posted, the thank-you page goes off, then Home', async () => {
    await initI18n('en');
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url.startsWith('/api/payment/payment-methods')) return json(200, { code: 200, result: { data: [{ id: 'ideal', description: 'iDEAL' }] } });
        if (url.startsWith('/api/payment/fetch-issuers')) return json(200, { code: 200, result: { data: [] } });
        if (url.startsWith('/api/payment/post-payment')) return json(409, { code: 409, result: { error: 'conflict', message: 'This order can not be paid online' } });
        return json(200, { code: 200, result: 'ok' });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    const thankYouOff = vi.fn();
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener(THANK_YOU_PAGE_OFF_EVENT, listener);

    expect(await startPayment({ ...ORDER, issuer: 'ideal_INGBNL2A' }, { navigate, onThankYouPageOff: thankYouOff })).toBe('failed');
    window.removeEventListener(THANK_YOU_PAGE_OFF_EVENT, listener);

    expect(currentNotifications()).toEqual([
      expect.objectContaining({ type: 'error', message: 'Payment is not created - This order can not be paid online', hasNoTimeout: true, action1: { label: 'OK' } }),
    ]);
    const created = calls.find((call) => call.url.startsWith('/api/payment/post-payment'));
    expect(created?.url).toBe('/api/payment/post-payment?store=en');
    expect(created?.body).toEqual({ order_id: 'order-1', currency: 'EUR', description: 'Order EN000000001', redirectUrl: `${window.location.origin}/en/order-status`, method: 'multisafepay_ideal', amount: 8255, issuer: 'ideal_INGBNL2A' });
    const comment = calls.find((call) => call.url.startsWith('/api/payment/order-comments'));
    expect(comment?.url).toBe('/api/payment/order-comments?store=en');
    expect(comment?.body).toMatchObject({ order_id: 'order-1', order_comment: { statusHistory: { comment: 'Payment could not be created: This order can not be paid online', status: 'canceled' } } });
    expect(thankYouOff).toHaveBeenCalledOnce();
    expect(heard).toEqual([{ orderId: 'order-1' }]);
    expect(navigate).toHaveBeenCalledWith('/en');
    expect(document.querySelector('.payment-progress')).toBeNull();
  });

  it("the order calls prove the order is the shopper's in headers: its token and its status hash", async () => {
    await initI18n('en');
    const calls: Array<{ url: string; headers: Headers }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, headers: new Headers(init?.headers) });
        if (url.startsWith('/api/payment/payment-methods')) return json(200, { code: 200, result: { data: [{ id: 'creditcard', description: 'Credit card' }] } });
        if (url.startsWith('/api/payment/post-payment')) return json(409, { code: 409, result: { error: 'conflict', message: 'This order can not be paid online' } });
        return json(200, { code: 200, result: 'ok' });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await startPayment({ ...ORDER, method: 'multisafepay_creditcard', orderToken: 'tok-1', statusHash: 'hash-1' }, { navigate: vi.fn() })).toBe('failed');
    for (const path of ['/api/payment/post-payment', '/api/payment/order-comments']) {
      const call = calls.find((made) => made.url.startsWith(path));
      expect(call?.headers.get('x-order-token'), path).toBe('tok-1');
      expect(call?.headers.get('x-order-hash'), path).toBe('hash-1');
      // Never in the address, where logs and referrers would keep it.
      expect(call?.url, path).not.toContain('tok-1');
    }
  });

  it('iDEAL with an empty issuer list: the shopper sees the error, no payment is made, and the page given as error address is kept', async () => {
    await initI18n('en');
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (url.startsWith('/api/payment/payment-methods')) return json(200, { code: 200, result: { data: [{ id: 'ideal', description: 'iDEAL' }] } });
        if (url.startsWith('/api/payment/fetch-issuers')) return json(200, { code: 200, result: { data: [] } });
        return json(200, { code: 200, result: 'ok' });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    expect(await startPayment(ORDER, { navigate, errorUrl: '/en/checkout' })).toBe('failed');
    expect(currentNotifications()).toEqual([
      expect.objectContaining({ type: 'error', message: 'Payment is not created - iDEAL has no banks to choose from right now; please pay with another method', hasNoTimeout: true }),
    ]);
    expect(urls.some((url) => url.startsWith('/api/payment/post-payment'))).toBe(false);
    expect(console.error).toHaveBeenCalledWith('[payment] No issuers');
    expect(navigate).toHaveBeenCalledWith('/en/checkout');
  });
});
