/**
 * Fuzz suite generated from the app's own `/api/openapi.json` (issue 13, "Tests that stay"): for every documented
 * route (method + path), fast-check builds requests from the route's schema (path parameters, query, body) and hostile
 * variants of them (wrong types, huge strings, lone UTF-16 surrogates, nesting 200 deep, unknown fields, bad content
 * types, bad or absent credentials). Every answer must be below 500 (a 502/503 only where the route documents it, for
 * an unreachable payment or newsletter provider), in the `{ code, result }` envelope with `code` equal to the status
 * (or the route's documented non-JSON shape), within a per-request time limit; and the shop is healthy afterwards.
 *
 * FUZZ_RUNS sets the cases per route (default 300); FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { COLLECTION_NAMES } from '@shop/shared/sync/collections';
import { afterAll, describe, expect, it } from 'vitest';
import { caseFiles } from './ownership-kit.ts';
import { report } from './security-report.ts';
import { PASSWORD, customerBody } from '../features/accounts/accounts.test-support.ts';
import { OrderClient, orderCatalogue, orderDoc } from '../features/orders/orders.test-support.ts';
import { RETIRED_COLLECTIONS } from '../features/replication/retired-collections.ts';
import { buildTestApp } from '../test/build-test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 300;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const REQUEST_TIMEOUT_MS = 10_000;

// The captcha is off so that generated bodies reach the handlers behind it (the captcha has its own tests).
// The admin calls are on (their token is one of the fuzz's authorizations), so their handlers are fuzzed too.
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789';
const app = await buildTestApp({ catalogue: orderCatalogue(), config: { adminToken: ADMIN_TOKEN, captcha: { provider: 'off', difficulty: 1, recaptchaSecret: null, recaptchaSiteKey: null } } });

// ---------------------------------------------------------------------------------------------------------------
// A small world for the generated requests to hit: a guest cart with a placed order, a customer with a token.
// ---------------------------------------------------------------------------------------------------------------
const orders = new OrderClient(app);
const placed = orderDoc();
const placingCart = await orders.newCart();
await orders.push(placingCart, [{ doc: placed }]);
const placedResult = (await orders.order(placingCart, placed.id)).result as { order_token: string; hash: string };

/** The features' hints (security/cases/*.ts): values their routes know, and their documented non-JSON answers. */
const files = await caseFiles();
const featureKnown: Record<string, unknown[]> = {};
for (const file of files) {
  for (const [name, values] of Object.entries((await file.fuzz?.known?.(app)) ?? {})) featureKnown[name] = [...(featureKnown[name] ?? []), ...values];
}

/**
 * What the generated requests may use, made again before each route: the fuzz logs out, changes passwords and merges
 * guest carts at login, which must not leave the next route with credentials that no longer work.
 */
interface World {
  guestCart: string;
  email: string;
  customerToken: string;
  refreshToken: string;
  mailIds: string[];
}
let world: World | undefined;
let customers = 0;

/** The world as it was when it still works; the parts a route broke made again. */
async function freshWorld(): Promise<World> {
  if (world) {
    const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${world!.customerToken}` } });
    const cart = await app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${world.guestCart}` });
    if (me.statusCode === 200) return cart.statusCode === 200 ? world : { ...world, guestCart: await orders.newCart() };
  }
  return newCustomer();
}

async function newCustomer(): Promise<World> {
  customers += 1;
  const email = `fuzz-${customers}@example.com`;
  const created = await app.inject({ method: 'POST', url: '/api/user/create', payload: customerBody(email) });
  expect(created.statusCode, created.body).toBe(200);
  // From an address of its own: the fuzz's failed logins from 127.0.0.1 must not throttle the setup.
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD }, remoteAddress: `10.0.${customers >> 8}.${customers & 255}` });
  expect(login.statusCode, login.body).toBe(200);
  const mailbox = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  const mailIds = mailbox.statusCode === 200 ? [...JSON.stringify(mailbox.json()).matchAll(/"id":\s*"?([\w-]+)/g)].map((m) => m[1]!).slice(0, 3) : [];
  return { guestCart: await orders.newCart(), email, customerToken: login.json().result, refreshToken: login.json().meta.refreshToken, mailIds };
}

/** Values that reach past the first checks, by parameter or field name. */
function known(): Record<string, unknown[]> {
  if (!world) throw new Error('no world yet');
  const values: Record<string, unknown[]> = {
    cartId: [world.guestCart],
    token: [world.customerToken],
    storeCode: ['nl', 'en'],
    store: ['nl', 'en'],
    language: ['nl', 'en', 'de'],
    sku: ['W-1', 'RING-1000', 'LAST-1'],
    skus: ['W-1,RING-1000', 'W-1'],
    parentSku: ['W-1'],
    collection: [...COLLECTION_NAMES, ...RETIRED_COLLECTIONS],
    order_token: [placedResult.order_token],
    hash: [placedResult.hash],
    transactionid: [placed.id],
    order_id: [placed.id],
    provider: ['sandbox'],
    id: ['1', ...world.mailIds],
    name: ['hero', 'category'],
    '*': ['watch/W-1-1.svg', 'watch/x.svg'],
    email: [world.email, 'other@example.com'],
    username: [world.email],
    password: [PASSWORD],
    currentPassword: [PASSWORD],
    refreshToken: [world.refreshToken],
  };
  for (const [name, more] of Object.entries(featureKnown)) values[name] = [...(values[name] ?? []), ...more];
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------------------------
function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

const hostileString = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', '%00', '<script>alert(1)</script>', "' OR 1=1 --", '__proto__', 'constructor', 'NaN', '-1', '1e309', '9007199254740993', '𝒜💎', 'a\r\nb'),
  fc.constantFrom('\uD800', 'a\uDC00b', 'x@example.com\uD83D', '\uDFFF@\uD800.nl'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], { '': '' }),
  fc.integer({ min: 150, max: 220 }).chain((depth) => fc.boolean().map((asArray) => nested(depth, 'deep', asArray))),
  fc.jsonValue({ maxDepth: 3 }),
);

// ---------------------------------------------------------------------------------------------------------------
// JSON schema (as the OpenAPI description gives it) to values
// ---------------------------------------------------------------------------------------------------------------
type Schema = Record<string, unknown>;

function fromSchema(schema: unknown, name = '', depth = 0): fc.Arbitrary<unknown> {
  const values = known()[name];
  const generated = generated_(schema, depth);
  return values ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 2 }, { arbitrary: generated, weight: 1 }) : generated;
}

function generated_(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const s = schema as Schema;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && union.length) return fc.oneof(...union.map((part) => generated_(part, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : (s.type ?? (s.properties ? 'object' : undefined));
  switch (type) {
    case 'string': {
      const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 60, 200);
      const min = Math.min(typeof s.minLength === 'number' ? s.minLength : 0, max);
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((text) => (text.length > max ? text.slice(0, max) : text));
        } catch {
          /* a pattern fast-check cannot read: plain strings */
        }
      }
      if (s.format === 'email') return fc.emailAddress();
      return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ unit: 'grapheme', minLength: min, maxLength: max }));
    }
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000;
      const max = typeof s.maximum === 'number' ? Math.min(s.maximum, Number.MAX_SAFE_INTEGER) : 100_000;
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.max(min, max) });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxItems = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 4);
      const minItems = Math.min(typeof s.minItems === 'number' ? s.minItems : 0, maxItems);
      return fc.array(generated_(s.items, depth + 1), { minLength: minItems, maxLength: maxItems });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]).filter((key) => key in properties) : [];
      const record = Object.fromEntries(Object.entries(properties).map(([key, part]) => [key, fromSchema(part, key, depth + 1)]));
      if (!Object.keys(record).length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the schema, or one with a field made hostile, an unknown field added, or something else entirely. */
function hostileVariant(schema: unknown, name: string): fc.Arbitrary<unknown> {
  const base = fromSchema(schema, name);
  const fieldNames = Object.keys(((schema as Schema | undefined)?.properties ?? {}) as object);
  const key = fc.oneof(fieldNames.length ? fc.constantFrom(...fieldNames) : fc.constant('x'), fc.constantFrom('unknownField', '__proto__', 'constructor', ''));
  return fc.oneof(
    { arbitrary: base, weight: 4 },
    {
      arbitrary: fc.tuple(base, key, hostileValue).map(([value, field, bad]) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [field]: bad } : bad,
      ),
      weight: 4,
    },
    { arbitrary: hostileValue, weight: 2 },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------
/** encodeURIComponent that also carries lone surrogates (as their WTF-8 bytes, which are not valid UTF-8). */
function encode(value: string): string {
  return value.replace(/[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) => {
    if (part.length === 1 && /[\uD800-\uDFFF]/.test(part)) {
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(part);
  });
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: unknown;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
}

const rawQueryPart = fc.constantFrom('%', '%zz', '%ED%A0%80', '&&', '=', 'a[b]=c', 'a[__proto__][x]=1', '%00=1');

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const documented = parameters.filter((p) => p.in === 'query');
  const pairs = documented.map((p) =>
    fc.option(
      fc.tuple(
        fc.constant(p.name),
        fc.oneof({ arbitrary: fromSchema(p.schema, p.name).map(asText), weight: 3 }, { arbitrary: hostileString, weight: 1 }),
        fc.nat(9),
      ),
      { nil: undefined, freq: 3 },
    ),
  );
  const extra = fc.array(fc.tuple(fc.constantFrom('unknown', 'token', 'cartId', 'hash', 'storeCode', 'limit'), hostileString), { maxLength: 2 });
  return fc.tuple(fc.tuple(...pairs), extra, fc.option(rawQueryPart, { freq: 6 })).map(([chosen, more, raw]) => {
    const parts: string[] = [];
    for (const pair of chosen) {
      if (!pair) continue;
      const [name, value, repeat] = pair;
      parts.push(`${encode(name)}=${encode(value)}`);
      if (repeat === 0) parts.push(`${encode(name)}=${encode(value)}`); // the same parameter twice: an array
    }
    for (const [name, value] of more) parts.push(`${encode(name)}=${encode(value)}`);
    if (raw) parts.push(raw);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function pathArbitrary(path: string, parameters: Parameter[]): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(path);
  const values = names.map((name) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    return fc.oneof(
      { arbitrary: fromSchema(schema, name).map((v) => encode(asText(v) || 'x')), weight: 3 },
      { arbitrary: hostileString.map((v) => encode(v) || 'x'), weight: 1 },
      { arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%ED%A0%80', '%', 'a%2Fb', '.', '..'), weight: 1 },
    );
  });
  return fc.tuple(...values).map((chosen) => {
    let url = path;
    names.forEach((name, i) => (url = url.replace(`{${name}}`, name === '*' ? chosen[i]!.replace(/%2F/gi, '/') : chosen[i]!)));
    return url;
  });
}

const authorization = () => fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.constant(`Bearer ${world!.customerToken}`), weight: 2 },
  { arbitrary: fc.constant(`Bearer ${ADMIN_TOKEN}`), weight: 1 },
  { arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Bearer garbage', 'Bearer a b', 'Basic dXNlcjpwYXNz', `bearer ${world!.customerToken}x`, `Bearer ${'a'.repeat(8000)}`, 'Bearer eyJhbGciOiJub25lIn0.e30.'), weight: 2 },
);
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', 'application/json; charset=latin1', '*/*', ';;'),
    weight: 2,
  },
);
const extraHeaders = () => fc.record(
  {
    'x-cart-id': fc.constantFrom(world!.guestCart, 'garbage', ''),
    'x-order-token': fc.constantFrom(placedResult.order_token, 'garbage', ''),
    accept: fc.constantFrom('application/json', 'text/html', 'image/webp', '*/*'),
    'accept-language': fc.constantFrom('nl', 'en-GB,en;q=0.9', 'xx', ';;;'),
    'x-country-code': fc.constantFrom('NL', 'US', 'ZZ', '', '1'),
    // The queued routes' receipts (task-receipts.ts): new ids, one id used by every route, malformed ids.
    'x-task-id': fc.oneof(fc.uuid().map((id) => `task-${id}`), fc.constantFrom('task-fuzz-shared-0001', 'short', 'bad id!', '', `t${'x'.repeat(200)}`)),
  },
  { requiredKeys: [] },
);

/** A request body as text: from the schema (or any JSON where none is documented), hostile, or not JSON at all. */
function bodyArbitrary(operation: Operation): fc.Arbitrary<string | undefined> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const json = hostileVariant(schema ?? { type: 'object' }, '').map((value) => JSON.stringify(value) ?? 'null');
  const broken = fc.constantFrom('{', '{"a":', 'null', '', '[]', '"text"', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '{"a":1,"a":2}', 'x'.repeat(1_100_000));
  return fc.oneof({ arbitrary: json, weight: 8 }, { arbitrary: broken, weight: 2 }, { arbitrary: fc.constant(undefined), weight: 1 });
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
}

/** A failing case is printed with its long strings cut, so the report stays readable. */
function shortPrinted(request: FuzzRequest): FuzzRequest {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length} characters)` : text);
  return Object.assign(request, {
    [fc.toStringMethod]: () => JSON.stringify({ url: cut(request.url), headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, cut(v)])), payload: request.payload === undefined ? undefined : cut(request.payload) }),
  });
}

function requestArbitrary(method: string, path: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const hasBody = method !== 'GET' && method !== 'DELETE' ? true : method === 'DELETE' && !!operation.requestBody;
  return fc
    .record({
      path: pathArbitrary(path, parameters),
      query: queryArbitrary(parameters),
      auth: authorization(),
      type: contentType,
      extra: extraHeaders(),
      payload: hasBody ? bodyArbitrary(operation) : fc.constant(undefined),
    })
    .map(({ path: url, query, auth, type, extra, payload }) => {
      const headers: Record<string, string> = { ...(extra as Record<string, string>) };
      if (auth !== undefined) headers.authorization = auth;
      if (payload !== undefined && type !== undefined) headers['content-type'] = type;
      return shortPrinted({ url: `${url}${query}`, headers, payload });
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------
function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${what}`)), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The content types a route may answer besides the JSON envelope (its documented non-JSON answers). */
const NON_JSON: Record<string, RegExp> = {
  'GET /media/catalog/{*}': /^image\//,
  'GET /media/banners/{name}': /^image\//,
  // MultiSafepay expects a bare "OK" (the sandbox answers the envelope; the allowance covers the configured provider).
  'POST /api/payment/notifications/{provider}': /^text\/plain/,
  'GET /api/replication/{collection}/stream': /^text\/event-stream/,
  ...Object.assign({}, ...files.map((file) => file.fuzz?.nonJson ?? {})),
};
/** Routes whose documented 200 is not the envelope. */
const OWN_SHAPE: Record<string, (body: unknown) => boolean> = {
  'GET /health': (body) => (body as { status?: unknown }).status === 'ok',
  'GET /health/ready': (body) => (body as { status?: unknown; catalogue?: { state?: unknown } }).status === 'ok' && (body as { catalogue?: { state?: unknown } }).catalogue?.state === 'ready',
};

interface Counts {
  requests: number;
  byStatus: Map<number, number>;
}
const counts: Counts = { requests: 0, byStatus: new Map() };

function checkAnswer(route: string, operation: Operation, request: FuzzRequest, status: number, type: string, body: string): void {
  counts.requests += 1;
  counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
  const where = `${route} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} body ${String(request.payload).slice(0, 300)}\n→ ${status} ${body.slice(0, 500)}`;
  const documented = Object.keys(operation.responses ?? {});
  const allowed5xx = status === 502 || status === 503 ? documented.includes(String(status)) : false;
  expect(status < 500 || allowed5xx, `a 5xx: ${where}`).toBe(true);
  if (NON_JSON[route]?.test(type)) return;
  expect(type, `not JSON: ${where}`).toMatch(/^application\/json/);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (status === 200 && OWN_SHAPE[route]) {
    expect(OWN_SHAPE[route]!(parsed), `not the documented shape: ${where}`).toBe(true);
    return;
  }
  expect(parsed.code, `not the envelope: ${where}`).toBe(status);
  expect('result' in parsed, `no result: ${where}`).toBe(true);
}

async function injected(method: string, request: FuzzRequest): Promise<LightMyRequestResponse> {
  return withTimeout(
    app.inject({ method: method as 'GET', url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) }),
    `${method} ${request.url.slice(0, 200)}`,
  );
}

/** The event stream never ends by itself: over real HTTP, read the head, then hang up. */
let streamBase: string | null = null;
async function streamed(request: FuzzRequest): Promise<{ status: number; type: string; body: string }> {
  streamBase ??= await app.listen({ port: 0, host: '127.0.0.1' });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    const { 'content-type': _none, ...headers } = request.headers;
    const response = await fetch(`${streamBase}${request.url}`, { headers, signal: abort.signal });
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('text/event-stream') ? '' : await response.text();
    return { status: response.status, type, body };
  } catch (error) {
    throw new Error(`no head within ${REQUEST_TIMEOUT_MS} ms (or a broken connection): GET ${request.url.slice(0, 200)}: ${String(error)}`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------------------------
const description = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
const routes = Object.entries(description.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);
const started = Date.now();

afterAll(() => {
  const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  report('openapi-fuzz', `openapi fuzz: ${routes.length} routes, ${counts.requests} requests (${RUNS} per route) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${statuses.join(', ')}`, {
    routes: routes.length,
    requests: counts.requests,
    runsPerRoute: RUNS,
    seconds: (Date.now() - started) / 1000,
    statuses: Object.fromEntries(counts.byStatus),
  });
});

describe('every route of /api/openapi.json survives generated and hostile requests', () => {
  it('the description lists the API', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const { method, path, operation } of routes) {
    const route = `${method} ${path}`;
    it(`${route}: no 5xx, the envelope, no hang`, { timeout: 120_000 + RUNS * 400 }, async () => {
      world = await freshWorld();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(method, path, operation), async (request) => {
          if (route === 'GET /api/replication/{collection}/stream') {
            const answer = await streamed(request);
            checkAnswer(route, operation, request, answer.status, answer.type, answer.body);
            return;
          }
          const response = await injected(method, request);
          checkAnswer(route, operation, request, response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }

  it('the shop is healthy afterwards', async () => {
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    const search = await app.inject({ method: 'GET', url: '/api/catalog/product?storeCode=nl&sku=W-1' });
    expect(search.statusCode).toBe(200);
    const afterwards = await newCustomer();
    const cart = await app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${afterwards.guestCart}` });
    expect(cart.statusCode, cart.body).toBe(200);
    const status = await app.inject({ method: 'GET', url: `/api/order-status/${placedResult.order_token}?hash=${encodeURIComponent(placedResult.hash)}` });
    expect(status.statusCode, status.body).toBe(200);
  });
});

/**
 * The 5xx and shapes the fuzz found, replayed exactly, so they stay fixed whatever the random cases of a run are.
 * Two are fixed by other parts of issue 13 and fail until those are merged: the lone-surrogate e-mail (accounts, the
 * rate limiter) and the over-deep body (a 400 before any handler).
 */
describe('what the fuzz found, replayed', () => {
  it('a query parameter given twice (an array) is a 400, not a 500', async () => {
    for (const url of ['/api/catalog/category?url_path=&url_path=', '/api/catalog/category?id=10&id=11', '/api/catalog/product/variants?parentSku=R-6&parentSku=R-6', '/api/catalog/product/members?sku=a&sku=b']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, result: { error: 'bad_request' } });
    }
  });

  it('an address too long for the HTTP parser is answered in the envelope (431)', async () => {
    streamBase ??= await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${streamBase}/api/catalog/search?request=${'x'.repeat(40_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: 431, result: { error: 'bad_request' } });
  });

  it('an e-mail address with a lone UTF-16 surrogate is a 4xx on every account call (fixed by the accounts work of issue 13)', async () => {
    const email = 'x@example.com\uD83D';
    for (const [url, payload] of [
      ['/api/user/reset-password', { email }],
      ['/api/user/reset-password', { email }],
      ['/api/user/login', { username: email, password: PASSWORD }],
      ['/api/user/create', customerBody(email)],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(response.json().code).toBe(response.statusCode);
    }
  });

  it('a body nested 5,000 levels deep is a 400 on every route with a body, or a 413 where it is over the route\'s documented limit (fixed by the JSON depth work of issue 13)', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    world = await freshWorld();
    const posts = routes.filter(({ method }) => method === 'POST');
    const answers: string[] = [];
    for (const { path, operation } of posts) {
      // The deep body is 25 kB: a route with a smaller limit (the stats log's 2 KiB) refuses it as too large.
      const refusals = ['400', ...(operation.responses && '413' in operation.responses ? ['413'] : [])];
      const url = path.replace(/\{[^}]+\}/g, (name) => ({ '{provider}': 'sandbox', '{collection}': 'cart', '{order_token}': placedResult.order_token, '{token}': world!.guestCart })[name] ?? '1');
      const headers = { 'content-type': 'application/json', ...(url.startsWith('/api/admin/') ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {}) };
      const response = await app.inject({ method: 'POST', url: `${url}?cartId=${world.guestCart}`, headers, payload: deep });
      if (!refusals.includes(String(response.statusCode)) || response.json().code !== response.statusCode) answers.push(`${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(answers, 'routes that did not refuse the deep body with a 400').toEqual([]);
  });
});

