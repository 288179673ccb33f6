import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsletterLinkOf } from '../account/my-account-page.tsx';
import { NEWSLETTER_TOKEN_HEADER, newsletterStatus, unsubscribe } from './newsletter-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(result: string) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('the newsletter calls prove the address', () => {
  it("send the mailed link's token as a header, never in the address", async () => {
    const calls = answering('subscribed');
    await expect(newsletterStatus('ann@example.com', 'link-token', undefined)).resolves.toBe('subscribed');
    expect(header(calls[0]!.init, NEWSLETTER_TOKEN_HEADER)).toBe('link-token');
    expect(calls[0]!.url).not.toContain('link-token');
  });

  it("answer 'confirmation-sent' when the shop mailed a link instead of unsubscribing", async () => {
    const calls = answering('confirmation-sent');
    await expect(unsubscribe({ email: 'ann@example.com', linkToken: null, store: 'en' })).resolves.toBe('confirmation-sent');
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(header(calls[0]!.init, NEWSLETTER_TOKEN_HEADER)).toBeUndefined();
    // The confirmation mail follows the shopper's store.
    expect(calls[0]!.url).toContain('storeCode=en');
    answering('unsubscribed');
    await expect(unsubscribe({ email: 'ann@example.com', linkToken: 't', store: 'en' })).resolves.toBe('unsubscribed');
  });

  it('read the link of the mail from the page address, as text', () => {
    expect(newsletterLinkOf('?email=ann%2Bshop%40example.com&token=123')).toEqual({ email: 'ann+shop@example.com', token: '123' });
    expect(newsletterLinkOf('?email=ann%40example.com')).toBeNull();
    expect(newsletterLinkOf('')).toBeNull();
  });
});
