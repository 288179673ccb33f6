import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { isRedactionMarker, redact, redactionMarker, redactText, sensitiveKeyKind, sensitiveValueKind, type JsonValue } from './redact.ts';

/** Secrets shaped as the shop makes them (randomBytes(24|32).toString('base64url'), tokens.ts's payload.signature). */
const CART_TOKEN = 'Qm9vb3Rfc3RyYXBfY2FydF90b2tlbl8x';
const REFRESH_TOKEN = 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C';
const ACCESS_TOKEN = 'eyJ2IjoxLCJzdWIiOjQyLCJzaWQiOiJzLTEifQ.c2lnbmF0dXJlLW9mLXRoZS1zaG9w';
const CARD = '4111 1111 1111 1111';
const IBAN = 'NL91 ABNA 0417 1643 00';

const text = (value: JsonValue) => JSON.stringify(value);

describe('redact: by key', () => {
  it.each([
    ['token', 'token'],
    ['accessToken', 'token'],
    ['refresh_token', 'token'],
    ['refreshToken', 'token'],
    ['refusedToken', 'token'],
    ['X-Order-Token', 'token'],
    ['X-Cart-Id', 'token'],
    ['cartId', 'token'],
    ['Authorization', 'token'],
    ['order_token', 'token'],
    ['password', 'password'],
    ['currentPassword', 'password'],
    ['client_secret', 'secret'],
    ['hash', 'secret'],
    ['email', 'e-mail'],
    ['customer_email', 'e-mail'],
    ['emailAddress', 'e-mail'],
    ['street', 'address'],
    ['streetAddress', 'address'],
    ['postcode', 'address'],
    ['zipCode', 'address'],
    ['city', 'address'],
    ['apartmentNumber', 'address'],
    ['telephone', 'phone'],
    ['phoneNumber', 'phone'],
    ['firstname', 'name'],
    ['lastName', 'name'],
    ['vatId', 'tax id'],
    ['vat_id', 'tax id'],
    ['taxId', 'tax id'],
    ['cardNumber', 'card'],
    ['cc_number', 'card'],
    ['cvc', 'card'],
    ['iban', 'iban'],
  ])('%s is a %s', (key, kind) => {
    expect(sensitiveKeyKind(key)).toBe(kind);
  });

  it.each(['name', 'sku', 'state', 'value', 'country', 'region_id', 'checksum', 'orderId', 'sessionId', 'coupon', 'tokenLock', 'type', 'status'])(
    '%s is not sensitive by its name',
    (key) => {
      expect(sensitiveKeyKind(key)).toBeNull();
    },
  );

  it('an e-mail address used as a key is redacted, and the marker left in its place does not make its value an e-mail', () => {
    const once = redact([new Set([{ '0@0.AA': ' ' }])]);
    expect(once).toEqual([{ $type: 'Set', values: [{ [redactionMarker('e-mail')]: ' ' }] }]);
    expect(redact(once)).toEqual(once);
    expect(sensitiveKeyKind(`${redactionMarker('e-mail')} #2`)).toBeNull();
    expect(sensitiveKeyKind(`${redactionMarker('e-mail')} token`)).toBe('token');
  });

  it('keeps null, empty and booleans so that the developer sees whether there is a token', () => {
    expect(redact({ token: null, refreshToken: '', password: false, cartId: 'abc' })).toEqual({
      token: null,
      refreshToken: '',
      password: false,
      cartId: '‹redacted token›',
    });
  });

  it('hides a number under a sensitive key with its kind', () => {
    expect(redact({ cvc: 123, zipCode: 1012 })).toEqual({ cvc: '‹redacted card›', zipCode: '‹redacted address›' });
  });

  it('hides the value of a register under a sensitive key but keeps when and where it was written', () => {
    expect(redact({ firstName: { value: 'Anna', at: 10, replica: 'tab-a' } })).toEqual({
      firstName: { value: '‹redacted name›', at: 10, replica: 'tab-a' },
    });
  });

  it('hides every leaf inside a secret container', () => {
    expect(redact({ headers: { Authorization: 'Bearer abc.def' }, secret: { a: ['x', 1] } })).toEqual({
      headers: { Authorization: '‹redacted token›' },
      secret: { a: ['‹redacted secret›', '‹redacted secret›'] },
    });
  });

  it('hides state and company inside an address only', () => {
    expect(redact({ state: 'idle', address: { streetAddress: 'Dam 1', state: 'NH', company: 'ACME', country: 'NL', region_id: 3 } })).toEqual({
      state: 'idle',
      address: { streetAddress: '‹redacted address›', state: '‹redacted address›', company: '‹redacted name›', country: 'NL', region_id: 3 },
    });
  });
});

describe('redact: by shape, under any key', () => {
  it.each([
    ['anna@example.com', '‹redacted e-mail›'],
    [ACCESS_TOKEN, '‹redacted token›'],
    [CART_TOKEN, '‹redacted token›'],
    [REFRESH_TOKEN, '‹redacted token›'],
    [CARD, '‹redacted card›'],
    ['5500-0000-0000-0004', '‹redacted card›'],
    ['378282246310005', '‹redacted card›'],
    [IBAN, '‹redacted iban›'],
    ['DE89370400440532013000', '‹redacted iban›'],
  ])('%s', (value, marker) => {
    expect(redact({ note: value })).toEqual({ note: marker });
    expect(redact([value])).toEqual([marker]);
  });

  it('replaces secrets inside a longer text and keeps the rest', () => {
    expect(redactText('Customer anna@example.com paid with 4111111111111111 (Bearer abcdefghijkl)')).toBe(
      'Customer ‹redacted e-mail› paid with ‹redacted card› (Bearer ‹redacted token›)',
    );
    expect(redactText(`/api/order-status/${CART_TOKEN}?hash=abc123&store=nl`)).toBe('/api/order-status/‹redacted token›?hash=‹redacted secret›&store=nl');
    expect(redactText('/api/order-status/by-transaction?transactionid=7&hash=ff')).toBe('/api/order-status/by-transaction?transactionid=7&hash=‹redacted secret›');
  });

  it('leaves what only looks a little like a secret', () => {
    for (const value of [
      '4111 1111 1111 1112', // fails Luhn
      '1767225600000', // a time in ms
      'NL91 ABNA 0417 1643 01', // fails the IBAN check
      'b6f1c0de-0000-4000-8000-000000000001', // a UUID write id
      '0123456789abcdef', // a line checksum
      'RING-52:0123456789abcdef',
      'cart.changedInOtherTab',
      '+31 20 123 4567',
      'checkoutDraftsReplicationStreamState',
    ]) {
      expect(redactText(value), value).toBe(value);
    }
    expect(sensitiveValueKind('hello')).toBeNull();
    expect(sensitiveValueKind('anna@example.com')).toBe('e-mail');
  });

  it('redacts object keys that are secrets themselves', () => {
    expect(redact({ 'anna@example.com': 1, 'bob@example.com': 2 })).toEqual({ '‹redacted e-mail›': 1, '‹redacted e-mail› #2': 2 });
  });
});

describe('redact: the shop\'s own shapes', () => {
  it('an order keeps its totals, items and country, and loses the customer', () => {
    const order = redact(SAMPLE_DOCS.orders) as Record<string, JsonValue>;
    const out = text(order);
    for (const secret of ['anna@example.com', 'Anna', 'Jansen', 'Kalverstraat', 'Amsterdam', '1012 NX']) expect(out).not.toContain(secret);
    expect(order.customer_email).toBe('‹redacted e-mail›');
    expect(order.shippingAddress).toEqual({
      firstName: '‹redacted name›',
      lastName: '‹redacted name›',
      country: 'NL',
      streetAddress: '‹redacted address›',
      city: '‹redacted address›',
      zipCode: '‹redacted address›',
    });
    expect(order.items).toEqual(SAMPLE_DOCS.orders.items);
    expect(order.totals).toEqual(SAMPLE_DOCS.orders.totals);
    expect(order.id).toBe('order-1');
  });

  it('a checkout draft keeps its registers and loses what was typed', () => {
    const draft = redact({
      ...SAMPLE_DOCS.checkoutDrafts,
      personalDetails: { firstName: { value: 'Anna', at: 10, replica: 'tab-a' }, emailAddress: { value: 'anna@example.com', at: 11, replica: 'tab-a' } },
      shippingDetails: { streetAddress: { value: 'Dam 1', at: 12, replica: 'tab-a' }, state: { value: 'NH', at: 12, replica: 'tab-a' } },
    });
    expect(draft).toMatchObject({
      personalDetails: { firstName: { value: '‹redacted name›', at: 10 }, emailAddress: { value: '‹redacted e-mail›' } },
      shippingDetails: { streetAddress: { value: '‹redacted address›' }, state: { value: '‹redacted address›', replica: 'tab-a' } },
    });
  });

  it('the stored session and the customer profile lose tokens, e-mail, names and addresses', () => {
    const session = {
      token: ACCESS_TOKEN,
      refreshToken: REFRESH_TOKEN,
      expiresAt: 1_767_225_600_000,
      sessionId: 's-1',
      current: {
        id: 42,
        email: 'anna@example.com',
        firstname: 'Anna',
        lastname: 'Jansen',
        group_id: 1,
        addresses: [{ firstname: 'Anna', lastname: 'Jansen', street: ['Kalverstraat', '1'], city: 'Amsterdam', postcode: '1012 NX', country_id: 'NL', telephone: '0201234567', vat_id: 'NL123' }],
      },
      orders_history: [SAMPLE_DOCS.orders],
    };
    const out = redact(session);
    for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, 'anna@', 'Anna', 'Jansen', 'Kalverstraat', 'Amsterdam', '1012', '0201234567', 'NL123']) expect(text(out)).not.toContain(secret);
    expect(out).toMatchObject({ expiresAt: 1_767_225_600_000, sessionId: 's-1', current: { id: 42, group_id: 1, addresses: [{ country_id: 'NL' }] } });
  });

  it('machine contexts: cart connection, token lock, order status and payment', () => {
    expect(redact({ token: CART_TOKEN, bypassCount: 0, coupon: 'WELCOME', error: null })).toEqual({ token: '‹redacted token›', bypassCount: 0, coupon: 'WELCOME', error: null });
    expect(redact({ lock: 1, refusedToken: ACCESS_TOKEN, error: null })).toEqual({ lock: 1, refusedToken: '‹redacted token›', error: null });
    expect(redact({ source: { kind: 'token', token: CART_TOKEN, hash: 'deadbeef' }, refreshMs: 5000 })).toEqual({
      source: { kind: 'token', token: '‹redacted token›', hash: '‹redacted secret›' },
      refreshMs: 5000,
    });
    expect(redact({ redirectUrl: 'https://shop.example/nl/order-status', gatewayUrl: `https://pay.example/checkout?token=${CART_TOKEN}&lang=nl` })).toEqual({
      redirectUrl: 'https://shop.example/nl/order-status',
      gatewayUrl: 'https://pay.example/checkout?token=‹redacted token›&lang=nl',
    });
  });

  it('a queued call loses its headers\' credentials and its body\'s password', () => {
    const task = { ...SAMPLE_DOCS.syncTasks, payload: { method: 'POST' as const, headers: { 'X-Cart-Id': CART_TOKEN, 'Content-Type': 'application/json' }, body: { username: 'anna@example.com', password: 'hunter2' } } };
    expect(redact(task)).toMatchObject({
      payload: { headers: { 'X-Cart-Id': '‹redacted token›', 'Content-Type': 'application/json' }, body: { username: '‹redacted e-mail›', password: '‹redacted password›' } },
    });
  });
});

describe('redact: any value', () => {
  it('describes cycles, Maps, Sets, Dates, errors, class instances and actors', () => {
    class Basket {
      lines = 2;
    }
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const actor = createActor(createMachine({ id: 'm', initial: 'idle', states: { idle: {} } }), { id: 'child' }).start();
    const value = {
      cyclic,
      shared: [cyclic, cyclic],
      map: new Map<unknown, unknown>([['token', CART_TOKEN], [1, 'anna@example.com']]),
      set: new Set(['x', 'anna@example.com']),
      when: new Date(0),
      bad: new Date(NaN),
      error: new Error('user anna@example.com refused', { cause: { token: 'x' } }),
      basket: new Basket(),
      actor,
      big: 10n,
      fn: function named() {},
      sym: Symbol('s'),
      missing: undefined,
      nan: NaN,
      bytes: new Uint8Array(4),
    };
    expect(redact(value)).toEqual({
      cyclic: { a: 1, self: '‹circular›' },
      shared: [
        { a: 1, self: '‹circular›' },
        { a: 1, self: '‹circular›' },
      ],
      map: { $type: 'Map', entries: [['token', '‹redacted token›'], [1, '‹redacted e-mail›']] },
      set: { $type: 'Set', values: ['x', '‹redacted e-mail›'] },
      when: '1970-01-01T00:00:00.000Z',
      bad: '‹Invalid Date›',
      error: { $type: 'Error', name: 'Error', message: 'user ‹redacted e-mail› refused', cause: { token: '‹redacted token›' } },
      basket: { $type: 'Basket', lines: 2 },
      actor: { $type: 'Actor', id: 'child', status: 'active' },
      big: '10n',
      fn: '‹function named›',
      sym: '‹Symbol(s)›',
      nan: '‹NaN›',
      bytes: '‹Uint8Array 4 bytes›',
    });
    actor.stop();
  });

  it('survives getters and proxies that throw, and very deep values', () => {
    const hostile = {
      get boom(): never {
        throw new Error('no');
      },
    };
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    let deep: unknown = 'bottom';
    for (let index = 0; index < 10_000; index += 1) deep = [deep];
    expect(redact({ hostile, proxy })).toEqual({ hostile: { boom: '‹unreadable›' }, proxy: '‹unreadable›' });
    expect(text(redact(deep))).toContain('‹too deep›');
  });

  it('keeps a JSON-safe __proto__ key as data', () => {
    const parsed = JSON.parse('{"__proto__": {"token": "x"}}') as unknown;
    const out = redact(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ token: '‹redacted token›' });
  });

  it('reveals everything when the developer opts in', () => {
    const value = { token: CART_TOKEN, note: 'anna@example.com', when: new Date(0) };
    expect(redact(value, { reveal: true })).toEqual({ token: CART_TOKEN, note: 'anna@example.com', when: '1970-01-01T00:00:00.000Z' });
  });

  it('marks its markers', () => {
    expect(isRedactionMarker(redactionMarker('tax id'))).toBe(true);
    expect(isRedactionMarker('‹redacted anything›')).toBe(false);
  });

  it('never throws, never changes its input, gives JSON, and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withSet: true, withDate: true, withBigInt: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true }), (value) => {
        const before = fc.stringify(value);
        const out = redact(value);
        expect(fc.stringify(value)).toBe(before);
        const json = JSON.parse(JSON.stringify(out)) as JsonValue;
        expect(json).toEqual(out);
        expect(redact(out)).toEqual(out);
      }),
      { numRuns: 300 },
    );
  });

  it('a secret planted anywhere in a JSON value never comes out (property)', () => {
    const secrets = fc.constantFrom('anna@example.com', ACCESS_TOKEN, CART_TOKEN, REFRESH_TOKEN, '4111111111111111', 'NL91ABNA0417164300');
    const planted = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        secrets,
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(planted, fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), (value, before, after) => {
        const out = text(redact({ value, wrapped: `${before} ${value === null ? '' : text(value as JsonValue)} ${after}` }));
        for (const secret of ['anna@example.com', ACCESS_TOKEN, CART_TOKEN, REFRESH_TOKEN, '4111111111111111', 'NL91ABNA0417164300']) expect(out).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });
});
