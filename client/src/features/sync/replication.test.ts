// @vitest-environment node
import { cartItemFor, type CartLineDoc } from '@shop/shared/cart/index';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSyncServer, testDevice } from '../../test/fake-sync-server.ts';
import { closeTestDatabasesAfterEach, eventually, quietRxdbNotice } from '../../test/rxdb-test-utils.ts';
import { addItems, removeLine, setLineQty, visibleLines } from '../cart/cart.collection.ts';
import { addToList } from '../wishlist/sku-list.collection.ts';
import { onReplicationEvent, type ReplicationEvent } from './replication-events.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const ring = { sku: 'RING-1', type_id: 'simple' as const, name: 'Ring', image: '/media/ring.svg', url_path: 'ring', price_incl_tax: 1210 };
const watch = { ...ring, sku: 'WATCH-1', name: 'Watch', price_incl_tax: 5000 };



const device = (server: FakeSyncServer, token: string, replica: string, onUnauthorized?: () => void) =>
  testDevice(server, token, replica, onUnauthorized ? { onUnauthorized } : {});

const quantities = (lines: CartLineDoc[]) => Object.fromEntries(lines.map((line) => [line.sku, line.qty]));

describe('replication through the server', () => {
  it('pushes a local add, and the server hands out the item id that comes back to the device', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 2)], phone.write);
    await eventually(() => expect(server.list('cart', token)).toMatchObject([{ sku: 'RING-1', qty: 2, serverItemId: '1' }]));
    await eventually(async () => expect((await visibleLines(phone.db.collections.cart))[0]).toMatchObject({ qty: 2, serverItemId: '1' }));
    await phone.replication.cancel();
  });

  it("gets the server's copy when a push was applied but its answer was lost (the copy streamed while the write was unsent)", async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 1)], phone.write);
    await eventually(async () => expect((await visibleLines(phone.db.collections.cart))[0]).toMatchObject({ qty: 1, serverItemId: '1' }));
    server.loseAnswers = 1;
    const [line] = await visibleLines(phone.db.collections.cart);
    await setLineQty(phone.db.collections.cart, line!.id, 3, phone.write);
    await eventually(() => expect(server.list('cart', token)).toMatchObject([{ sku: 'RING-1', qty: 3 }]));
    // RxDB sends the write again; the shop answers its own copy (server-stamped), which the device takes as it is.
    const [stored] = server.list('cart', token);
    await eventually(async () => expect((await visibleLines(phone.db.collections.cart))[0]).toMatchObject({ qty: 3, updatedAt: stored!.updatedAt }));
    expect(server.loseAnswers).toBe(0);
    await phone.replication.cancel();
  });

  it('brings a change made on one device to another one through the stream', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    const laptop = await device(server, token, 'laptop');
    await addItems(phone.db.collections.cart, [cartItemFor(watch, 1)], phone.write);
    await eventually(async () => expect(quantities(await visibleLines(laptop.db.collections.cart))).toEqual({ 'WATCH-1': 1 }));
    await Promise.all([phone.replication.cancel(), laptop.replication.cancel()]);
  });

  it('adds up two offline adds made on two devices once both are back', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    const laptop = await device(server, token, 'laptop');
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 1)], phone.write);
    await eventually(async () => expect(quantities(await visibleLines(laptop.db.collections.cart))).toEqual({ 'RING-1': 1 }));

    server.online = false;
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 1)], phone.write);
    await addItems(laptop.db.collections.cart, [cartItemFor(ring, 2)], laptop.write);
    server.online = true;
    phone.replication.reSync();
    laptop.replication.reSync();

    await eventually(() => expect(quantities(server.list('cart', token) as CartLineDoc[])).toEqual({ 'RING-1': 4 }));
    await eventually(async () => expect(quantities(await visibleLines(phone.db.collections.cart))).toEqual({ 'RING-1': 4 }));
    await eventually(async () => expect(quantities(await visibleLines(laptop.db.collections.cart))).toEqual({ 'RING-1': 4 }));
    await Promise.all([phone.replication.cancel(), laptop.replication.cancel()]);
  });

  it('converges on concurrent set-quantity and remove from two devices', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    const laptop = await device(server, token, 'laptop');
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 1), cartItemFor(watch, 1)], phone.write);
    await eventually(async () => expect(await visibleLines(laptop.db.collections.cart)).toHaveLength(2));

    server.online = false;
    const [ringLine] = (await visibleLines(phone.db.collections.cart)).filter((line) => line.sku === 'RING-1');
    await setLineQty(phone.db.collections.cart, ringLine!.id, 5, phone.write);
    await removeLine(laptop.db.collections.cart, ringLine!.id, laptop.write);
    await setLineQty(laptop.db.collections.cart, (await visibleLines(laptop.db.collections.cart))[0]!.id, 3, laptop.write);
    server.online = true;
    phone.replication.reSync();
    laptop.replication.reSync();

    await eventually(async () => {
      const onPhone = quantities(await visibleLines(phone.db.collections.cart));
      const onLaptop = quantities(await visibleLines(laptop.db.collections.cart));
      expect(onPhone).toEqual(onLaptop);
      expect(quantities(server.list('cart', token).filter((doc) => (doc as CartLineDoc).qty > 0) as CartLineDoc[])).toEqual(onPhone);
      expect(onPhone['WATCH-1']).toBe(3);
    });
    await Promise.all([phone.replication.cancel(), laptop.replication.cancel()]);
  });

  it("holds back the server's changes to one collection, in order, while asked to (the visualizer's forced conflict)", async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    const laptop = await device(server, token, 'laptop');
    await addItems(laptop.db.collections.cart, [cartItemFor(ring, 1)], laptop.write);
    await eventually(async () => expect(quantities(await visibleLines(phone.db.collections.cart))).toEqual({ 'RING-1': 1 }));

    const release = phone.replication.holdIncoming('cart');
    await addItems(laptop.db.collections.cart, [cartItemFor(ring, 1)], laptop.write);
    await addItems(laptop.db.collections.cart, [cartItemFor(watch, 1)], laptop.write);
    await eventually(() => expect(quantities(server.list('cart', token) as CartLineDoc[])).toEqual({ 'RING-1': 2, 'WATCH-1': 1 }));
    // Neither the stream's messages nor a pull asked for meanwhile reach the cart here.
    phone.replication.reSync();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(quantities(await visibleLines(phone.db.collections.cart))).toEqual({ 'RING-1': 1 });
    // What this device writes still goes out.
    await addToList(phone.db.collections.wishlist, 'RING-1', ring, phone.write);
    await eventually(() => expect(server.list('wishlist', token)).toHaveLength(1));

    release();
    await eventually(async () => expect(quantities(await visibleLines(phone.db.collections.cart))).toEqual({ 'RING-1': 2, 'WATCH-1': 1 }));
    await Promise.all([phone.replication.cancel(), laptop.replication.cancel()]);
  });

  it('tells the cart connection when the server no longer knows the token', async () => {
    const server = new FakeSyncServer();
    let refused = 0;
    const phone = await device(server, 'forgotten-token', 'phone', () => (refused += 1));
    await eventually(() => expect(refused).toBeGreaterThan(0));
    await phone.replication.cancel();
  });
});

describe("the replication's event feed (the visualizer's replication inspector)", { timeout: 60_000 }, () => {
  // Several rounds through the (fake) server, RxDB and timers each: a loaded machine can need more than 5 s for one.
  const soon = (check: () => Promise<void> | void) => eventually(check, 15_000);

  function record(): { events: ReplicationEvent[]; stop: () => void; of: (collection: string, type: ReplicationEvent['type']) => ReplicationEvent[] } {
    const events: ReplicationEvent[] = [];
    const stop = onReplicationEvent((event) => events.push(event));
    return { events, stop, of: (collection, type) => events.filter((event) => event.collection === collection && event.type === type) };
  }

  it('tells each collection its start, the stream opening, RESYNCs, pulls with their checkpoint and pushes, and the stop', async () => {
    const feed = record();
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    await soon(() => {
      expect(feed.of('cart', 'started')).toHaveLength(1);
      expect(feed.of('wishlist', 'started')).toHaveLength(1);
      expect(feed.of('cart', 'stream').map((event) => (event as { state: string }).state)).toEqual(['connecting', 'open']);
      expect(feed.of('cart', 'resync')).toMatchObject([{ cause: 'stream' }]);
      expect(feed.of('wishlist', 'pull')).toMatchObject([{ via: 'request', documents: 0, checkpoint: null }]);
    });
    // The shop ends the stream: it opens again with a new ticket, and its RESYNC reaches the wishlist (no stream of its own).
    server.endStreams();
    await soon(() => {
      expect(feed.of('cart', 'stream').map((event) => (event as { state: string }).state)).toEqual(['connecting', 'open', 'retrying', 'connecting', 'open']);
      expect(feed.of('cart', 'resync')).toMatchObject([{ cause: 'stream' }, { cause: 'stream' }]);
      expect(feed.of('wishlist', 'resync')).toMatchObject([{ cause: 'other-stream' }]);
    });
    expect(feed.of('wishlist', 'stream')).toEqual([]);

    await addItems(phone.db.collections.cart, [cartItemFor(ring, 2)], phone.write);
    await soon(() => expect(feed.of('cart', 'push')).toMatchObject([{ documents: 1, conflicts: 0 }]));
    // The server's stamped copy comes back on the stream, with the checkpoint it reached.
    const [stored] = server.list('cart', token);
    await soon(() =>
      expect(feed.of('cart', 'pull').filter((event) => (event as { via?: string }).via === 'stream')).toContainEqual(
        expect.objectContaining({ documents: 1, checkpoint: { id: stored!.id, updatedAt: stored!.updatedAt } }),
      ),
    );
    await soon(async () => expect(await phone.replication.checkpoints()).toEqual({ cart: { id: stored!.id, updatedAt: stored!.updatedAt }, wishlist: null }));
    // A pull asked for (reSync, the `online` event) answers the checkpoint it reached.
    phone.replication.reSync();
    await soon(() => {
      expect(feed.of('cart', 'resync')).toContainEqual(expect.objectContaining({ cause: 'asked' }));
      expect(feed.of('cart', 'pull').at(-1)).toMatchObject({ via: 'request', documents: 0, checkpoint: { id: stored!.id, updatedAt: stored!.updatedAt } });
    });
    expect(feed.events.every((event) => event.collection === 'cart' || event.collection === 'wishlist')).toBe(true);

    await phone.replication.cancel();
    expect(feed.of('cart', 'stream').at(-1)).toMatchObject({ state: 'stopped' });
    expect(feed.of('cart', 'cancelled')).toHaveLength(1);
    expect(feed.of('wishlist', 'cancelled')).toHaveLength(1);
    feed.stop();
  });

  it('tells a failed push with the time RxDB tries again, and the stream retrying', async () => {
    const feed = record();
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token, 'phone');
    await soon(() => {
      expect(feed.of('cart', 'stream').at(-1)).toMatchObject({ state: 'open' });
      expect(feed.of('wishlist', 'pull')).toHaveLength(1);
    });
    await phone.replication.awaitInSync();

    server.online = false;
    const before = Date.now();
    await addItems(phone.db.collections.cart, [cartItemFor(ring, 1)], phone.write);
    await soon(() => expect(feed.of('cart', 'error').length).toBeGreaterThan(0));
    const [error] = feed.of('cart', 'error') as Array<Extract<ReplicationEvent, { type: 'error' }>>;
    expect(error!.message).toBe('Failed to fetch');
    // RxDB waits `retryTime` (50 ms here) after a failed push.
    expect(error!.nextRetryAt).toBe(error!.at + 50);
    expect(error!.at).toBeGreaterThanOrEqual(before);
    expect(feed.of('wishlist', 'error')).toEqual([]);
    expect(await phone.replication.unsent()).toEqual({ cart: [expect.any(String)] });

    // The stream ends (the shop restarted): its new ticket cannot be had while the shop is away.
    server.endStreams();
    await soon(() => expect(feed.of('cart', 'stream')).toContainEqual(expect.objectContaining({ state: 'retrying', nextRetryAt: expect.any(Number) })));
    server.online = true;
    await soon(() => expect(server.list('cart', token)).toHaveLength(1));
    await soon(() => expect(feed.of('cart', 'stream').at(-1)).toMatchObject({ state: 'open' }));
    expect(await phone.replication.unsent()).toEqual({});
    await phone.replication.cancel();
    feed.stop();
  });
});
