import { ACCOUNT_MESSAGES } from '@shop/shared/account/index';
import { mergeCartLine, type CartLineDoc } from '@shop/shared/cart/index';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { describe, expect, it } from 'vitest';
import { OutboxRepository } from '../mail/outbox.repository.ts';
import { InProcessChangeFeed } from '../replication/change-feed.ts';
import { ReplicationRepository } from '../replication/replication.repository.ts';
import { buildAccountsTestApp, client, customerBody, PASSWORD } from './accounts.test-support.ts';

const setup = await buildAccountsTestApp();
const { clock } = setup;
const call = client(() => setup.app);

let seq = 0;
const unique = (name: string) => `${name}-${++seq}@example.com`;

async function register(email: string) {
  const response = await call('POST', '/api/user/create', { payload: customerBody(email) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result as { id: number; email: string };
}

async function login(email: string, options: { password?: string; cartId?: string; ip?: string } = {}) {
  return call('POST', '/api/user/login', { payload: { username: email, password: options.password ?? PASSWORD, ...(options.cartId ? { cartId: options.cartId } : {}) }, ...(options.ip ? { ip: options.ip } : {}) });
}

async function session(email: string, cartId?: string) {
  const response = await login(email, cartId ? { cartId } : {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { token: response.body.result as string, refreshToken: response.body.meta.refreshToken as string, cartId: response.body.meta.cartId as string };
}

async function newCustomer(name: string) {
  const email = unique(name);
  const profile = await register(email);
  return { email, id: profile.id, ...(await session(email)) };
}

async function me(token: string) {
  return call('GET', '/api/user/me', { token });
}

describe('register and log in', () => {
  it('registers, logs in and answers the profile to the bearer of the token', async () => {
    const email = unique('anna');
    const profile = await register(email);
    expect(profile).toMatchObject({ email, firstname: 'Anna', lastname: 'Jansen', group_id: 1, addresses: [] });

    const response = await login(email.toUpperCase());
    expect(response.status).toBe(200);
    expect(typeof response.body.result).toBe('string');
    expect(response.body.meta).toMatchObject({ expiresIn: 900 });
    expect(typeof response.body.meta.refreshToken).toBe('string');
    expect(typeof response.body.meta.cartId).toBe('string');

    const answer = await me(response.body.result);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ id: profile.id, email });
    // The spec's compatibility form: ?token= in the address (USER_TOKEN_IN_URL is on by default).
    expect((await call('GET', `/api/user/me?token=${encodeURIComponent(response.body.result)}`)).body.result.id).toBe(profile.id);
  });

  it('mails a new account a welcome in the language the shopper used, linking to the account pages of their store', async () => {
    const welcomeOf = async (email: string) => {
      const [mail] = await new OutboxRepository(setup.app.db).list({ to: email, limit: 1 });
      return mail!;
    };
    const dutch = unique('welkom');
    await register(dutch);
    expect(await welcomeOf(dutch)).toMatchObject({ kind: 'account-welcome', subject: 'Welkom bij Horloge & Diamant' });
    expect((await welcomeOf(dutch)).text).toContain('/nl/my-account');

    const german = unique('willkommen');
    expect((await call('POST', '/api/user/create?storeCode=en&language=de', { payload: customerBody(german) })).status).toBe(200);
    const mail = await welcomeOf(german);
    expect(mail.subject).toBe('Willkommen bei Horloge & Diamant');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('/en/my-account');

    // An unknown store is refused before anything is made.
    const refused = unique('refused');
    expect((await call('POST', '/api/user/create?storeCode=fr', { payload: customerBody(refused) })).status).toBe(400);
    expect((await call('POST', '/api/user/create', { payload: customerBody(refused) })).status).toBe(200);
  });

  it("answers the spec's message for an e-mail address that has an account, whatever its case", async () => {
    const email = unique('taken');
    await register(email);
    const again = await call('POST', '/api/user/create', { payload: customerBody(email.toUpperCase()) });
    expect(again.status).toBe(400);
    expect(again.body.result).toMatchObject({ error: 'account_email_exists', message: 'A customer with the same email already exists in an associated website' });
  });

  it("answers the spec's sign-in message for a wrong password and for an unknown e-mail", async () => {
    const email = unique('wrong');
    await register(email);
    for (const attempt of [login(email, { password: 'not the password', ip: '10.1.0.1' }), login(unique('nobody'), { ip: '10.1.0.1' })]) {
      const response = await attempt;
      expect(response.status).toBe(401);
      expect(response.body.result).toMatchObject({ error: 'account_sign_in_incorrect', message: ACCOUNT_MESSAGES.signInIncorrect });
    }
  });

  it('answers bad input with 400 and the field messages, never a 5xx', async () => {
    const bad = await call('POST', '/api/user/create', { payload: { customer: { email: 'anna', firstname: 'A', lastname: 'J4nsen' }, password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.result.message).toContain('customer.firstname: Name must have at least 2 letters');
    expect(bad.body.result.message).toContain('customer.email: Please provide valid e-mail address');
    expect(bad.body.result.message).toContain('password: Password must have at least 8 letters');
    expect(bad.body.result.details.fields).toContainEqual({ path: 'customer.lastname', message: 'Accepts only alphabet characters', key: 'alphabetOnly' });

    const cases: Array<[string, unknown]> = [
      ['/api/user/create', {}],
      ['/api/user/login', { username: 'a@example.com' }],
      ['/api/user/login', { username: 'x'.repeat(300), password: 'p' }],
      ['/api/user/reset-password', { email: 42 }],
      ['/api/user/create-password', { email: 'a@example.com', newPassword: 'long enough', resetToken: '' }],
    ];
    for (const [url, payload] of cases) {
      const response = await call('POST', url, { payload });
      expect(response.status, url).toBe(400);
      expect(response.body.result.message.length).toBeGreaterThan(5);
    }
    const notJson = await setup.app.inject({ method: 'POST', url: '/api/user/login', payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().result.message).toBe('The request body is not valid JSON');
    // A malformed refresh token is simply not accepted.
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: 5 } })).status).toBe(401);
    // Calls that need a customer answer 401 without a token, with a bad one, and with a forged one.
    expect((await call('GET', '/api/user/me')).status).toBe(401);
    expect((await call('GET', '/api/user/me', { token: 'abc.def' })).status).toBe(401);
    const { token } = await newCustomer('forger');
    const [payload] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 1 })).toString('base64url')}.${token.split('.')[1]}`;
    expect((await me(forged)).status).toBe(401);
  });
});

describe('tokens and sessions', () => {
  it('refuses an access token once it expired; a refresh gives a working one', async () => {
    const customer = await newCustomer('expiry');
    clock.advance(899);
    expect((await me(customer.token)).status).toBe(200);
    clock.advance(2);
    const expired = await me(customer.token);
    expect(expired.status).toBe(401);
    const refreshed = await call('POST', '/api/user/refresh', { payload: { refreshToken: customer.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.meta.expiresIn).toBe(900);
    expect((await me(refreshed.body.result)).status).toBe(200);
  });

  it('rotates refresh tokens: each is single use, and a reused one revokes its whole family', async () => {
    const customer = await newCustomer('rotation');
    const first = await call('POST', '/api/user/refresh', { payload: { refreshToken: customer.refreshToken } });
    expect(first.status).toBe(200);
    const second = await call('POST', '/api/user/refresh', { payload: { refreshToken: first.body.meta.refreshToken } });
    expect(second.status).toBe(200);
    expect(second.body.meta.refreshToken).not.toBe(first.body.meta.refreshToken);

    // The first refresh token again: someone holds a copy. The family ends.
    const reused = await call('POST', '/api/user/refresh', { payload: { refreshToken: first.body.meta.refreshToken } });
    expect(reused.status).toBe(401);
    expect(reused.body.result.message).toBe('Error refreshing user token. User is not authorized to access the resource');
    // The newest token of that family and its access token stop working too.
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: second.body.meta.refreshToken } })).status).toBe(401);
    expect((await me(second.body.result)).status).toBe(401);
    // Another login of the same customer is another family and goes on.
    const other = await session(customer.email);
    expect((await me(other.token)).status).toBe(200);
  });

  it('refuses an unknown or expired refresh token with the same 401', async () => {
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: 'made-up' } })).body.result.message).toBe(ACCOUNT_MESSAGES.refreshRefused);
    const customer = await newCustomer('stale');
    clock.advance(30 * 24 * 3600 + 1);
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: customer.refreshToken } })).status).toBe(401);
  });

  it('logout ends every session of the customer, on every device', async () => {
    const customer = await newCustomer('logout');
    const phone = await session(customer.email);
    expect((await call('POST', '/api/user/logout', { token: customer.token })).status).toBe(200);
    expect((await me(phone.token)).status).toBe(401);
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: phone.refreshToken } })).status).toBe(401);
    expect((await me(customer.token)).status).toBe(401);
    expect((await call('POST', '/api/user/logout')).status).toBe(401);
  });

  it('keeps sessions across a restart: the token secret stays in the data folder', async () => {
    const other = await buildAccountsTestApp();
    const otherCall = client(() => other.app);
    await otherCall('POST', '/api/user/create', { payload: customerBody('restart@example.com') });
    const token = (await otherCall('POST', '/api/user/login', { payload: { username: 'restart@example.com', password: PASSWORD } })).body.result;
    await other.restart();
    expect((await otherCall('GET', '/api/user/me', { token })).status).toBe(200);
  });
});

describe('passwords', () => {
  it('change-password checks the current one, answers new tokens and ends every other session', async () => {
    const customer = await newCustomer('change');
    const laptop = await session(customer.email);
    const wrong = await call('POST', '/api/user/change-password', { token: customer.token, payload: { currentPassword: 'not it', newPassword: 'a new secret' }, ip: '10.2.0.1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.error).toBe('account_current_password_wrong');
    const short = await call('POST', '/api/user/change-password', { token: customer.token, payload: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(short.body.result.message).toContain('Password must have at least 8 letters');

    const changed = await call('POST', '/api/user/change-password', { token: customer.token, payload: { currentPassword: PASSWORD, newPassword: 'a new secret' } });
    expect(changed.status).toBe(200);
    expect(changed.body.result).toBe('Password has successfully been changed');
    expect((await me(changed.body.meta.token)).status).toBe(200);
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: changed.body.meta.refreshToken } })).status).toBe(200);
    expect((await me(laptop.token)).status).toBe(401);
    expect((await call('POST', '/api/user/refresh', { payload: { refreshToken: laptop.refreshToken } })).status).toBe(401);
    expect((await login(customer.email, { ip: '10.2.0.2' })).status).toBe(401);
    expect((await login(customer.email, { password: 'a new secret' })).status).toBe(200);
  });

  it('reset-password mails a single-use link; create-password sets the password and ends the sessions', async () => {
    const customer = await newCustomer('reset');
    const unknown = await call('POST', '/api/user/reset-password', { payload: { email: unique('nobody') }, ip: '10.3.0.1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.result.message).toBe('Provided email does not exist');

    expect((await call('POST', '/api/user/reset-password?storeCode=en', { payload: { email: customer.email.toUpperCase() }, ip: '10.3.0.1' })).status).toBe(200);
    const [mail] = await new OutboxRepository(setup.app.db).list({ to: customer.email, limit: 1 });
    expect(mail).toMatchObject({ kind: 'reset-password', subject: 'Reset your password' });
    const link = new URL(/http\S+create-password\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe('/en/create-password');
    expect(link.searchParams.get('email')).toBe(customer.email);
    const resetToken = link.searchParams.get('token')!;

    const wrongToken = await call('POST', '/api/user/create-password', { payload: { email: customer.email, newPassword: 'reset secret', resetToken: 'guess' } });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.result.error).toBe('account_reset_token_invalid');
    const created = await call('POST', '/api/user/create-password', { payload: { email: customer.email, newPassword: 'reset secret', resetToken } });
    expect(created.status).toBe(200);
    expect((await me(customer.token)).status).toBe(401);
    expect((await login(customer.email, { password: 'reset secret' })).status).toBe(200);
    const again = await call('POST', '/api/user/create-password', { payload: { email: customer.email, newPassword: 'another secret', resetToken } });
    expect(again.status).toBe(400);
  });

  it('writes the reset mail in the language the shopper used, with the link into their store', async () => {
    const customer = await newCustomer('locale');
    const mailFor = async (query: string, ip: string) => {
      expect((await call('POST', `/api/user/reset-password${query}`, { payload: { email: customer.email }, ip })).status, query).toBe(200);
      const [mail] = await new OutboxRepository(setup.app.db).list({ to: customer.email, limit: 1 });
      return { subject: mail!.subject, link: new URL(/http\S+create-password\S+/.exec(mail!.text)![0]) };
    };
    // The English store with a German interface: German words, the English store's page.
    const german = await mailFor('?storeCode=en&language=de', '10.9.0.1');
    expect(german.subject).toBe('Passwort zurücksetzen');
    expect(german.link.pathname).toBe('/en/create-password');
    const dutch = await mailFor('?storeCode=nl', '10.9.0.2');
    expect(dutch.subject).toBe('Stel uw wachtwoord opnieuw in');
    expect(dutch.link.pathname).toBe('/nl/create-password');

    for (const query of ['?storeCode=fr', '?storeCode=en&language=fr']) {
      const refused = await call('POST', `/api/user/reset-password${query}`, { payload: { email: customer.email }, ip: '10.9.0.3' });
      expect(refused.status, query).toBe(400);
      expect(refused.body.result.message).toMatch(/storeCode|language/);
    }
  });

  it('a reset link expires after an hour', async () => {
    const customer = await newCustomer('late');
    await call('POST', '/api/user/reset-password', { payload: { email: customer.email }, ip: '10.4.0.1' });
    const [mail] = await new OutboxRepository(setup.app.db).list({ to: customer.email, limit: 1 });
    const resetToken = new URL(/http\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    // The Dutch store mails in Dutch.
    expect(mail!.subject).toBe('Stel uw wachtwoord opnieuw in');
    clock.advance(3601);
    expect((await call('POST', '/api/user/create-password', { payload: { email: customer.email, newPassword: 'too late now', resetToken } })).status).toBe(400);
  });
});

describe('rate limits (the attack cases are in security/accounts-throttle.test.ts)', () => {
  it('failures from one address never lock the account for another address', async () => {
    const email = unique('limited');
    await register(email);
    for (let i = 0; i < 5; i += 1) expect((await login(email, { password: 'guess', ip: `10.5.0.${i + 1}` })).status).toBe(401);
    expect((await login(email, { ip: '10.5.1.1' })).status).toBe(403); // the account asks for the captcha, no wait
  });

  it('a successful login resets the count of its address and account pair', async () => {
    const email = unique('reset-count');
    await register(email);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) expect((await login(email, { password: 'guess', ip: '10.6.0.1' })).status).toBe(401);
      expect((await login(email, { ip: '10.6.0.1' })).status).toBe(200);
    }
  });

  it('refuses a client address after 20 failures, whatever the account, and not the others', async () => {
    for (let i = 0; i < 20; i += 1) expect((await login(unique('spray'), { ip: '10.7.0.1' })).status).toBe(401);
    const email = unique('innocent');
    await register(email);
    const limited = await login(email, { ip: '10.7.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.result).toMatchObject({ error: 'account_rate_limited', message: ACCOUNT_MESSAGES.signInIncorrect, details: { retryAfter: 900 } });
    expect(limited.headers['retry-after']).toBe('900');
    expect((await login(email, { ip: '10.7.0.2' })).status).toBe(200);
  });

  it('keeps the counts across a restart', async () => {
    const other = await buildAccountsTestApp();
    const otherCall = client(() => other.app);
    await otherCall('POST', '/api/user/create', { payload: customerBody('counted@example.com') });
    for (let i = 0; i < 5; i += 1) await otherCall('POST', '/api/user/login', { payload: { username: 'counted@example.com', password: 'guess' } });
    await other.restart();
    expect((await otherCall('POST', '/api/user/login', { payload: { username: 'counted@example.com', password: PASSWORD } })).body.result.error).toBe('captcha_required');
  });
});

describe('profile and order history', () => {
  const address = { firstname: 'Anna', lastname: 'Jansen', street: ['Kalverstraat', '1'], city: 'Amsterdam', postcode: '1012 NX', country_id: 'NL' };

  it('updates names and addresses; id and group are not the customer’s to change; e-mail stays unique', async () => {
    const customer = await newCustomer('profile');
    const taken = await newCustomer('other');
    const updated = await call('POST', '/api/user/me', {
      token: customer.token,
      payload: { customer: { id: 999, group_id: 4, firstname: 'Anne', lastname: 'de Vries', addresses: [{ ...address, default_shipping: true }, { ...address, city: 'Utrecht', default_billing: true }] } },
    });
    expect(updated.status).toBe(200);
    const profile = updated.body.result;
    expect(profile).toMatchObject({ id: customer.id, group_id: 1, firstname: 'Anne', lastname: 'de Vries', email: customer.email });
    expect(profile.addresses).toHaveLength(2);
    expect(profile.default_shipping).toBe(profile.addresses[0].id);
    expect(profile.default_billing).toBe(profile.addresses[1].id);

    // Keep the second (by id), drop the first.
    const kept = await call('POST', '/api/user/me', { token: customer.token, payload: { customer: { firstname: 'Anne', lastname: 'de Vries', addresses: [{ ...profile.addresses[1], postcode: '3511 AA' }] } } });
    expect(kept.body.result.addresses).toEqual([expect.objectContaining({ id: profile.addresses[1].id, postcode: '3511 AA', default_billing: true })]);
    expect(kept.body.result.default_shipping).toBeUndefined();

    const clash = await call('POST', '/api/user/me', { token: customer.token, payload: { customer: { email: taken.email, firstname: 'Anne', lastname: 'de Vries' } } });
    expect(clash.status).toBe(400);
    expect(clash.body.result.message).toBe(ACCOUNT_MESSAGES.emailExists);
    const badAddress = await call('POST', '/api/user/me', { token: customer.token, payload: { customer: { firstname: 'Anne', lastname: 'de Vries', addresses: [{ ...address, postcode: '1' }] } } });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.result.message).toContain('Zip-code must have at least 3 letters');
  });

  it('answers the customer’s orders newest first, one per increment id, 20 a page by default', async () => {
    const customer = await newCustomer('orders');
    const orders = Array.from({ length: 23 }, (_, i) => ({ ...SAMPLE_DOCS.orders, id: `order-h${i}`, writeId: `w-order-h${i}`, created_at: 1000 + i }));
    // The same order placed from a second device: one entry once the shop numbered both.
    orders.push({ ...SAMPLE_DOCS.orders, id: 'order-h22-copy', writeId: 'w-order-h22-copy', created_at: 1022 });
    const pushed = await call('POST', '/api/replication/orders/push', { token: customer.token, payload: orders.map((o) => ({ assumedMasterState: null, newDocumentState: { ...o, _deleted: false } })) });
    expect(pushed.status).toBe(200);
    // The order number is the shop's to give (a server-owned field): written as the order service will.
    const replication = new ReplicationRepository(setup.app.db, new InProcessChangeFeed(), () => clock.now().getTime());
    for (const [i, order] of orders.entries()) {
      const incrementId = order.id === 'order-h22-copy' ? '1000022' : `10000${i}`;
      await replication.writeServerSide('orders', `customer:${customer.id}`, order.id, async (copy) => {
        const { writeId: _previous, ...data } = copy!.data;
        return { data: { ...data, transmited: true, increment_id: incrementId } };
      });
    }

    const first = await call('GET', '/api/user/order-history', { token: customer.token });
    expect(first.status).toBe(200);
    expect(first.body.result.total_count).toBe(23);
    expect(first.body.result.items).toHaveLength(20);
    expect(first.body.result.items[0].increment_id).toBe('1000022');
    expect(first.body.result.items[1].increment_id).toBe('1000021');
    const last = await call('GET', '/api/user/order-history?pageSize=20&currentPage=2', { token: customer.token });
    expect(last.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual(['100002', '100001', '100000']);
    expect((await call('GET', '/api/user/order-history?pageSize=0', { token: customer.token })).status).toBe(400);
  });
});

describe('one customer never reads another’s data', () => {
  it('profile, order history, wishlist and cart stay with their owner', async () => {
    const anna = await newCustomer('anna-own');
    const bert = await newCustomer('bert-own');
    const wish = { ...SAMPLE_DOCS.wishlist, writeId: 'w-anna-wish' };
    const order = { ...SAMPLE_DOCS.orders, id: 'anna-order', writeId: 'w-anna-order', increment_id: '555' };
    for (const [collection, doc] of [['wishlist', wish], ['orders', order]] as const) {
      expect((await call('POST', `/api/replication/${collection}/push`, { token: anna.token, payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] })).status).toBe(200);
    }
    expect((await call('GET', '/api/replication/wishlist/pull', { token: anna.token })).body.result.documents).toHaveLength(1);

    expect((await me(bert.token)).body.result.id).toBe(bert.id);
    expect((await call('GET', '/api/replication/wishlist/pull', { token: bert.token })).body.result.documents).toEqual([]);
    expect((await call('GET', '/api/replication/orders/pull', { token: bert.token })).body.result.documents).toEqual([]);
    expect((await call('GET', '/api/user/order-history', { token: bert.token })).body.result).toEqual({ items: [], total_count: 0 });
    // Naming Anna's cart does not make it Bert's: his token decides, and without one her cart is not a guest cart.
    expect((await call('POST', `/api/cart/update?cartId=${anna.cartId}`, { token: anna.token, payload: { cartItem: { sku: 'W-1', qty: 1 } } })).status).toBe(200);
    const bertsView = await call('GET', `/api/cart/pull?cartId=${anna.cartId}`, { token: bert.token });
    expect(bertsView.status).toBe(200);
    expect(bertsView.body.result).toEqual([]);
    expect((await call('GET', `/api/cart/pull?cartId=${anna.cartId}`)).status).toBe(401);
    expect((await call('GET', `/api/replication/cart/pull?cartId=${anna.cartId}`)).status).toBe(401);
  });

  it('POST /api/cart/create with a customer token answers the customer’s one cart', async () => {
    const customer = await newCustomer('own-cart');
    const created = await call('POST', '/api/cart/create', { token: customer.token });
    expect(created.body.result).toBe(customer.cartId);
    expect((await call('POST', `/api/cart/create?token=${encodeURIComponent(customer.token)}`)).body.result).toBe(customer.cartId);
    expect((await call('POST', '/api/cart/create', { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('guest cart merged at login', () => {
  async function guestCart() {
    return (await call('POST', '/api/cart/create')).body.result as string;
  }
  async function lines(query: string, token?: string) {
    const response = await call('GET', `/api/cart/pull${query}`, token ? { token } : {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return Object.fromEntries((response.body.result as Array<{ sku: string; qty: number }>).map((item) => [item.sku, item.qty]));
  }

  it('keeps the larger quantity of a line in both, adds the guest’s other lines and wishlist, and doubles nothing on a second login', async () => {
    const customer = await newCustomer('merge');
    await call('POST', '/api/cart/update', { token: customer.token, payload: { cartItem: { sku: 'W-1', qty: 1 } } });
    await call('POST', '/api/cart/update', { token: customer.token, payload: { cartItem: { sku: 'W-3', qty: 3 } } });

    const guest = await guestCart();
    for (const [sku, qty] of [['W-1', 2], ['W-3', 1], ['W-2', 1]] as const) {
      expect((await call('POST', `/api/cart/update?cartId=${guest}`, { payload: { cartItem: { sku, qty } } })).status).toBe(200);
    }
    const wish = { ...SAMPLE_DOCS.wishlist, id: 'W-2', sku: 'W-2', writeId: 'w-guest-wish' };
    await call('POST', `/api/replication/wishlist/push?cartId=${guest}`, { payload: [{ assumedMasterState: null, newDocumentState: { ...wish, _deleted: false } }] });

    const merged = await session(customer.email, guest);
    expect(merged.cartId).toBe(customer.cartId);
    expect(await lines('', merged.token)).toEqual({ 'W-1': 2, 'W-3': 3, 'W-2': 1 });
    const wishlist = (await call('GET', '/api/replication/wishlist/pull', { token: merged.token })).body.result.documents;
    expect(wishlist.map((d: { sku: string }) => d.sku)).toEqual(['W-2']);

    // The guest cart is closed: using it again is refused, and a second login with it merges nothing.
    expect((await call('GET', `/api/cart/pull?cartId=${guest}`)).status).toBe(401);
    const again = await session(customer.email, guest);
    expect(await lines('', again.token)).toEqual({ 'W-1': 2, 'W-3': 3, 'W-2': 1 });
  });

  it('adds nothing when the browser then pushes its own copy of a guest line the customer had too (never the sum)', async () => {
    const customer = await newCustomer('device-copy');
    await call('POST', '/api/cart/update', { token: customer.token, payload: { cartItem: { sku: 'W-1', qty: 1 } } });
    await call('POST', '/api/cart/update', { token: customer.token, payload: { cartItem: { sku: 'W-3', qty: 1 } } });
    const guest = await guestCart();
    await call('POST', `/api/cart/update?cartId=${guest}`, { payload: { cartItem: { sku: 'W-1', qty: 1 } } });
    await call('POST', `/api/cart/update?cartId=${guest}`, { payload: { cartItem: { sku: 'W-3', qty: 2 } } });
    // What the guest's browser holds of its lines, as it pulled them.
    const onDevice = (await call('GET', `/api/replication/cart/pull?cartId=${guest}`)).body.result.documents as CartLineDoc[];

    const merged = await session(customer.email, guest);
    expect(await lines('', merged.token)).toEqual({ 'W-1': 1, 'W-3': 2 });
    const customerLines = (await call('GET', '/api/replication/cart/pull', { token: merged.token })).body.result.documents as CartLineDoc[];
    // The browser's copy meets the customer's line (the conflict it resolves after pushing): the quantities stay.
    for (const line of onDevice) {
      const master = customerLines.find((candidate) => candidate.id === line.id)!;
      expect(mergeCartLine(master, line).qty, line.sku).toBe(master.qty);
    }
  });

  it('a brand-new customer cart takes the guest lines as they were', async () => {
    const customer = await newCustomer('fresh');
    const guest = await guestCart();
    await call('POST', `/api/cart/update?cartId=${guest}`, { payload: { cartItem: { sku: 'W-2', qty: 2 } } });
    await call('POST', `/api/cart/update?cartId=${guest}`, { payload: { cartItem: { sku: 'W-2', qty: 1 } } });
    const merged = await session(customer.email, guest);
    expect(await lines('', merged.token)).toEqual({ 'W-2': 3 });
    // Another customer's cart token as the "guest" cart merges nothing.
    const other = await newCustomer('not-a-guest');
    const loggedIn = await session(other.email, customer.cartId);
    expect(await lines('', loggedIn.token)).toEqual({});
  });
});
