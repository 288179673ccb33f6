import { addToLineOp, applyCartOp } from '@shop/shared/cart/cart-line';
import type { CartLineDoc } from '@shop/shared/cart/cart.schema';
import { REPLICATED_COLLECTIONS, type CollectionName } from '@shop/shared/sync/collections';
import type { SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { InProcessChangeFeed } from './change-feed.ts';
import { ReplicationRepository } from './replication.repository.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });

type Row = { assumedMasterState?: Record<string, unknown> | null; newDocumentState: Record<string, unknown> };
type Pulled = Record<string, unknown> & { id: string; updatedAt: number; writeId: string; _deleted: boolean };

async function newCart(): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/cart/create' });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

async function push(cart: string, collection: string, rows: unknown) {
  const response = await app.inject({ method: 'POST', url: `/api/replication/${collection}/push?cartId=${cart}`, payload: rows as object });
  return { status: response.statusCode, body: response.json() };
}

async function pushOk(cart: string, collection: string, rows: Row[]): Promise<Pulled[]> {
  const { status, body } = await push(cart, collection, rows);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result;
}

async function pull(cart: string, collection: string, query = ''): Promise<{ documents: Pulled[]; checkpoint: { id: string; updatedAt: number } | null }> {
  const response = await app.inject({ method: 'GET', url: `/api/replication/${collection}/pull?cartId=${cart}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

async function count(table: 'replication_events' | 'applied_writes' | 'replicated_documents'): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function entry(sku: string, writeId: string): SkuSetEntryDoc {
  return { ...SAMPLE_DOCS.wishlist, id: sku, sku, writeId, adds: [{ id: `tag-${writeId}`, at: 10, replica: 'tab-a' }] };
}

/** What RxDB sends as `assumedMasterState`: the pulled copy. */
function assumed(doc: Pulled): Record<string, unknown> {
  return { ...doc };
}

describe('who may replicate', () => {
  it('refuses a request without a cart token, or with an unknown one, with 401', async () => {
    for (const url of ['/api/replication/cart/pull', '/api/replication/cart/pull?cartId=', '/api/replication/cart/pull?cartId=nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, result: { message: expect.stringContaining('cart') } });
    }
    const pushed = await app.inject({ method: 'POST', url: '/api/replication/cart/push?cartId=nope', payload: [] });
    expect(pushed.statusCode).toBe(401);
  });

  it('refuses a customer token until accounts exist, so the client falls back to a guest cart', async () => {
    const cart = await newCart();
    const response = await app.inject({ method: 'GET', url: `/api/replication/cart/pull?token=abc&cartId=${cart}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().result.message).toMatch(/guest cart token/);
    // An empty token is a guest's request.
    expect((await app.inject({ method: 'GET', url: `/api/replication/cart/pull?token=&cartId=${cart}` })).statusCode).toBe(200);
  });

  it('answers 404 for a collection that is not replicated', async () => {
    const cart = await newCart();
    const response = await app.inject({ method: 'GET', url: `/api/replication/users/pull?cartId=${cart}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, result: { error: 'not_found', message: expect.stringContaining('no replicated collection "users"') } });
  });

  it('never shows or overwrites another cart’s documents', async () => {
    const mine = await newCart();
    const theirs = await newCart();
    await pushOk(theirs, 'wishlist', [{ newDocumentState: { ...entry('W-1', 'theirs-1'), _deleted: false } }]);
    expect((await pull(mine, 'wishlist')).documents).toEqual([]);

    // The same id under my token is my own document; theirs stays as it was.
    expect(await pushOk(mine, 'wishlist', [{ newDocumentState: { ...entry('W-1', 'mine-1'), _deleted: false } }])).toEqual([]);
    expect((await pull(theirs, 'wishlist')).documents.map((d) => d.writeId)).toEqual(['theirs-1']);
    expect((await pull(mine, 'wishlist')).documents.map((d) => d.writeId)).toEqual(['mine-1']);
  });

  it('does not let one cart reuse another cart’s write id', async () => {
    const a = await newCart();
    const b = await newCart();
    await pushOk(a, 'compare', [{ newDocumentState: { ...SAMPLE_DOCS.compare, writeId: 'shared-write' } }]);
    const { status, body } = await push(b, 'compare', [{ newDocumentState: { ...SAMPLE_DOCS.compare, writeId: 'shared-write' } }]);
    expect(status).toBe(400);
    expect(body.result.message).toMatch(/already used/);
    expect((await pull(b, 'compare')).documents).toEqual([]);
  });
});

describe('push', () => {
  it('writes a new document, stamps updatedAt with the server clock and logs the write', async () => {
    const cart = await newCart();
    const events = await count('replication_events');
    const conflicts = await pushOk(cart, 'cart', [{ assumedMasterState: null, newDocumentState: { ...SAMPLE_DOCS.cart, updatedAt: 5, _deleted: false } }]);
    expect(conflicts).toEqual([]);
    const [doc] = (await pull(cart, 'cart')).documents;
    expect(doc).toMatchObject({ id: SAMPLE_DOCS.cart.id, writeId: 'w1', _deleted: false, qty: 2 });
    expect(doc!.updatedAt).toBeGreaterThanOrEqual(TEST_NOW.getTime());
    expect(await count('replication_events')).toBe(events + 1);
    const logged = await app.db.selectFrom('replication_events').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ collection: 'cart', owner: `guest:${cart}`, doc_id: SAMPLE_DOCS.cart.id, write_id: 'w1' });
    expect(JSON.parse(logged.data)).toEqual(doc);
  });

  it('answers the server’s copy when the assumed master state is not the current one, and writes nothing', async () => {
    const cart = await newCart();
    await pushOk(cart, 'wishlist', [{ newDocumentState: entry('W-2', 'first') }]);
    const [master] = (await pull(cart, 'wishlist')).documents;
    const events = await count('replication_events');

    // No assumed state for a document the server has: a conflict.
    expect(await pushOk(cart, 'wishlist', [{ newDocumentState: entry('W-2', 'blind') }])).toEqual([master]);
    // An assumed state of an older version: a conflict.
    expect(await pushOk(cart, 'wishlist', [{ assumedMasterState: { ...master, writeId: 'older' }, newDocumentState: entry('W-2', 'stale') }])).toEqual([master]);
    expect(await count('replication_events')).toBe(events);
    expect((await pull(cart, 'wishlist')).documents).toEqual([master]);

    // The current version as assumed state: written.
    expect(await pushOk(cart, 'wishlist', [{ assumedMasterState: assumed(master!), newDocumentState: entry('W-2', 'second') }])).toEqual([]);
    const [after] = (await pull(cart, 'wishlist')).documents;
    expect(after!.writeId).toBe('second');
    expect(after!.updatedAt).toBeGreaterThan(master!.updatedAt);
  });

  it('accepts the next write of a client that has not pulled the stamped copy of its last one yet', async () => {
    const cart = await newCart();
    const first = { ...entry('W-3', 'own-1'), updatedAt: 1 };
    await pushOk(cart, 'wishlist', [{ newDocumentState: first }]);
    // RxDB takes the pushed state as the master's; only updatedAt differs from the server's copy.
    expect(await pushOk(cart, 'wishlist', [{ assumedMasterState: { ...first, _deleted: false }, newDocumentState: entry('W-3', 'own-2') }])).toEqual([]);
  });

  it('changes nothing when the same push arrives twice, and answers the second with the server\'s copies (the device lost the first answer)', async () => {
    const cart = await newCart();
    const rows = [{ newDocumentState: entry('W-4', 'once-a') }, { newDocumentState: entry('W-5', 'once-b') }];
    expect(await pushOk(cart, 'wishlist', rows)).toEqual([]);
    const before = await pull(cart, 'wishlist');
    const events = await count('replication_events');
    const applied = await count('applied_writes');

    // The device pushes again only when the first answer never reached it; the copies it missed come back now.
    expect(await pushOk(cart, 'wishlist', rows)).toEqual(before.documents);
    expect(await count('replication_events')).toBe(events);
    expect(await count('applied_writes')).toBe(applied);
    expect(await pull(cart, 'wishlist')).toEqual(before);
  });

  it('answers a resent order with the server\'s copy, so a device whose first answer was lost gets its server-owned fields', async () => {
    const cart = await newCart();
    const order = { ...SAMPLE_DOCS.orders, writeId: 'order-lost-answer' };
    expect(await pushOk(cart, 'orders', [{ newDocumentState: order }])).toEqual([]);
    const [stored] = (await pull(cart, 'orders')).documents;
    expect(stored).toMatchObject({ transmited: true, resultCode: expect.any(Number) });
    expect(await pushOk(cart, 'orders', [{ newDocumentState: order }])).toEqual([stored]);
  });

  it('takes a resent write\'s resolved merge as a new write when another write came on top meanwhile, so the device settles', async () => {
    const cart = await newCart();
    const mine = { ...SAMPLE_DOCS.orders, confirmed: false, writeId: 'device-a-1', customer_email: 'a@example.com' };
    expect(await pushOk(cart, 'orders', [{ newDocumentState: mine }])).toEqual([]);
    const first = (await pull(cart, 'orders')).documents[0]!;
    // Another device writes on top of it.
    const theirs = { ...first, writeId: 'device-b-1', customer_email: 'b@example.com' };
    expect(await pushOk(cart, 'orders', [{ assumedMasterState: first, newDocumentState: theirs }])).toEqual([]);
    const current = (await pull(cart, 'orders')).documents[0]!;
    // Device A never got its answer: it sends its write again and is answered with the current copy.
    expect(await pushOk(cart, 'orders', [{ newDocumentState: mine }])).toEqual([current]);
    // It resolves (its request fields, the shop's result fields) and sends that under its own earlier write id.
    const merged = { ...current, customer_email: 'a@example.com', writeId: 'device-a-1' };
    const events = await count('replication_events');
    expect(await pushOk(cart, 'orders', [{ assumedMasterState: current, newDocumentState: merged }])).toEqual([]);
    const [stored] = (await pull(cart, 'orders')).documents;
    expect(stored).toMatchObject({ customer_email: 'a@example.com' });
    expect(stored!.writeId).not.toBe('device-a-1');
    expect(await count('replication_events')).toBe(events + 1);
    // Sent once more (its answer lost too): the shop's copy comes back, nothing is written.
    expect(await pushOk(cart, 'orders', [{ assumedMasterState: current, newDocumentState: merged }])).toEqual([stored]);
    expect(await count('replication_events')).toBe(events + 1);
  });

  it('keeps server-owned fields from the server: a new order is not transmitted whatever the client says', async () => {
    const cart = await newCart();
    // Not confirmed (an offline order waiting for the shopper): the shop does not place it, so nothing may set these.
    await pushOk(cart, 'orders', [{ newDocumentState: { ...SAMPLE_DOCS.orders, confirmed: false, writeId: 'order-write', transmited: true, orderNumber: 'FAKE-1', status: 'complete' } }]);
    const [order] = (await pull(cart, 'orders')).documents;
    expect(order).toMatchObject({ transmited: false });
    expect(order).not.toHaveProperty('orderNumber');
    expect(order).not.toHaveProperty('status');
  });

  it('refuses an invalid document with 400 naming the field, and writes none of the batch', async () => {
    const cart = await newCart();
    const events = await count('replication_events');
    const bad = { ...SAMPLE_DOCS.cart, ops: [{ id: 'op', kind: 'add', qty: -1, at: 1, replica: 'r' }] };
    const { status, body } = await push(cart, 'cart', [{ newDocumentState: { ...SAMPLE_DOCS.cart, id: 'ok:0123456789abcdef', writeId: 'good' } }, { newDocumentState: bad }]);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, result: { error: 'bad_request', message: expect.stringContaining('rows.1.newDocumentState.ops.0.qty') } });
    expect(await count('replication_events')).toBe(events);

    const missing = await push(cart, 'cart', [{ newDocumentState: { ...SAMPLE_DOCS.cart, sku: undefined } }]);
    expect(missing.body.result.message).toMatch(/rows\.0\.newDocumentState\.sku: expected string, but it is missing/);
    for (const body of [{}, [{}], [{ newDocumentState: 'x' }], [{ newDocumentState: { ...SAMPLE_DOCS.cart, _deleted: 'yes' } }]]) {
      const answer = await push(cart, 'cart', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(400);
    }
    const text = await app.inject({ method: 'POST', url: `/api/replication/cart/push?cartId=${cart}`, headers: { 'content-type': 'text/plain' }, payload: 'rows' });
    expect(text.statusCode).toBe(400);
    expect(text.json().result.message).toMatch(/JSON array/);
  });
});

describe('pull', () => {
  it('pages through the documents by checkpoint, each stamp above the last even within one millisecond', async () => {
    const cart = await newCart();
    const skus = ['P-5', 'P-1', 'P-4', 'P-2', 'P-3'];
    await pushOk(cart, 'compare', skus.map((sku) => ({ newDocumentState: { ...entry(sku, `page-${sku}`), adds: [] } })));

    const seen: Pulled[] = [];
    let query = '&limit=2';
    for (let page = 0; page < 5; page++) {
      const { documents, checkpoint } = await pull(cart, 'compare', query);
      if (documents.length === 0) {
        expect(checkpoint).toEqual({ id: seen.at(-1)!.id, updatedAt: seen.at(-1)!.updatedAt });
        break;
      }
      expect(documents.length).toBeLessThanOrEqual(2);
      expect(checkpoint).toEqual({ id: documents.at(-1)!.id, updatedAt: documents.at(-1)!.updatedAt });
      seen.push(...documents);
      query = `&limit=2&updatedAt=${checkpoint!.updatedAt}&id=${encodeURIComponent(checkpoint!.id)}`;
    }
    // In write order (the clock of the test app stands still, the stamps do not).
    expect(seen.map((d) => d.id)).toEqual(skus);
    const stamps = seen.map((d) => d.updatedAt);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);

    // The checkpoint may also come as JSON.
    const after = await pull(cart, 'compare', `&checkpoint=${encodeURIComponent(JSON.stringify({ id: seen[2]!.id, updatedAt: seen[2]!.updatedAt }))}`);
    expect(after.documents.map((d) => d.id)).toEqual(skus.slice(3));
  });

  it('answers no documents and no checkpoint for an empty collection', async () => {
    expect(await pull(await newCart(), 'checkoutDrafts')).toEqual({ documents: [], checkpoint: null });
  });

  it('returns a deleted document with _deleted: true after its deletion, and never forgets it', async () => {
    const cart = await newCart();
    await pushOk(cart, 'wishlist', [{ newDocumentState: entry('D-1', 'd-1') }, { newDocumentState: entry('D-2', 'd-2') }]);
    const first = await pull(cart, 'wishlist');
    const target = first.documents.find((d) => d.id === 'D-1')!;
    await pushOk(cart, 'wishlist', [{ assumedMasterState: assumed(target), newDocumentState: { ...entry('D-1', 'd-1-deleted'), _deleted: true } }]);

    const next = await pull(cart, 'wishlist', `&updatedAt=${first.checkpoint!.updatedAt}&id=${first.checkpoint!.id}`);
    expect(next.documents).toEqual([expect.objectContaining({ id: 'D-1', _deleted: true, writeId: 'd-1-deleted' })]);
    const everything = await pull(cart, 'wishlist');
    expect(everything.documents.map((d) => [d.id, d._deleted])).toEqual([
      ['D-2', false],
      ['D-1', true],
    ]);
  });

  it('refuses a bad checkpoint or limit with a clear message', async () => {
    const cart = await newCart();
    for (const [query, message] of [
      ['&limit=0', 'limit must be between 1 and 1000'],
      ['&limit=5000', 'limit must be between 1 and 1000'],
      ['&limit=two', 'limit must be a whole number'],
      ['&updatedAt=-1', 'updatedAt must be a whole number'],
      ['&checkpoint=%7Bnope', 'checkpoint must be JSON'],
      ['&checkpoint=%7B%22id%22%3A1%7D', 'Invalid checkpoint'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/replication/cart/pull?cartId=${cart}${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().result.message).toContain(message);
    }
  });
});

describe('the retired syncTasks collection (decision 042: a device-only queue now)', () => {
  /** A task as the last release's tab pushes it (version 0 of the replicated collection). */
  const oldTask = (id: string) => ({
    id,
    updatedAt: 100,
    writeId: `w-${id}`,
    url: '/api/user/me',
    payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: { customer: { firstname: 'Anna' } } },
    silent: false,
    is_result_cacheable: false,
    acknowledged: false,
    created_at: 90,
    transmited: false,
    _deleted: false,
  });
  const tables = async () => ({ documents: await count('replicated_documents'), events: await count('replication_events'), writes: await count('applied_writes') });

  it('answers an old tab’s pull with no documents and the checkpoint it asked for, so it settles', async () => {
    const cart = await newCart();
    expect(await pull(cart, 'syncTasks')).toEqual({ documents: [], checkpoint: null });
    expect(await pull(cart, 'syncTasks', '&updatedAt=120&id=task-1&limit=10')).toEqual({ documents: [], checkpoint: { id: 'task-1', updatedAt: 120 } });
  });

  it('answers an old tab’s push with no conflicts and stores nothing of it, not even its write id', async () => {
    const cart = await newCart();
    const before = await tables();
    expect(await pushOk(cart, 'syncTasks', [{ assumedMasterState: null, newDocumentState: oldTask('task-a') }, { newDocumentState: oldTask('task-b') }])).toEqual([]);
    // The same push again (an old tab retrying) is answered the same.
    expect(await pushOk(cart, 'syncTasks', [{ assumedMasterState: null, newDocumentState: oldTask('task-a') }])).toEqual([]);
    expect(await tables()).toEqual(before);
    expect(await pull(cart, 'syncTasks')).toEqual({ documents: [], checkpoint: null });
  });

  it('still asks for the owner and a well-formed request, as every replication call does', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/replication/syncTasks/pull' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/replication/syncTasks/push?cartId=nope', payload: [] })).statusCode).toBe(401);
    const cart = await newCart();
    expect((await app.inject({ method: 'GET', url: `/api/replication/syncTasks/pull?cartId=${cart}&limit=0` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/replication/syncTasks/push?cartId=${cart}`, payload: { not: 'an array' } })).statusCode).toBe(400);
  });

  it('has no stream: a ticket for it is a 404 like any collection that is not replicated', async () => {
    const cart = await newCart();
    const ticket = await app.inject({ method: 'POST', url: `/api/replication/syncTasks/stream-ticket?cartId=${cart}` });
    expect(ticket.statusCode).toBe(404);
  });

  it('is refused by the repository itself, so no other path stores it', async () => {
    const repository = new ReplicationRepository(app.db, new InProcessChangeFeed(), () => TEST_NOW.getTime());
    const owner = `guest:${await newCart()}`;
    const before = await tables();
    // The name the route no longer hands over: a write of it by any other path is a bug, refused whole.
    await expect(repository.push('syncTasks' as CollectionName, owner, [{ newDocumentState: oldTask('task-c') }])).rejects.toThrow(/no longer replicated/);
    await expect(repository.writeServerSide('syncTasks' as CollectionName, owner, 'task-d', async () => ({ data: oldTask('task-d') }))).rejects.toThrow(/no longer replicated/);
    expect(await tables()).toEqual(before);
  });
});

describe('two devices changing one cart line', () => {
  const merge = REPLICATED_COLLECTIONS.cart.merge;
  const line = (pulled: Pulled): CartLineDoc => {
    const { _deleted: _ignored, ...doc } = pulled;
    return doc as unknown as CartLineDoc;
  };

  /** What a client's conflict handler does: merge with the server's copy and push again. */
  async function pushResolving(cart: string, local: CartLineDoc, master: Pulled | null): Promise<void> {
    let assumedState = master;
    let next = local;
    for (let round = 0; round < 3; round++) {
      const conflicts = await pushOk(cart, 'cart', [{ assumedMasterState: assumedState, newDocumentState: { ...next, _deleted: false } }]);
      if (conflicts.length === 0) return;
      const real = conflicts[0]!;
      const resolved = merge(line(real), next);
      if (resolved === line(real) || resolved.writeId === real.writeId) return;
      assumedState = real;
      next = resolved;
    }
    throw new Error('no convergence after 3 rounds');
  }

  it('adds made offline on both devices add up, whichever pushes first', async () => {
    const cart = await newCart();
    const start: CartLineDoc = { ...SAMPLE_DOCS.cart, writeId: 'start', ops: [{ id: 'start', kind: 'set', qty: 1, at: 10, replica: 'phone' }], qty: 1 };
    await pushOk(cart, 'cart', [{ newDocumentState: start }]);
    const [master] = (await pull(cart, 'cart')).documents;

    const phone = applyCartOp(line(master!), addToLineOp(2, { id: 'phone-add', at: 20, replica: 'phone' }));
    const laptop = applyCartOp(line(master!), addToLineOp(3, { id: 'laptop-add', at: 21, replica: 'laptop' }));
    await pushResolving(cart, phone, master!);
    await pushResolving(cart, laptop, master!);

    const [result] = (await pull(cart, 'cart')).documents;
    expect(result!.qty).toBe(6);
    expect((result!.ops as Array<{ id: string }>).map((op) => op.id).sort()).toEqual(['laptop-add', 'phone-add', 'start']);

    // The phone, still holding its own pushed copy as master, writes again: it conflicts, merges and converges.
    const phoneAgain = applyCartOp(phone, addToLineOp(1, { id: 'phone-add-2', at: 30, replica: 'phone' }));
    await pushResolving(cart, phoneAgain, { ...phone, _deleted: false } as unknown as Pulled);
    const [final] = (await pull(cart, 'cart')).documents;
    expect(final!.qty).toBe(7);
    // Both devices end with the server's copy: merging it with what either holds adds nothing.
    expect(merge(line(final!), line(final!))).toEqual(line(final!));
    expect(merge(line(final!), phoneAgain).ops).toEqual(line(final!).ops);
    expect(merge(line(final!), laptop).ops).toEqual(line(final!).ops);
  });
});
