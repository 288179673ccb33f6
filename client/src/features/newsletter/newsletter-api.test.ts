import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerTask, lastTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { newsletterLinkOf } from '../account/my-account-page.tsx';
import { USER_KEY } from '../account/session-store.ts';
import { NEWSLETTER_TOKEN_HEADER, newsletterStatus, unsubscribe } from './newsletter-api.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

beforeEach(() => {
  resetQueue();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Runs a queued call until its task is watched, then answers it as the queue would. */
async function answered<T>(call: () => Promise<T>, result: unknown): Promise<T> {
  const before = queue.specs.length;
  const running = call();
  await vi.waitFor(() => expect(queue.specs.length > before && queue.watchers.has(lastTask().taskId)).toBe(true));
  answerTask(lastTask().taskId, { status: 'sent', resultCode: 200, result });
  return running;
}

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

  it("unsubscribe as a queued task: the link's token in its own header, 'confirmation-sent' when the shop mailed a link", async () => {
    answering('unused');
    await expect(answered(() => unsubscribe({ email: 'ann@example.com', linkToken: null, store: 'en' }), 'confirmation-sent')).resolves.toBe('confirmation-sent');
    expect(lastTask()).toMatchObject({ kind: 'newsletter', method: 'DELETE', auth: 'public', body: { email: 'ann@example.com' } });
    expect(lastTask().headers).toBeUndefined();
    // The confirmation mail follows the shopper's store.
    expect(lastTask().url).toBe('/api/ext/mailchimp-subscribe/subscribe?storeCode=en');
    await expect(answered(() => unsubscribe({ email: 'ann@example.com', linkToken: 'link-token', store: 'en' }), 'unsubscribed')).resolves.toBe('unsubscribed');
    expect(lastTask()).toMatchObject({ method: 'DELETE', auth: 'public', headers: { [NEWSLETTER_TOKEN_HEADER]: 'link-token' } });
    expect(lastTask().url).not.toContain('link-token');
  });

  it("unsubscribe a logged-in customer's own address as their task, with their token at send time", async () => {
    answering('unused');
    localStorage.setItem(USER_KEY, JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'ann@example.com', firstname: 'Ann', lastname: 'J', group_id: 1, addresses: [] }, orders_history: [], orders_total: 0, session_started: 1 }));
    await expect(answered(() => unsubscribe({ email: 'ann@example.com', linkToken: null, store: 'nl' }), 'unsubscribed')).resolves.toBe('unsubscribed');
    expect(lastTask()).toMatchObject({ method: 'DELETE', auth: 'customer', url: '/api/ext/mailchimp-subscribe/subscribe?token={{token}}&storeCode=nl' });
    expect(lastTask().captcha).toBeUndefined();
  });

  it('read the link of the mail from the page address, as text', () => {
    expect(newsletterLinkOf('?email=ann%2Bshop%40example.com&token=123')).toEqual({ email: 'ann+shop@example.com', token: '123' });
    expect(newsletterLinkOf('?email=ann%40example.com')).toBeNull();
    expect(newsletterLinkOf('')).toBeNull();
  });
});
