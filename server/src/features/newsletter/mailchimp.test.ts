import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../captcha/captcha.ts';
import { API_KEY_INVALID, FORGOTTEN_EMAIL, MEMBER_CLEANED, MEMBER_PENDING, MEMBER_SUBSCRIBED, MEMBER_UNSUBSCRIBED, NOT_FOUND } from './mailchimp.fixtures.ts';
import { MailchimpNewsletter, mailchimpBaseUrl, subscriberHash } from './mailchimp.ts';

const API_KEY = '0123456789abcdef0123456789abcdef-us21';

function fakeMailchimp(answers: Array<{ status: number; body: unknown } | Error>) {
  const calls: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return { status: next.status, json: async () => next.body };
  };
  return { calls, provider: new MailchimpNewsletter({ apiKey: API_KEY, listId: 'a1b2c3d4e5', fetch }) };
}

const memberUrl = `https://us21.api.mailchimp.com/3.0/lists/a1b2c3d4e5/members/${createHash('md5').update('jane@example.com').digest('hex')}`;

describe('Mailchimp adapter', () => {
  it('finds the datacenter in the key and the member by the MD5 of the lower-case address', () => {
    expect(mailchimpBaseUrl(API_KEY)).toBe('https://us21.api.mailchimp.com/3.0');
    expect(() => mailchimpBaseUrl('nodatacenter')).toThrow();
    expect(subscriberHash(' Jane@Example.COM ')).toBe(createHash('md5').update('jane@example.com').digest('hex'));
  });

  it('subscribes with PUT, status_if_new and status, basic auth and the first name', async () => {
    const { calls, provider } = fakeMailchimp([{ status: 200, body: MEMBER_SUBSCRIBED }]);
    await provider.subscribe({ email: 'jane@example.com', firstname: 'Jane', store: 'nl' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toBe(memberUrl);
    expect(calls[0]!.body).toEqual({ email_address: 'jane@example.com', status_if_new: 'subscribed', status: 'subscribed', merge_fields: { FNAME: 'Jane' } });
    const auth = Buffer.from(calls[0]!.headers.authorization!.replace(/^Basic /, ''), 'base64').toString();
    expect(auth.endsWith(`:${API_KEY}`)).toBe(true);
  });

  it('reads the status: subscribed; unsubscribed and cleaned as unsubscribed; pending and unknown as not subscribed', async () => {
    const { calls, provider } = fakeMailchimp([
      { status: 200, body: MEMBER_SUBSCRIBED },
      { status: 200, body: MEMBER_UNSUBSCRIBED },
      { status: 200, body: MEMBER_CLEANED },
      { status: 200, body: MEMBER_PENDING },
      { status: 404, body: NOT_FOUND },
    ]);
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await provider.status('jane@example.com'));
    expect(seen).toEqual(['subscribed', 'unsubscribed', 'unsubscribed', 'not-subscribed', 'not-subscribed']);
    expect(calls.every((c) => c.method === 'GET' && c.url === memberUrl)).toBe(true);
  });

  it("unsubscribes by setting the member's status; an unknown member is already not subscribed", async () => {
    const { calls, provider } = fakeMailchimp([{ status: 200, body: MEMBER_UNSUBSCRIBED }, { status: 404, body: NOT_FOUND }]);
    await provider.unsubscribe('jane@example.com');
    await provider.unsubscribe('jane@example.com');
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: memberUrl, body: { status: 'unsubscribed' } });
  });

  it("passes Mailchimp's reason for a refused address on as a 400; its own failures become a 503 without details", async () => {
    const { provider } = fakeMailchimp([{ status: 400, body: FORGOTTEN_EMAIL }, { status: 401, body: API_KEY_INVALID }, new Error('ECONNRESET')]);
    await expect(provider.subscribe({ email: 'jane@example.com', firstname: null, store: 'nl' })).rejects.toMatchObject({ status: 400, message: FORGOTTEN_EMAIL.detail });
    await expect(provider.status('jane@example.com')).rejects.toMatchObject({ status: 503, message: 'An error occurred, please try later' });
    await expect(provider.status('jane@example.com')).rejects.toMatchObject({ status: 503 });
  });
});
