// @vitest-environment node
import { cartItemFor, type CartLineDoc } from '@shop/shared/cart/index';
import type { SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSyncServer, testDevice, type TestDevice } from '../../test/fake-sync-server.ts';
import { closeTestDatabasesAfterEach, eventually, quietRxdbNotice } from '../../test/rxdb-test-utils.ts';
import { addItems } from '../cart/cart.collection.ts';
import { addToList } from '../wishlist/sku-list.collection.ts';
import { forceConflict, OTHER_DEVICE_REPLICA } from './force-conflict.ts';
import { onReplicationEvent, type ReplicationEvent } from './replication-events.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const ring = { sku: 'RING-1', type_id: 'simple' as const, name: 'Ring', image: '/media/ring.svg', url_path: 'ring', price_incl_tax: 1210 };

let events: ReplicationEvent[] = [];
let stopRecording = () => {};
beforeEach(() => {
  events = [];
  stopRecording = onReplicationEvent((event) => events.push(event));
});
afterEach(() => stopRecording());



const device = (server: FakeSyncServer, token: string) => testDevice(server, token);

async function addRing(on: TestDevice, qty: number): Promise<CartLineDoc> {
  const [added] = await addItems(on.db.collections.cart, [cartItemFor(ring, qty)], on.write);
  return added!.line;
}

const conflicts = () => events.filter((event): event is Extract<ReplicationEvent, { type: 'conflict' }> => event.type === 'conflict');
const replicas = (line: CartLineDoc) => line.ops.map((op) => op.replica).sort();

describe('forcing a conflict on a document (the visualizer\'s fault switch)', () => {
  it("makes a genuine conflict on a cart line: another device's add on the server, this device's add before pulling it, merged to both", async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token);
    const line = await addRing(phone, 2);
    await eventually(() => expect(server.list('cart', token)).toMatchObject([{ id: line.id, qty: 2 }]));
    await phone.replication.awaitInSync();
    const pushesBefore = server.requests.filter((request) => request === 'POST /api/replication/cart/push').length;

    const outcome = await forceConflict({ database: phone.db, replication: phone.replication }, 'cart', line.id);

    expect(outcome).toMatchObject({ ok: true, collection: 'cart', id: line.id });
    // Exactly one resolution, told with both sides and the merge's result.
    expect(conflicts()).toHaveLength(1);
    const [conflict] = conflicts();
    expect(conflict).toMatchObject({ collection: 'cart', id: line.id });
    const local = conflict!.local as CartLineDoc;
    const onServer = conflict!.server as CartLineDoc;
    const merged = conflict!.result as CartLineDoc;
    expect(local.qty).toBe(3);
    expect(replicas(local)).toEqual(['phone', 'tab']);
    expect(onServer.qty).toBe(3);
    expect(replicas(onServer)).toEqual([OTHER_DEVICE_REPLICA, 'phone']);
    expect(merged.qty).toBe(4);
    expect(replicas(merged)).toEqual([OTHER_DEVICE_REPLICA, 'phone', 'tab']);
    expect(outcome).toMatchObject({ local, server: onServer, result: merged });
    // No RxDB bookkeeping in what is reported.
    expect(Object.keys(merged).filter((key) => key.startsWith('_') && key !== '_deleted')).toEqual([]);

    // The other device's push, this device's refused push, and the merge's push.
    expect(server.requests.filter((request) => request === 'POST /api/replication/cart/push').length - pushesBefore).toBe(3);
    expect(server.list('cart', token)).toMatchObject([{ id: line.id, qty: 4 }]);
    await eventually(async () => expect((await phone.db.collections.cart.findOne(line.id).exec())?.qty).toBe(4));
    await phone.replication.awaitInSync();
    expect(conflicts()).toHaveLength(1);
    expect(await phone.replication.unsent()).toEqual({});
    await phone.replication.cancel();
  });

  it('works on a wishlist entry too: both adds of the sku stay', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token);
    await addToList(phone.db.collections.wishlist, 'RING-1', { name: 'Ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'ring' }, phone.write);
    await eventually(() => expect(server.list('wishlist', token)).toHaveLength(1));
    await phone.replication.awaitInSync();

    const outcome = await forceConflict({ database: phone.db, replication: phone.replication }, 'wishlist', 'RING-1');

    expect(outcome.ok).toBe(true);
    expect(conflicts()).toHaveLength(1);
    const [conflict] = conflicts();
    expect((conflict!.local as SkuSetEntryDoc).adds).toHaveLength(2);
    expect((conflict!.server as SkuSetEntryDoc).adds).toHaveLength(2);
    expect((conflict!.result as SkuSetEntryDoc).adds.map((tag) => tag.replica).sort()).toEqual([OTHER_DEVICE_REPLICA, 'phone', 'tab']);
    expect((server.list('wishlist', token)[0] as SkuSetEntryDoc).adds).toHaveLength(3);
    await phone.replication.cancel();
  });

  it('answers why, without throwing, when no conflict can be made', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token);
    const target = { database: phone.db, replication: phone.replication };
    await phone.replication.awaitInSync();

    await expect(forceConflict(target, 'cart', 'no-such-line')).resolves.toMatchObject({ ok: false, reason: 'not-found' });
    await expect(forceConflict(target, 'baskets', 'x')).resolves.toMatchObject({ ok: false, reason: 'unknown-collection' });
    await expect(forceConflict(target, 'orders', 'x')).resolves.toMatchObject({ ok: false, reason: 'unsupported-collection' });
    // Compare is not replicated by this replication.
    await expect(forceConflict(target, 'compare', 'RING-1')).resolves.toMatchObject({ ok: false, reason: 'not-replicating' });
    await expect(forceConflict({ database: phone.db, replication: null }, 'cart', 'x')).resolves.toMatchObject({ ok: false, reason: 'not-replicating' });
    // A tab that does not lead replication (only its leadership differs).
    const follower = new Proxy(phone.db, { get: (db, key) => (key === 'isLeader' ? () => false : Reflect.get(db, key, db)) });
    await expect(forceConflict({ database: follower, replication: phone.replication }, 'cart', 'x')).resolves.toMatchObject({ ok: false, reason: 'not-leader' });

    // A line that has not reached the server yet has no server copy to change.
    server.online = false;
    const line = await addRing(phone, 1);
    await expect(forceConflict(target, 'cart', line.id)).resolves.toMatchObject({ ok: false, reason: 'not-on-server' });
    // Nothing was held back: the line still goes once the shop is back, without any conflict.
    server.online = true;
    await eventually(() => expect(server.list('cart', token)).toMatchObject([{ id: line.id, qty: 1 }]));
    expect(conflicts()).toEqual([]);
    await phone.replication.cancel();
  });

  it('tells a server that cannot be reached for the other write', async () => {
    const server = new FakeSyncServer();
    const token = server.createCart();
    const phone = await device(server, token);
    const line = await addRing(phone, 1);
    await eventually(() => expect(server.list('cart', token)).toHaveLength(1));
    await phone.replication.awaitInSync();
    server.online = false;
    await expect(forceConflict({ database: phone.db, replication: phone.replication }, 'cart', line.id)).resolves.toMatchObject({
      ok: false,
      reason: 'server-refused',
      detail: 'Failed to fetch',
    });
    // This device wrote nothing.
    expect((await phone.db.collections.cart.findOne(line.id).exec())?.qty).toBe(1);
    server.online = true;
    await phone.replication.cancel();
  });
});
