// @vitest-environment node
/**
 * The forced conflict against the real shop: the Fastify app on a SQLite file (the server's own test app, loaded by
 * address so the client's program does not type-check the server), over HTTP, with its real server-sent-event stream.
 */
import { cartItemFor, type CartLineDoc } from '@shop/shared/cart/index';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabasesAfterEach, eventually, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { addItems } from '../cart/cart.collection.ts';
import { forceConflict, OTHER_DEVICE_REPLICA } from './force-conflict.ts';
import { onReplicationEvent, type ReplicationEvent } from './replication-events.ts';
import { EVENT_SOURCE_CLOSED, startReplication, type EventSourceLike } from './replication.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

interface ShopApp {
  listen(options: { port: number; host: string }): Promise<string>;
  inject(options: { method: string; url: string }): Promise<{ json(): { result: unknown } }>;
}
const serverTests = new URL('../../../../server/src/test/', import.meta.url).href;
const { buildTestApp } = (await import(/* @vite-ignore */ `${serverTests}build-test-app.ts`)) as { buildTestApp(options: { catalogue: unknown }): Promise<ShopApp> };
const { fixtureCatalogue } = (await import(/* @vite-ignore */ `${serverTests}fixture-catalogue.ts`)) as { fixtureCatalogue(): unknown };

let app: ShopApp;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({ catalogue: fixtureCatalogue() });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

/** Node has no EventSource: the part the replication uses, read from a streamed fetch. */
function openStream(url: string): EventSourceLike {
  const controller = new AbortController();
  const source: EventSourceLike & { readyState: number } = {
    readyState: 0,
    onmessage: null,
    onerror: null,
    close() {
      source.readyState = EVENT_SOURCE_CLOSED;
      controller.abort();
    },
  };
  void (async () => {
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
      if (!response.ok || !response.body) throw new Error(`The stream answered ${response.status}`);
      source.readyState = 1;
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) source.onmessage?.({ data });
        }
      }
      throw new Error('The stream ended');
    } catch (error) {
      if (source.readyState === EVENT_SOURCE_CLOSED) return;
      source.readyState = EVENT_SOURCE_CLOSED;
      source.onerror?.(error);
    }
  })();
  return source;
}

const watch = { sku: 'W-1', type_id: 'simple' as const, name: 'Omega Seamaster Aqua Terra', image: '/media/w-1.svg', url_path: 'omega-seamaster-aqua-terra', price_incl_tax: 5000 };

describe('a forced conflict on the real shop', () => {
  let events: ReplicationEvent[] = [];
  let stop = () => {};
  beforeEach(() => {
    events = [];
    stop = onReplicationEvent((event) => events.push(event));
  });
  afterAll(() => stop());

  it("goes through the shop's push endpoint and the merge, and the shop ends with the merged line", async () => {
    const token = (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;
    const db = await testDatabase();
    const replication = startReplication({
      database: db,
      owner: { cartToken: token },
      collections: ['cart'],
      waitForLeadership: false,
      retryTime: 100,
      baseUrl: base,
      openStream,
      listenForOnline: false,
    });
    let n = 0;
    const write = () => ({ id: `phone-${(n += 1)}`, at: Date.now() + n, replica: 'phone' });
    const [added] = await addItems(db.collections.cart, [cartItemFor(watch, 2)], write);
    const id = added!.line.id;
    const onShop = async () => (await app.inject({ method: 'GET', url: `/api/replication/cart/pull?cartId=${token}` })).json().result as { documents: CartLineDoc[] };
    await eventually(async () => expect((await onShop()).documents).toMatchObject([{ id, qty: 2 }]));
    await eventually(() => expect(events).toContainEqual(expect.objectContaining({ collection: 'cart', type: 'stream', state: 'open' })));
    await replication.awaitInSync();

    const outcome = await forceConflict({ database: db, replication }, 'cart', id);

    expect(outcome).toMatchObject({ ok: true, collection: 'cart', id });
    const conflicts = events.filter((event): event is Extract<ReplicationEvent, { type: 'conflict' }> => event.type === 'conflict');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ collection: 'cart', id, local: { qty: 3 }, server: { qty: 3 }, result: { qty: 4 } });
    expect((conflicts[0]!.server as CartLineDoc).ops.map((op) => op.replica)).toContain(OTHER_DEVICE_REPLICA);
    expect((await onShop()).documents).toMatchObject([{ id, qty: 4 }]);
    await eventually(async () => expect((await db.collections.cart.findOne(id).exec())?.qty).toBe(4));
    await replication.awaitInSync();
    expect(events.filter((event) => event.type === 'conflict')).toHaveLength(1);
    await replication.cancel();
  });
});
