import { describe, expect, it } from 'vitest';
import type { CartLineDoc } from '../cart/cart.schema.ts';
import { COLLECTION_NAMES, DATABASE_COLLECTIONS, LOCAL_COLLECTIONS, REPLICATED_COLLECTIONS, isCollectionName, withoutClientResultFields } from './collections.ts';
import type { OrderDoc } from './order.schema.ts';
import { SAMPLE_DOCS } from './test-documents.ts';

describe('REPLICATED_COLLECTIONS', () => {
  it('lists the five replicated collections, and the sync tasks as the one device-only collection (decision 042)', () => {
    expect(COLLECTION_NAMES).toEqual(['cart', 'wishlist', 'compare', 'checkoutDrafts', 'orders']);
    expect(LOCAL_COLLECTIONS).toEqual(['syncTasks']);
    // Stack notes COL23: the browser opens six collections, never a seventh.
    expect(DATABASE_COLLECTIONS).toHaveLength(6);
    expect(isCollectionName('syncTasks')).toBe(false);
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
    const pushed: OrderDoc = { ...SAMPLE_DOCS.orders, transmited: true, result: { ok: true }, resultCode: 200 };
    expect(withoutClientResultFields('orders', pushed, undefined)).toEqual({ ...SAMPLE_DOCS.orders, transmited: false });
    const line: CartLineDoc = { ...SAMPLE_DOCS.cart, serverItemId: 'forged' };
    expect(withoutClientResultFields('cart', line, undefined)).toEqual(SAMPLE_DOCS.cart);
  });
});

describe('merge of orders', () => {
  it('takes the request from the client and the result from the server', () => {
    const master: OrderDoc = { ...SAMPLE_DOCS.orders, updatedAt: 200, writeId: 'w1', transmited: true, orderNumber: '000000042', status: 'Pending' };
    const local: OrderDoc = { ...SAMPLE_DOCS.orders, writeId: 'w2', confirmed: true, comment: 'Leave at the door', transmited: false };
    expect(REPLICATED_COLLECTIONS.orders.merge(master, local)).toEqual({ ...master, comment: 'Leave at the door', writeId: 'w2' });
  });

  it('answers the master itself when the client adds nothing', () => {
    const master: OrderDoc = { ...SAMPLE_DOCS.orders, updatedAt: 300, transmited: true, resultCode: 200, result: { qty: 3 } };
    const local: OrderDoc = { ...SAMPLE_DOCS.orders, writeId: 'w0' };
    expect(REPLICATED_COLLECTIONS.orders.merge(master, local)).toBe(master);
  });
});
