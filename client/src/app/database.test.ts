// @vitest-environment node
import { addToLineOp, applyCartOp, CartLineDocSchema, CartLineDocV0Schema, setQtyOp, type CartLineDoc } from '@shop/shared/cart/index';
import { RX_SCHEMAS } from '@shop/shared/sync/rx-schema';
import { FROZEN_CART_LINE_V0, SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { createRxDatabase, type RxJsonSchema } from 'rxdb/plugins/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase as database, testStorage as storage, uniqueDatabaseName as uniqueName } from '../test/rxdb-test-utils.ts';
import { conflictHandlerFor } from './database.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const CART_LINE_V0 = FROZEN_CART_LINE_V0;

function cartSchemaV0(): RxJsonSchema<unknown> {
  const json = z.toJSONSchema(CartLineDocV0Schema, { target: 'draft-07', io: 'input' }) as { properties: Record<string, Record<string, unknown>>; required: string[] };
  return {
    title: 'cart',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: { ...json.properties, id: { ...json.properties.id, type: 'string', maxLength: 200 } },
    required: json.required,
    indexes: ['sku', 'updatedAt'],
    additionalProperties: false,
  } as unknown as RxJsonSchema<unknown>;
}

describe('the local database', () => {
  it('opens the six replicated collections and keeps their documents across a reopen', async () => {
    const name = uniqueName();
    const db = await database(name);
    expect(Object.keys(db.collections).sort()).toEqual(['cart', 'checkoutDrafts', 'compare', 'orders', 'syncTasks', 'wishlist']);
    for (const [collection, doc] of Object.entries(SAMPLE_DOCS)) {
      await db.collections[collection as keyof typeof SAMPLE_DOCS].insert(doc as never);
    }
    await db.close();

    const again = await database(name);
    const line = await again.collections.cart.findOne(SAMPLE_DOCS.cart.id).exec();
    expect(line?.toJSON()).toMatchObject({ sku: 'RING-52', qty: 2 });
    expect(await again.collections.orders.count().exec()).toBe(1);
  });

  it('migrates a cart line stored by version 0 of the collection', async () => {
    const name = uniqueName();
    const old = await createRxDatabase({ name, storage: storage(), multiInstance: false });
    await old.addCollections({ cart: { schema: cartSchemaV0() } });
    expect(CartLineDocV0Schema.safeParse(CART_LINE_V0).success).toBe(true);
    await old.collections.cart!.insert({ ...CART_LINE_V0 });
    await old.close();

    const db = await database(name);
    const migrated = (await db.collections.cart.findOne(CART_LINE_V0.id).exec())?.toJSON() as CartLineDoc | undefined;
    expect(migrated).toMatchObject({
      id: CART_LINE_V0.id,
      qty: 3,
      serverItemId: '4711',
      ops: [{ kind: 'set', qty: 3, at: CART_LINE_V0.updatedAt, replica: 'migration' }],
      snapshot: { value: { name: 'Solitaire ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'rings/solitaire-ring.html' } },
    });
    expect(CartLineDocSchema.safeParse(migrated).success).toBe(true);
  });
});

/** The schema a collection had one version ago: the current one without the fields that version added. */
type SchemaNode = { version: number; properties: Record<string, SchemaNode>; items: SchemaNode };

function previousSchema(name: 'cart' | 'orders', drop: (schema: SchemaNode) => void): RxJsonSchema<unknown> {
  const schema = structuredClone(RX_SCHEMAS[name]) as unknown as SchemaNode;
  schema.version -= 1;
  drop(schema);
  return schema as unknown as RxJsonSchema<unknown>;
}

describe('the local database after the chosen options were added to lines and order items', () => {
  it('opens a cart stored at version 1 and orders stored at version 0, keeping their documents', async () => {
    const name = uniqueName();
    const old = await createRxDatabase({ name, storage: storage(), multiInstance: false });
    await old.addCollections({
      cart: { schema: previousSchema('cart', (schema) => delete schema.properties.snapshot!.properties.value!.properties.options), migrationStrategies: { 1: (doc: unknown) => doc } },
      orders: { schema: previousSchema('orders', (schema) => delete schema.properties.items!.items.properties.options) },
    });
    await old.collections.cart!.insert({ ...SAMPLE_DOCS.cart });
    await old.collections.orders!.insert({ ...SAMPLE_DOCS.orders });
    await old.close();

    const db = await database(name);
    expect((await db.collections.cart.findOne(SAMPLE_DOCS.cart.id).exec())?.toJSON()).toMatchObject({ qty: 2, snapshot: SAMPLE_DOCS.cart.snapshot });
    expect((await db.collections.orders.findOne(SAMPLE_DOCS.orders.id).exec())?.toJSON()).toMatchObject({ items: SAMPLE_DOCS.orders.items });
    const options = [{ code: 'size', label: 'Ring size', value: '52' }];
    await db.collections.orders.insert({ ...SAMPLE_DOCS.orders, id: 'order-2', items: [{ ...SAMPLE_DOCS.orders.items[0]!, options }] });
    expect((await db.collections.orders.findOne('order-2').exec())?.toJSON().items[0]?.options).toEqual(options);
  });
});

describe('the conflict handler', () => {
  const base: CartLineDoc = { ...SAMPLE_DOCS.cart, ops: [], qty: 0 };
  const write = (id: string, at: number, replica: string) => ({ id, at, replica });

  it('merges two offline adds so that they add up, and keeps the server-owned fields of the server', async () => {
    const handler = conflictHandlerFor('cart');
    const master = { ...applyCartOp(base, addToLineOp(1, write('a', 10, 'phone'))), updatedAt: 500, serverItemId: '7', _deleted: false };
    const local = { ...applyCartOp(base, addToLineOp(2, write('b', 11, 'laptop'))), _deleted: false };
    const resolved = await handler.resolve({ realMasterState: master, newDocumentState: local }, 'test');
    expect(resolved).toMatchObject({ qty: 3, updatedAt: 500, serverItemId: '7', writeId: 'b', _deleted: false });
    expect(handler.isEqual(resolved, master, 'test')).toBe(false);
  });

  it('answers the server copy itself when the local one adds nothing, so nothing is pushed again', async () => {
    const handler = conflictHandlerFor('cart');
    const local = { ...applyCartOp(base, addToLineOp(1, write('a', 10, 'phone'))), _deleted: false };
    const master = { ...applyCartOp(local, setQtyOp(4, write('c', 20, 'server'))), updatedAt: 900, _deleted: false };
    const resolved = await handler.resolve({ realMasterState: master, newDocumentState: local }, 'test');
    expect(resolved).toBe(master);
  });

  it('revives a line the server removed when the shopper added to it since', async () => {
    const handler = conflictHandlerFor('cart');
    const removed = { ...base, ops: [{ id: 'r', kind: 'remove' as const, qty: 0, at: 30, replica: 'server' }], qty: 0, writeId: 'r', _deleted: true };
    const local = { ...applyCartOp({ ...base, ops: [] }, addToLineOp(1, write('d', 40, 'phone'))), _deleted: false };
    const resolved = await handler.resolve({ realMasterState: removed, newDocumentState: local }, 'test');
    expect(resolved).toMatchObject({ qty: 1, _deleted: false });
  });

  it('treats copies that differ only in key order as equal', () => {
    const handler = conflictHandlerFor('wishlist');
    const doc = { ...SAMPLE_DOCS.wishlist, _deleted: false };
    const reordered = Object.fromEntries(Object.entries(doc).reverse()) as typeof doc;
    expect(handler.isEqual(doc, reordered, 'test')).toBe(true);
  });
});
