/**
 * Ownership suite (issue 13, "Tests that stay"): two customers (Alice, Bob) and a guest each own one object of every
 * type (cart line, order, payment, order-status token, review, newsletter subscription, wishlist and compare entry,
 * checkout draft, addresses), and what the case files of `security/cases/` give them (ownership-kit.ts). Every read and write route is tried against each owner by the other two and
 * by nobody. Every attempt must be refused (an error status, or an answer about the caller's own data that shows
 * nothing of the owner's), and the owner's data must be unchanged afterwards (a snapshot read by the owner, before
 * and after). A route of /api/openapi.json without an ownership case (or an explicit "public, because ...") fails
 * the suite, so new routes must join it: here, or in a case file of their feature (`security/cases/<feature>.ts`).
 *
 * Orders and payments follow the ownership contract of issue 13: a customer's order is proven by the customer's
 * `Authorization: Bearer` token, a guest's order by `X-Order-Token: <order_token>`; "not yours" answers exactly like
 * "no such thing".
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { COLLECTION_NAMES, type CollectionName } from '@shop/shared/sync/collections';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { afterAll, describe, expect, it } from 'vitest';
import { isRetiredCollection } from '../features/replication/retired-collections.ts';
import { caseFiles, mergedCases, ownScoped, type Actor, type Attempt, type Case, type Method, type OwnershipKit } from './ownership-kit.ts';
import { report } from './security-report.ts';
import { PASSWORD, customerBody } from '../features/accounts/accounts.test-support.ts';
import { orderCatalogue, orderDoc } from '../features/orders/orders.test-support.ts';
import { buildTestApp } from '../test/build-test-app.ts';

const ADMIN_TOKEN = 'ownership-admin-token-0123456789abcdef';
const app: FastifyInstance = await buildTestApp({
  catalogue: orderCatalogue(),
  config: { adminToken: ADMIN_TOKEN, captcha: { provider: 'off', difficulty: 1, recaptchaSecret: null, recaptchaSiteKey: null } },
});

// ---------------------------------------------------------------------------------------------------------------
// Actors and what they own
// ---------------------------------------------------------------------------------------------------------------
const nobody: Actor = { name: 'nobody', kind: 'nobody', email: 'nobody@example.com', marker: 'nobody', token: null, cart: null, customerId: null, owned: null, extra: {} };
/** The features' own cases, owned objects and snapshots (security/cases/*.ts). */
const files = await caseFiles();

/** The actor's own credentials as headers and query (a guest's cart as ?cartId=, a customer's token as a bearer). */
function credentials(actor: Actor): { headers: Record<string, string>; query: string } {
  if (actor.kind === 'customer') return { headers: { authorization: `Bearer ${actor.token}` }, query: '' };
  if (actor.kind === 'guest') return { headers: {}, query: `cartId=${actor.cart}` };
  return { headers: {}, query: '' };
}

/** The owner's proof of an order: the customer's bearer token, or the guest's order token. */
function orderProof(owner: Actor): Record<string, string> {
  return owner.kind === 'customer' ? { authorization: `Bearer ${owner.token}` } : { 'x-order-token': owner.owned!.orderToken };
}

async function call(actor: Actor | null, method: Method, path: string, options: { payload?: unknown; headers?: Record<string, string>; query?: string } = {}): Promise<LightMyRequestResponse> {
  const own = actor ? credentials(actor) : { headers: {}, query: '' };
  const query = [own.query, options.query ?? ''].filter(Boolean).join('&');
  const url = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
  const response = await app.inject({
    method,
    url,
    headers: { ...own.headers, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
  return response;
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

const kit: OwnershipKit = { app, call, ok, nobody };

const address = (marker: string) => ({
  firstname: marker,
  lastname: 'Owner',
  street: [`${marker}straat 1`],
  city: 'Amsterdam',
  postcode: '1012 NX',
  country_id: 'NL',
});

/** Makes an actor and gives them one object of every type. */
async function makeActor(name: 'alice' | 'bob' | 'guest', productId: number): Promise<Actor> {
  // Letters only: it is also the owner's first name.
  const marker = `Secret${name[0]!.toUpperCase()}${name.slice(1)}${[...randomUUID().replace(/-/g, '').slice(0, 8)].map((c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;
  const email = `${marker.toLowerCase()}@example.com`;
  const actor: Actor = { name, kind: name === 'guest' ? 'guest' : 'customer', email, marker, token: null, cart: null, customerId: null, owned: null, extra: {} };
  if (actor.kind === 'customer') {
    await ok(call(null, 'POST', '/api/user/create', { payload: customerBody(email, { firstname: marker }) }));
    const login = await ok(call(null, 'POST', '/api/user/login', { payload: { username: email, password: PASSWORD } }));
    actor.token = login.json().result;
    const me = await ok(call(actor, 'GET', '/api/user/me'));
    actor.customerId = me.json().result.id;
    // Sent as the sync task queue sends it: its receipt holds the owner's profile, which no one else may replay.
    const profile = { customer: { firstname: marker, lastname: 'Owner', addresses: [{ ...address(marker), default_shipping: true, default_billing: true }] } };
    const profileTask = `task-${randomUUID()}`;
    await ok(call(actor, 'POST', '/api/user/me', { payload: profile, headers: { 'x-task-id': profileTask } }));
    actor.extra.profileTask = { id: profileTask, body: profile };
    actor.cart = (await ok(call(actor, 'POST', '/api/cart/create'))).json().result;
  } else {
    actor.cart = (await ok(call(null, 'POST', '/api/cart/create'))).json().result;
  }

  // Cart line, wishlist, compare, checkout draft: the replicated collections.
  const line = await ok(call(actor, 'POST', '/api/cart/update', { payload: { cartItem: { sku: 'W-1', qty: 1 } } }));
  const wishlist = { ...SAMPLE_DOCS.wishlist, id: 'W-2', sku: 'W-2', writeId: `w-${marker}`, snapshot: { ...SAMPLE_DOCS.wishlist.snapshot, value: { ...SAMPLE_DOCS.wishlist.snapshot!.value, name: marker } } };
  const compare = { ...SAMPLE_DOCS.compare, id: 'W-3', sku: 'W-3', writeId: `c-${marker}`, snapshot: { ...SAMPLE_DOCS.compare.snapshot!, value: { ...SAMPLE_DOCS.compare.snapshot!.value, name: marker } } };
  const draft = { ...SAMPLE_DOCS.checkoutDrafts, writeId: `d-${marker}`, personalDetails: { firstName: { value: marker, at: 10, replica: 'tab-a' } } };
  for (const [collection, doc] of [['wishlist', wishlist], ['compare', compare], ['checkoutDrafts', draft]] as const) {
    await ok(call(actor, 'POST', `/api/replication/${collection}/push`, { payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] }));
  }

  // An order paid online, its order-status token and hash, and its payment.
  const person = { firstName: marker, lastName: 'Owner', emailAddress: email };
  const shipping = { firstName: marker, lastName: 'Owner', country: 'NL', streetAddress: `${marker}straat 1`, city: 'Amsterdam', zipCode: '1012 NX' };
  const doc = orderDoc({ customer_email: email, personalDetails: person, shippingAddress: shipping, billingAddress: shipping, paymentMethod: { code: 'multisafepay_ideal', additional: { issuer: 'ideal_ABNANL2A' } } });
  await ok(call(actor, 'POST', '/api/replication/orders/push', { payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] }));
  const pulled = (await ok(call(actor, 'GET', '/api/replication/orders/pull', { query: 'limit=1000' }))).json().result.documents as Array<{ id: string; resultCode?: number; result?: Record<string, unknown> }>;
  const placed = pulled.find((d) => d.id === doc.id)!;
  expect(placed.resultCode, JSON.stringify(placed.result)).toBe(200);
  const result = placed.result as { order_token: string; hash: string; increment_id: string };
  actor.owned = { orderId: doc.id, orderToken: result.order_token, hash: result.hash, incrementId: String(result.increment_id), paymentUrl: null, reviewId: null, cartItemId: line.json().result?.item_id ?? null, coupon: null };
  const payment = await ok(
    call(null, 'POST', '/api/payment/post-payment', { headers: orderProof(actor), payload: { order_id: doc.id, currency: 'EUR', description: 'Order', redirectUrl: 'http://127.0.0.1:3000/nl/order-status', method: 'multisafepay_ideal', issuer: 'ideal_ABNANL2A', amount: 1 } }),
  );
  actor.owned.paymentUrl = payment.json().result.payment_gateway_url ?? null;

  // A review (a guest's review is anonymous: nobody owns it) and a newsletter subscription.
  if (actor.kind === 'customer') {
    const reviewBody = { review: { product_id: productId, nickname: marker, title: marker, detail: `${marker} detail`, rating: 5 } };
    const reviewTask = `task-${randomUUID()}`;
    const review = await ok(call(actor, 'POST', '/api/review/create', { payload: reviewBody, headers: { 'x-task-id': reviewTask } }));
    actor.owned.reviewId = review.json().result.id;
    actor.extra.reviewTask = { id: reviewTask, body: reviewBody };
  }
  const subscribed = await ok(call(null, 'POST', '/api/ext/mailchimp-subscribe/subscribe', { payload: { email, firstname: marker } }));
  actor.owned.coupon = subscribed.json().meta?.coupon ?? null;
  for (const file of files) await file.ownership?.own?.(actor, kit);
  return actor;
}

const alice = await makeActor('alice', 1);
const bob = await makeActor('bob', 2);
const guest = await makeActor('guest', 3);
const owners = [alice, bob, guest];

// ---------------------------------------------------------------------------------------------------------------
// Snapshots: everything an owner has, read by the owner (each read must succeed: the owner is not refused)
// ---------------------------------------------------------------------------------------------------------------
type Row = Record<string, unknown>;

async function snapshot(owner: Actor, options: { login?: boolean } = {}): Promise<Record<string, unknown>> {
  const owned = owner.owned!;
  const shot: Record<string, unknown> = {};
  for (const collection of COLLECTION_NAMES) {
    shot[`pull ${collection}`] = (await ok(call(owner, 'GET', `/api/replication/${collection}/pull`, { query: 'limit=1000' }))).json().result.documents;
  }
  shot.cart = (await ok(call(owner, 'GET', '/api/cart/pull'))).json().result;
  shot.totals = (await ok(call(owner, 'GET', '/api/cart/totals'))).json().result;
  if (owner.kind === 'customer') {
    shot.me = (await ok(call(owner, 'GET', '/api/user/me'))).json().result;
    shot.history = (await ok(call(owner, 'GET', '/api/user/order-history'))).json().result;
    shot.reviews = (await ok(call(owner, 'GET', '/api/review/mine'))).json().result;
    // The account row (e-mail, password hash, names) and its sessions' state as stored.
    shot.customer = await tableRows('customers', 'id', owner.customerId!);
    if (options.login) {
      // The password still opens the account, from an address of its own (a throttle of the attacker's address is fine).
      const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: owner.email, password: PASSWORD }, remoteAddress: '10.9.9.9' });
      shot.login = login.statusCode;
    }
  }
  shot.status = (await ok(call(null, 'GET', `/api/order-status/${owned.orderToken}`, { query: `hash=${encodeURIComponent(owned.hash)}` }))).json().result;
  // The contract's proof opens the owner's own payment: the customer's bearer token, or the guest's order token.
  shot.paymentStatus = (await ok(call(null, 'POST', '/api/payment/get-payment-status', { headers: orderProof(owner), payload: { order_id: owned.orderId } }))).json().result;
  const db = app.db.withTables<{ orders: Row; order_comments: Row; payments: Row; newsletter_subscribers: Row; newsletter_coupons: Row; reviews: Row; stock_reservations: Row }>();
  shot.orderRow = await db.selectFrom('orders').selectAll().where('id', '=', owned.orderId).executeTakeFirst();
  shot.reservations = await db.selectFrom('stock_reservations').selectAll().where('order_id', '=', owned.orderId).execute();
  shot.payments = await db.selectFrom('payments').selectAll().where('order_id', '=', owned.orderId).execute();
  shot.comments = await tableRows('order_comments', 'order_id', owned.orderId);
  shot.subscriber = await tableRows('newsletter_subscribers', 'email', owner.email);
  shot.coupon = await tableRows('newsletter_coupons', 'email', owner.email);
  if (owned.reviewId !== null) shot.review = await db.selectFrom('reviews').selectAll().where('id', '=', owned.reviewId).executeTakeFirst();
  for (const file of files) if (file.ownership?.snapshot) shot[`cases/${file.name}`] = await file.ownership.snapshot(owner, kit);
  return shot;
}

async function tableRows(table: string, column: string, value: string | number): Promise<Row[]> {
  try {
    return await app.db.withTables<Record<string, Row>>().selectFrom(table).selectAll().where(column, '=', value).execute();
  } catch {
    return [{ missing: `${table}.${column}` }];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Attempts
// ---------------------------------------------------------------------------------------------------------------
const counts = { routes: 0, publicRoutes: 0, attempts: 0, refused: 0, isolated: 0, failures: 0, fiveHundreds: 0 };

/** What the owner's answer would show of them; the attacker's answer must show none of it. */
function secretsOf(owner: Actor): string[] {
  const owned = owner.owned!;
  return [
    owner.marker,
    owner.email,
    owned.orderToken,
    owned.hash,
    ...(owned.coupon ? [owned.coupon] : []),
    ...(owner.kind === 'guest' ? [owner.cart!] : []),
    ...(owned.paymentUrl ? [new URL(owned.paymentUrl).pathname] : []),
    ...files.flatMap((file) => file.ownership?.secrets?.(owner) ?? []),
  ];
}

function normalised(response: LightMyRequestResponse, ids: string[]): string {
  let body = response.body;
  for (const id of ids) if (id) body = body.split(id).join('<id>');
  return `${response.statusCode} ${body}`;
}

/** Tries one request as the attacker against the owner's data: refused, or an answer about the attacker's own. */
async function attempt(attacker: Actor, owner: Actor, request: Attempt): Promise<void> {
  counts.attempts += 1;
  const response = await app.inject({
    method: request.method,
    url: withQuery(request.path, [attacker === nobody ? '' : credentials(attacker).query, request.query ?? '']),
    headers: { ...(attacker === nobody ? {} : credentials(attacker).headers), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  if (response.statusCode >= 500) counts.fiveHundreds += 1;
  const where = `${attacker.name} → ${owner.name}: ${request.method} ${request.path} ${request.query ?? ''} ${JSON.stringify(request.payload ?? '').slice(0, 200)}\n← ${response.statusCode} ${response.body.slice(0, 400)}`;
  const sent = JSON.stringify(request);
  const leaked = secretsOf(owner).filter((secret) => !sent.includes(secret) && response.body.includes(secret));
  try {
    expect(response.statusCode, where).toBeLessThan(500);
    expect(leaked, `the owner's data in the answer: ${where}`).toEqual([]);
    if (request.expectRefusal) expect(response.statusCode, `must be refused: ${where}`).toBeGreaterThanOrEqual(400);
    if (request.likeNothing) {
      const nothing = await app.inject({
        method: request.likeNothing.method,
        url: withQuery(request.likeNothing.path, [attacker === nobody ? '' : credentials(attacker).query, request.likeNothing.query ?? '']),
        headers: { ...(attacker === nobody ? {} : credentials(attacker).headers), ...request.likeNothing.headers },
        ...(request.likeNothing.payload === undefined ? {} : { payload: request.likeNothing.payload as object }),
      });
      const ids = [owner.owned!.orderId, owner.owned!.orderToken, owner.owned!.incrementId, NO_ORDER_ID, NO_ORDER_TOKEN];
      expect(normalised(response, ids), `"not yours" differs from "no such thing": ${where}`).toBe(normalised(nothing, ids));
    }
  } catch (error) {
    counts.failures += 1;
    throw error;
  }
  if (response.statusCode >= 400) counts.refused += 1;
  else counts.isolated += 1;
}

function withQuery(path: string, parts: string[]): string {
  const query = parts.filter(Boolean).join('&');
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

const NO_ORDER_ID = 'order-00000000-0000-4000-8000-000000000000';
const NO_ORDER_TOKEN = 'NoSuchOrderToken0000000000000000';

// ---------------------------------------------------------------------------------------------------------------
// The cases: for each route, the requests an attacker makes against one owner
// ---------------------------------------------------------------------------------------------------------------
const paymentBody = (orderId: string) => ({ order_id: orderId, currency: 'EUR', description: 'Order', redirectUrl: 'http://127.0.0.1:3000/nl/order-status', method: 'multisafepay_ideal', issuer: 'ideal_ABNANL2A', amount: 1 });
const commentBody = (orderId: string) => ({ order_id: orderId, order_comment: { statusHistory: { comment: 'canceled by an attacker', status: 'canceled', is_customer_notified: 0, is_visible_on_front: 0 } } });
/** Wrong proofs of an order: the attacker's own token (implicit), a made-up order token, the owner's order id as token. */
const wrongProofs = (owner: Actor): Array<Record<string, string>> => [{}, { 'x-order-token': 'not-the-order-token' }, { 'x-order-token': owner.owned!.orderId }];

/** The owner's queued request sent again by someone else under the owner's task id: a 409 (task-receipts.ts). */
function replayOf(owner: Actor, task: 'profileTask' | 'reviewTask', path: string): Attempt[] {
  const sent = owner.extra[task] as { id: string; body: unknown } | undefined;
  return sent ? [{ method: 'POST', path, payload: sent.body, headers: { 'x-task-id': sent.id }, expectRefusal: true }] : [];
}

const replicationCase = (kind: 'pull' | 'push' | 'stream'): Case => ({
  attempts: (owner) =>
    // A retired collection (syncTasks) stores nothing, so there is nothing of the owner's to reach.
    COLLECTION_NAMES.filter((collection) => kind !== 'stream' && !isRetiredCollection(collection)).flatMap((collection: CollectionName): Attempt[] => {
      const path = `/api/replication/${collection}/${kind}`;
      if (kind === 'pull') return [{ method: 'GET' as const, path, query: 'limit=1000' }, ...(owner.kind === 'customer' ? [{ method: 'GET' as const, path, query: `cartId=${owner.cart}` }] : [])];
      // A push of the owner's document ids, as the attacker: it may only write the attacker's own copy.
      const ids: Record<CollectionName, string> = { orders: owner.owned!.orderId, checkoutDrafts: 'checkout', cart: 'W-1:0123456789abcdef', wishlist: 'W-2', compare: 'W-3' } as Record<CollectionName, string>;
      const doc = { ...(SAMPLE_DOCS[collection] as object), id: ids[collection], writeId: `attack-${randomUUID()}`, _deleted: true };
      return [{ method: 'POST' as const, path, payload: [{ assumedMasterState: null, newDocumentState: doc }] }];
    }),
});

const CORE_CASES: Record<string, Case> = {
  'GET /health': { public: 'liveness and catalogue version: no shopper data' },
  'GET /health/ready': { public: 'readiness (the catalogue is in) and catalogue version: no shopper data' },
  'POST /api/catalog/search': { public: 'the catalogue' },
  'GET /api/catalog/search': { public: 'the catalogue' },
  'GET /api/catalog/product': { public: 'the catalogue' },
  'GET /api/catalog/product/variants': { public: 'the catalogue' },
  'GET /api/catalog/product/members': { public: 'the catalogue' },
  'GET /api/catalog/category': { public: 'the catalogue' },
  'GET /api/catalog/prices': { public: 'current catalogue prices for a list of skus' },
  'POST /api/url/map': { public: 'the catalogue’s addresses' },
  'GET /api/stock/check': { public: 'stock of catalogue products' },
  'GET /api/stock/list': { public: 'stock of catalogue products' },
  'GET /api/location': { public: 'the visitor’s own country, from the request' },
  'GET /api/catalog/render-list': { public: 'catalogue prices for a list of skus' },
  'GET /media/catalog/{*}': { public: 'product pictures' },
  'GET /media/banners/{name}': { public: 'banners' },
  'GET /api/dev/mailbox': { public: 'the developers’ mailbox: every mail by design, off in production (DEV_MAILBOX)' },
  'GET /api/dev/mailbox/{id}': { public: 'the developers’ mailbox: every mail by design, off in production (DEV_MAILBOX)' },
  'GET /api/dev/mailbox/{id}/attachments/{n}': { public: 'the developers’ mailbox: every mail by design, off in production (DEV_MAILBOX)' },
  'GET /api/checkout/config': { public: 'the shop’s checkout settings' },
  'GET /api/payment/payment-methods': { public: 'the shop’s payment methods' },
  'GET /api/payment/fetch-issuers': { public: 'the banks of a payment method' },
  'GET /api/captcha/config': { public: 'the captcha settings' },
  'GET /api/captcha/challenge': { public: 'a new captcha challenge for whoever asks' },
  'POST /api/captcha/verify': { public: 'checks a captcha answer; owns nothing' },
  'GET /api/review/list': { public: 'approved reviews are published; the author’s customer id is never shown' },

  // Accounts
  'POST /api/user/create': { attempts: (owner) => (owner.kind === 'customer' ? [{ method: 'POST', path: '/api/user/create', payload: { ...customerBody(owner.email, { firstname: 'Mallory' }), password: 'another password 1' } }] : []) },
  'POST /api/user/login': {
    attempts: (owner) =>
      owner.kind === 'customer'
        ? [
            { method: 'POST', path: '/api/user/login', payload: { username: owner.email, password: 'wrong password 1' } },
            { method: 'POST', path: '/api/user/login', payload: { username: owner.email, password: '' } },
          ]
        : [],
  },
  'POST /api/user/refresh': { attempts: () => [{ method: 'POST', path: '/api/user/refresh', payload: { refreshToken: 'not-a-refresh-token' } }] },
  'POST /api/user/logout': ownScoped('POST', '/api/user/logout'),
  'POST /api/user/reset-password': { attempts: (owner) => (owner.kind === 'customer' ? [{ method: 'POST', path: '/api/user/reset-password', payload: { email: owner.email } }] : []) },
  'POST /api/user/create-password': {
    attempts: (owner) => (owner.kind === 'customer' ? [{ method: 'POST', path: '/api/user/create-password', payload: { email: owner.email, resetToken: 'guessed-reset-token', newPassword: 'taken over 12345' } }] : []),
  },
  // The attacker's own token changes only the attacker's password (to the same one here, so the suite can log in again).
  'POST /api/user/change-password': ownScoped('POST', '/api/user/change-password', () => [{ currentPassword: PASSWORD, newPassword: PASSWORD }]),
  'GET /api/user/me': ownScoped('GET', '/api/user/me'),
  // Naming the owner's customer id (and, for a customer, taking their address) changes only the caller's own profile;
  // the owner's task id with the owner's very request is refused (409), never answered with the owner's profile.
  'POST /api/user/me': {
    attempts: (owner, attacker) => [
      ...ownScoped('POST', '/api/user/me', (o) => [
        { customer: { id: o.customerId, ...(o.kind === 'customer' ? { email: o.email } : {}), firstname: 'Mallory', lastname: 'Owner', addresses: [{ ...address('Mallory'), id: 1 }] } },
      ]).attempts(owner, attacker),
      ...replayOf(owner, 'profileTask', '/api/user/me'),
    ],
  },
  'GET /api/user/order-history': ownScoped('GET', '/api/user/order-history'),

  // Replicated collections
  'GET /api/replication/{collection}/pull': replicationCase('pull'),
  'POST /api/replication/{collection}/push': replicationCase('push'),
  // A ticket is issued to the caller's own credential: the owner's cart id does not get a guest one.
  'POST /api/replication/{collection}/stream-ticket': ownScoped('POST', '/api/replication/cart/stream-ticket'),
  'GET /api/replication/{collection}/stream': {
    // The stream never ends: over real HTTP in its own test below; here its refusal without any credential.
    attempts: (_owner, attacker) => (attacker === nobody ? [{ method: 'GET', path: '/api/replication/cart/stream' }] : []),
  },

  // The server cart
  'POST /api/cart/create': ownScoped('POST', '/api/cart/create'),
  'POST /api/cart/update': ownScoped('POST', '/api/cart/update', (owner) => [{ cartItem: { sku: 'W-1', qty: 3, ...(owner.owned!.cartItemId ? { item_id: owner.owned!.cartItemId } : {}) } }]),
  'POST /api/cart/delete': ownScoped('POST', '/api/cart/delete', (owner) => [{ cartItem: { sku: 'W-1', ...(owner.owned!.cartItemId ? { item_id: owner.owned!.cartItemId } : {}) } }]),
  'GET /api/cart/pull': ownScoped('GET', '/api/cart/pull'),
  'GET /api/cart/totals': ownScoped('GET', '/api/cart/totals'),
  'GET /api/cart/payment-methods': ownScoped('GET', '/api/cart/payment-methods'),
  'GET /api/cart/shipping-methods': ownScoped('GET', '/api/cart/shipping-methods'),
  'POST /api/cart/shipping-methods': ownScoped('POST', '/api/cart/shipping-methods', () => [{ address: { country_id: 'DE' } }]),
  'POST /api/cart/shipping-information': ownScoped('POST', '/api/cart/shipping-information', () => [{ addressInformation: { shipping_address: { country_id: 'DE' }, shipping_method_code: 'flatrate', shipping_carrier_code: 'flatrate' } }]),
  'POST /api/cart/collect-totals': ownScoped('POST', '/api/cart/collect-totals', () => [{ methods: { paymentMethod: { method: 'banktransfer' } } }]),
  'POST /api/cart/apply-coupon': ownScoped('POST', '/api/cart/apply-coupon'),
  'POST /api/cart/delete-coupon': ownScoped('POST', '/api/cart/delete-coupon'),
  'POST /api/cart/updateall': {
    attempts: (owner) => [
      { method: 'POST', path: '/api/cart/updateall', payload: { cartItems: [] } },
      ...(owner.kind === 'guest' ? [] : [{ method: 'POST' as const, path: '/api/cart/updateall', payload: { cartId: owner.cart, cartItems: [] } }]),
    ],
  },
  'POST /api/cart/updateall/{token}': {
    attempts: (owner) => [{ method: 'POST', path: `/api/cart/updateall/${owner.kind === 'guest' ? 'not-a-token' : owner.cart}`, payload: { cartItems: [] } }],
  },
  'POST /api/cart/isCartAlreadyOrdered': ownScoped('POST', '/api/cart/isCartAlreadyOrdered'),
  'POST /api/cart/isCartUpdated': ownScoped('POST', '/api/cart/isCartUpdated'),

  // Orders
  'POST /api/order': {
    // Placing an order under the owner's order id may only make the attacker's own order, never touch or show the owner's.
    attempts: (owner) => [{ method: 'POST', path: '/api/order', payload: { order: { ...orderDoc({ id: owner.owned!.orderId }), writeId: `attack-${randomUUID()}` } } }],
  },

  // Payments (contract: the order's customer's bearer token, or X-Order-Token for a guest's order)
  'POST /api/payment/post-payment': {
    attempts: (owner) =>
      wrongProofs(owner).map((headers) => ({ method: 'POST', path: '/api/payment/post-payment', headers, expectRefusal: true, payload: paymentBody(owner.owned!.orderId), likeNothing: { method: 'POST', path: '/api/payment/post-payment', headers, payload: paymentBody(NO_ORDER_ID) } })),
  },
  'POST /api/payment/order-comments': {
    attempts: (owner) =>
      wrongProofs(owner).map((headers) => ({ method: 'POST', path: '/api/payment/order-comments', headers, expectRefusal: true, payload: commentBody(owner.owned!.orderId), likeNothing: { method: 'POST', path: '/api/payment/order-comments', headers, payload: commentBody(NO_ORDER_ID) } })),
  },
  'POST /api/payment/get-payment-status': {
    attempts: (owner) =>
      wrongProofs(owner).map((headers) => ({
        method: 'POST',
        path: '/api/payment/get-payment-status',
        headers,
        expectRefusal: true,
        payload: { order_id: owner.owned!.orderId },
        likeNothing: { method: 'POST', path: '/api/payment/get-payment-status', headers, payload: { order_id: NO_ORDER_ID } },
      })),
  },
  'POST /api/payment/notifications/{provider}': {
    // Only the provider's signed notification moves a payment: unsigned or wrongly signed ones are refused.
    attempts: (owner) => [
      { method: 'POST', path: '/api/payment/notifications/sandbox', payload: { id: new URL(owner.owned!.paymentUrl ?? 'http://x/sbx_none').pathname.split('/').pop(), order_id: owner.owned!.orderId, status: 'paid' } },
      { method: 'POST', path: '/api/payment/notifications/sandbox', headers: { 'x-sandbox-timestamp': '1', 'x-sandbox-signature': '00' }, payload: { order_id: owner.owned!.orderId, status: 'paid' } },
    ],
  },

  // Order status (the signed order-status link: the order token with its hash)
  'GET /api/order-status/by-transaction': {
    attempts: (owner) => [
      { method: 'GET', path: '/api/order-status/by-transaction', query: `transactionid=${owner.owned!.orderId}`, expectRefusal: true, likeNothing: { method: 'GET', path: '/api/order-status/by-transaction', query: `transactionid=${NO_ORDER_ID}` } },
      { method: 'GET', path: '/api/order-status/by-transaction', query: `transactionid=${owner.owned!.orderId}&hash=wrong`, expectRefusal: true, likeNothing: { method: 'GET', path: '/api/order-status/by-transaction', query: `transactionid=${NO_ORDER_ID}&hash=wrong` } },
    ],
  },
  'GET /api/order-status/{order_token}': {
    attempts: (owner) => [
      // The order token is itself a secret of the link: with it but without the hash, the spec's 'Hash is incorrect' is a refusal.
      { method: 'GET', path: `/api/order-status/${owner.owned!.orderToken}`, expectRefusal: true },
      { method: 'GET', path: `/api/order-status/${owner.owned!.orderToken}`, query: 'hash=wrong', expectRefusal: true },
      { method: 'GET', path: `/api/order-status/${owner.owned!.orderId}`, query: `hash=${encodeURIComponent(owner.owned!.hash)}`, likeNothing: { method: 'GET', path: `/api/order-status/${NO_ORDER_TOKEN}`, query: `hash=${encodeURIComponent(owner.owned!.hash)}` } },
    ],
  },
  'POST /api/order-status/{order_token}/cancel': {
    attempts: (owner) => [
      { method: 'POST', path: `/api/order-status/${owner.owned!.orderToken}/cancel`, expectRefusal: true },
      { method: 'POST', path: `/api/order-status/${owner.owned!.orderToken}/cancel`, query: 'hash=wrong', expectRefusal: true },
      { method: 'POST', path: `/api/order-status/${owner.owned!.orderId}/cancel`, query: `hash=${encodeURIComponent(owner.owned!.hash)}`, expectRefusal: true, likeNothing: { method: 'POST', path: `/api/order-status/${NO_ORDER_TOKEN}/cancel`, query: `hash=${encodeURIComponent(owner.owned!.hash)}` } },
    ],
  },

  // Newsletter (issue 13 item 12: status and unsubscribe need proof of the address; a repeated subscription never answers its coupon)
  'GET /api/ext/mailchimp-subscribe/subscribe': {
    // Without proof of the address, its status answers like an address that never subscribed.
    attempts: (owner) => [
      { method: 'GET', path: '/api/ext/mailchimp-subscribe/subscribe', query: `email=${encodeURIComponent(owner.email)}`, likeNothing: { method: 'GET', path: '/api/ext/mailchimp-subscribe/subscribe', query: `email=${encodeURIComponent(`never-${randomUUID()}@example.com`)}` } },
    ],
  },
  'POST /api/ext/mailchimp-subscribe/subscribe': { attempts: (owner) => [{ method: 'POST', path: '/api/ext/mailchimp-subscribe/subscribe', payload: { email: owner.email, firstname: 'Mallory' } }] },
  'DELETE /api/ext/mailchimp-subscribe/subscribe': {
    attempts: (owner) => [
      { method: 'DELETE', path: '/api/ext/mailchimp-subscribe/subscribe', payload: { email: owner.email } },
      { method: 'DELETE', path: '/api/ext/mailchimp-subscribe/subscribe', query: `email=${encodeURIComponent(owner.email)}` },
    ],
  },

  // Reviews
  'POST /api/review/create': {
    attempts: (owner, attacker) => [
      ...ownScoped('POST', '/api/review/create', (o) => [{ review: { product_id: 1, nickname: 'Mallory', title: 'x', detail: 'y', rating: 1, customer_id: o.customerId, id: o.owned!.reviewId } }]).attempts(owner, attacker),
      ...replayOf(owner, 'reviewTask', '/api/review/create'),
    ],
  },
  'GET /api/review/mine': ownScoped('GET', '/api/review/mine'),
  // The shop's forms (decision 043): public forms only write, and answer nothing but their own submission's id.
  'POST /api/forms/contacts': { public: 'a public form: it stores what the caller sends and answers only its own submission id' },
  'POST /api/forms/trade-in': { public: 'a public form: it stores what the caller sends and links only uploads of its own task id' },
  'GET /api/forms/definitions/{slug}': { public: 'the definition of a custom form the shop publishes' },
  'POST /api/forms/customform/{slug}': { public: 'a public form: it stores what the caller sends and answers only its own submission id' },
  'POST /api/forms/invoice': { public: 'a public form: it answers the same whether the order number exists, and shows nothing of the order' },
  'PUT /api/uploads/{id}': { public: 'write-only: stores a picture under an id the browser made; nothing is read back, and another task’s id is a 409' },
  'POST /api/forms/send-invoice': {
    // Mailing the invoice of the owner's order, by its id or its number: "not yours" answers like "no such order".
    attempts: (owner) =>
      [owner.owned!.orderId, owner.owned!.incrementId].map((ref) => ({ method: 'POST' as const, path: '/api/forms/send-invoice', payload: { order_id: ref }, expectRefusal: true, likeNothing: { method: 'POST' as const, path: '/api/forms/send-invoice', payload: { order_id: NO_ORDER_ID } } })),
  },
  'GET /api/admin/inbox': { attempts: () => [{ method: 'GET', path: '/api/admin/inbox', expectRefusal: true }, { method: 'GET', path: '/api/admin/inbox', headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'GET /api/admin/inbox/{id}': { attempts: () => [{ method: 'GET', path: '/api/admin/inbox/1', expectRefusal: true }, { method: 'GET', path: '/api/admin/inbox/1', headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'GET /api/admin/inbox/{id}/files/{fileId}': { attempts: () => [{ method: 'GET', path: `/api/admin/inbox/1/files/${randomUUID()}`, expectRefusal: true }, { method: 'GET', path: `/api/admin/inbox/1/files/${randomUUID()}`, headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'POST /api/admin/inbox/{id}/handled': { attempts: () => [{ method: 'POST', path: '/api/admin/inbox/1/handled', expectRefusal: true }, { method: 'POST', path: '/api/admin/inbox/1/handled', headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'POST /api/admin/inbox/{id}/cancel': { attempts: () => [{ method: 'POST', path: '/api/admin/inbox/1/cancel', expectRefusal: true }, { method: 'POST', path: '/api/admin/inbox/1/cancel', headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'DELETE /api/admin/inbox/{id}': { attempts: () => [{ method: 'DELETE', path: '/api/admin/inbox/1', expectRefusal: true }, { method: 'DELETE', path: '/api/admin/inbox/1', headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'PUT /api/admin/forms/{slug}': { attempts: () => [{ method: 'PUT', path: '/api/admin/forms/contact-us', payload: {}, expectRefusal: true }, { method: 'PUT', path: '/api/admin/forms/contact-us', payload: {}, headers: { authorization: 'Bearer wrong-admin-token' }, expectRefusal: true }] },
  'GET /api/admin/reviews': { attempts: () => [{ method: 'GET', path: '/api/admin/reviews' }, { method: 'GET', path: '/api/admin/reviews', headers: { authorization: 'Bearer wrong-admin-token' } }] },
  'POST /api/admin/reviews/{id}/approve': {
    attempts: (owner) => (owner.owned!.reviewId === null ? [] : [{ method: 'POST', path: `/api/admin/reviews/${owner.owned!.reviewId}/approve` }, { method: 'POST', path: `/api/admin/reviews/${owner.owned!.reviewId}/approve`, headers: { authorization: 'Bearer wrong-admin-token' } }]),
  },
  'POST /api/admin/reviews/{id}/reject': {
    attempts: (owner) => (owner.owned!.reviewId === null ? [] : [{ method: 'POST', path: `/api/admin/reviews/${owner.owned!.reviewId}/reject` }, { method: 'POST', path: `/api/admin/reviews/${owner.owned!.reviewId}/reject`, headers: { authorization: 'Bearer wrong-admin-token' } }]),
  },

};

// ---------------------------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------------------------
const { cases: CASES, twice } = mergedCases(CORE_CASES, files);
const description = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
const routes = Object.entries(description.paths).flatMap(([path, methods]) => Object.keys(methods).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
const started = Date.now();

afterAll(() => {
  report('ownership',
    `ownership suite: ${routes.length} routes (${counts.publicRoutes} public), ${counts.attempts} attempts: ${counts.refused} refused, ${counts.isolated} answered with the caller's own data only, ${counts.failures} not refused, ${counts.fiveHundreds} 5xx; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    { ...counts, routeTests: counts.routes, routes: routes.length, seconds: (Date.now() - started) / 1000 });
});

describe('ownership: every route of /api/openapi.json has an ownership case', () => {
  it('lists every route as public (with a reason) or with its attempts, and no case for a route that is gone', () => {
    const missing = routes.filter((route) => !(route in CASES));
    const stale = Object.keys(CASES).filter((route) => !routes.includes(route));
    expect(missing, 'routes without an ownership case: add one to security/cases/<feature>.ts (or CORE_CASES in security/ownership.test.ts)').toEqual([]);
    expect(stale, 'cases of routes that no longer exist').toEqual([]);
    expect(twice, 'routes with two cases').toEqual([]);
    for (const [route, entry] of Object.entries(CASES)) if ('public' in entry) expect(entry.public.length, route).toBeGreaterThan(5);
  });

  it('every owner can read their own data (the snapshot reads succeed)', async () => {
    for (const owner of owners) {
      const shot = await snapshot(owner, { login: true });
      expect(JSON.stringify(shot)).toContain(owner.marker);
      expect(shot.subscriber).toHaveLength(1);
      if (owner.kind === 'customer') expect(shot.login).toBe(200);
    }
  });
});

/** Failed logins and reset requests throttle: they run last, so a throttled account cannot disturb the other cases. */
const LAST = ['POST /api/user/login', 'POST /api/user/reset-password'];

describe('ownership: every attempt on another shopper’s data is refused and changes nothing', () => {
  for (const route of [...routes.filter((r) => !LAST.includes(r)), ...LAST.filter((r) => routes.includes(r))]) {
    const entry = CASES[route];
    if (!entry || 'public' in entry) {
      counts.publicRoutes += entry ? 1 : 0;
      continue;
    }
    for (const owner of owners) {
      it(`${route}: ${owner.name}'s data, tried by the other two and by nobody`, async () => {
        counts.routes += 1;
        const login = route.startsWith('POST /api/user/');
        const before = await snapshot(owner, { login });
        const attackers = [...owners.filter((other) => other !== owner), nobody];
        const problems: string[] = [];
        for (const attacker of attackers) {
          for (const request of entry.attempts(owner, attacker)) {
            try {
              await attempt(attacker, owner, request);
            } catch (error) {
              problems.push(String((error as Error).message).split('\n').slice(0, 3).join(' | '));
            }
          }
        }
        const after = await snapshot(owner, { login });
        await relogin();
        expect(problems, 'attempts that were not refused').toEqual([]);
        expect(after, `${owner.name}'s data changed`).toEqual(before);
      });
    }
  }

  it('the event stream of a collection: without a credential refused, with another shopper’s only their own documents', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const owner of owners) {
      const refused = await openStream(`${base}/api/replication/cart/stream`);
      refused.close();
      expect(refused.status).toBe(401);
      for (const attacker of owners.filter((other) => other !== owner)) {
        const own = credentials(attacker);
        const stream = await openStream(`${base}/api/replication/wishlist/stream?${own.query}${attacker.kind === 'customer' ? `token=${attacker.token}` : ''}`);
        expect(stream.status).toBe(200);
        // A change of the owner's wishlist must not reach the attacker's stream.
        const doc = { ...SAMPLE_DOCS.wishlist, id: `R-6-${randomUUID().slice(0, 4)}`, sku: 'R-6', writeId: `s-${randomUUID()}`, snapshot: { ...SAMPLE_DOCS.wishlist.snapshot!, value: { ...SAMPLE_DOCS.wishlist.snapshot!.value, name: owner.marker } } };
        await ok(call(owner, 'POST', '/api/replication/wishlist/push', { payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] }));
        await new Promise((resolve) => setTimeout(resolve, 150));
        stream.close();
        expect(stream.received(), `${attacker.name}'s stream`).not.toContain(owner.marker);
        counts.attempts += 1;
        counts.isolated += 1;
      }
    }
  });

  it('the sandbox payment page cannot be found by guessing its address', async () => {
    for (const path of ['/sandbox-pay/sbx_guess', `/sandbox-pay/${alice.owned!.orderId}`, `/sandbox-pay/sbx_${alice.owned!.incrementId}`]) {
      counts.attempts += 1;
      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(404);
      counts.refused += 1;
    }
  });
});

/**
 * An event stream over a connection of its own (no keep-alive pool that would dial the shop again after the test
 * closed it): its status, what it sent so far, and a way to end it.
 */
function openStream(url: string): Promise<{ status: number; received: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const request = http.get(url, { agent: false }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => chunks.push(chunk));
      response.on('error', () => undefined);
      resolve({ status: response.statusCode ?? 0, received: () => chunks.join(''), close: () => request.destroy() });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

/** Logs the customers in again when an attempt (a logout of their own sessions by a stranger) ended them. */
let relogins = 0;
async function relogin(): Promise<void> {
  for (const actor of [alice, bob]) {
    const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${actor.token}` } });
    if (me.statusCode === 200) continue;
    relogins += 1;
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: actor.email, password: PASSWORD }, remoteAddress: `10.8.${relogins >> 8}.${relogins & 255}` });
    expect(login.statusCode, login.body).toBe(200);
    actor.token = login.json().result;
  }
}
