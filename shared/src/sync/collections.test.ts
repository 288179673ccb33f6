import { describe, expect, it } from 'vitest';
import type { CartLineDoc } from '../cart/cart.schema.ts';
import { COLLECTION_NAMES, REPLICATED_COLLECTIONS, isCollectionName, withoutClientResultFields } from './collections.ts';
import type { OrderDoc } from './order.schema.ts';
import type { SyncTaskDoc } from './sync-task.schema.ts';
import { SAMPLE_DOCS } from './test-documents.ts';

describe('REPLICATED_COLLECTIONS', () => {
  it('lists the six collections of decision 010', () => {
    expect(COLLECTION_NAMES).toEqual(['cart', 'wishlist', 'compare', 'checkoutDrafts', 'orders', 'syncTasks']);
    expect(Object.keys(REPLICATED_COLLECTIONS).sort()).toEqual([...COLLECTION_NAMES].sort());
    expect(isCollectionName('orders')).toBe(true);
    expect(isCollectionName('users')).toBe(false);
  });

  it.each(COLLECTION_NAMES)('%s: a sample document passes its schema and merges with itself to itself', (name) => {
    const definition = REPLICATED_COLLECTIONS[name] as (typeof REPLICATED_COLLECTIONS)['cart'];
    const doc = SAMPLE_DOCS[name] as CartLineDoc;
    expect(definition.schema.safeParse(doc).success).toBe(true);
    expect(definition.merge(doc, doc)).toBe(doc);
  });

  it.each(COLLECTION_NAMES)('%s: every document needs id, updatedAt and writeId', (name) => {
    const { id: _id, ...withoutId } = SAMPLE_DOCS[name];
    const { writeId: _writeId, ...withoutWriteId } = SAMPLE_DOCS[name];
    expect(REPLICATED_COLLECTIONS[name].schema.safeParse(withoutId).success).toBe(false);
    expect(REPLICATED_COLLECTIONS[name].schema.safeParse(withoutWriteId).success).toBe(false);
    expect(REPLICATED_COLLECTIONS[name].schema.safeParse({ ...SAMPLE_DOCS[name], updatedAt: -1 }).success).toBe(false);
  });

  it('names the server-owned fields', () => {
    expect(REPLICATED_COLLECTIONS.cart.serverOwnedFields).toEqual(['serverItemId', 'stockNote']);
    expect(REPLICATED_COLLECTIONS.orders.serverOwnedFields).toEqual(
      expect.arrayContaining(['transmited', 'transmited_at', 'result', 'resultCode', 'increment_id', 'orderNumber', 'status']),
    );
    expect(REPLICATED_COLLECTIONS.syncTasks.serverOwnedFields).toEqual(expect.arrayContaining(['transmited', 'result', 'resultCode', 'code']));
    expect(REPLICATED_COLLECTIONS.syncTasks.serverOwnedFields).not.toContain('acknowledged');
    expect(REPLICATED_COLLECTIONS.wishlist.serverOwnedFields).toEqual([]);
  });
});

describe('withoutClientResultFields', () => {
  it('keeps the server copy of result fields in a push', () => {
    const current: OrderDoc = { ...SAMPLE_DOCS.orders, transmited: true, orderNumber: '000000042', status: 'Pending' };
    const pushed: OrderDoc = { ...SAMPLE_DOCS.orders, comment: 'Gift wrap', transmited: false, status: 'Complete', resultCode: 200 };
    expect(withoutClientResultFields('orders', pushed, current)).toEqual({ ...current, comment: 'Gift wrap' });
  });

  it('gives a new document the collection defaults', () => {
    const pushed: SyncTaskDoc = { ...SAMPLE_DOCS.syncTasks, transmited: true, result: { ok: true }, resultCode: 200 };
    expect(withoutClientResultFields('syncTasks', pushed, undefined)).toEqual({ ...SAMPLE_DOCS.syncTasks, transmited: false });
    const line: CartLineDoc = { ...SAMPLE_DOCS.cart, serverItemId: 'forged' };
    expect(withoutClientResultFields('cart', line, undefined)).toEqual(SAMPLE_DOCS.cart);
  });
});

describe('merge of orders and sync tasks', () => {
  it('takes the request from the client and the result from the server', () => {
    const master: OrderDoc = { ...SAMPLE_DOCS.orders, updatedAt: 200, writeId: 'w1', transmited: true, orderNumber: '000000042', status: 'Pending' };
    const local: OrderDoc = { ...SAMPLE_DOCS.orders, writeId: 'w2', confirmed: true, comment: 'Leave at the door', transmited: false };
    expect(REPLICATED_COLLECTIONS.orders.merge(master, local)).toEqual({ ...master, comment: 'Leave at the door', writeId: 'w2' });
  });

  it('answers the master itself when the client adds nothing', () => {
    const master: SyncTaskDoc = { ...SAMPLE_DOCS.syncTasks, updatedAt: 300, transmited: true, resultCode: 200, result: { qty: 3 } };
    const local: SyncTaskDoc = { ...SAMPLE_DOCS.syncTasks, writeId: 'w0' };
    expect(REPLICATED_COLLECTIONS.syncTasks.merge(master, local)).toBe(master);
  });

  it('lets the client acknowledge a result', () => {
    const master: SyncTaskDoc = { ...SAMPLE_DOCS.syncTasks, updatedAt: 300, transmited: true, resultCode: 200 };
    const local: SyncTaskDoc = { ...SAMPLE_DOCS.syncTasks, writeId: 'w3', acknowledged: true };
    expect(REPLICATED_COLLECTIONS.syncTasks.merge(master, local)).toEqual({ ...master, acknowledged: true, writeId: 'w3' });
  });
});
