import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, REPLICATED_COLLECTIONS } from './collections.ts';
import { RX_SCHEMAS, toRxJsonSchema, type JsonSchemaNode, type RxCollectionJsonSchema } from './rx-schema.ts';

/** RxDocument members a top-level field must not shadow (RxDB dev-mode error SC17). */
const RX_DOCUMENT_MEMBERS = [
  'primaryPath', 'primary', 'revision', 'deleted', 'deleted$', 'synced', 'getLatest', 'get', 'set', 'get$', 'populate',
  'toJSON', 'toMutableJSON', 'update', 'incrementalUpdate', 'updateCRDT', 'modify', 'incrementalModify', 'patch',
  'incrementalPatch', 'remove', 'incrementalRemove', 'collection', 'isInstanceOfRxDocument', 'putAttachment',
  'getAttachment', 'allAttachments', 'close', 'destroy',
];
const FIELD_NAME = /^[a-zA-Z](?:[[a-zA-Z0-9_]*]?[a-zA-Z0-9])?$/;

/**
 * The checks RxDB's dev-mode `checkSchema` makes on a collection schema, restated so that shared/ need not depend on
 * RxDB: each failure names the RxDB error code it would raise.
 */
function rxdbSchemaErrors(schema: RxCollectionJsonSchema): string[] {
  const errors: string[] = [];
  if (typeof schema.version !== 'number' || schema.version < 0) errors.push('SC11 version');
  const id = schema.properties.id;
  if (id.type !== 'string') errors.push('SC16 primary key type');
  if (!id.maxLength || !Number.isFinite(id.maxLength)) errors.push('SC39 primary key maxLength');
  if (!schema.required.includes('id')) errors.push('primary key not required');
  if ('_rev' in schema.properties) errors.push('SC10 _rev');

  const visit = (node: unknown, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...path, String(index)]));
    const record = node as Record<string, unknown>;
    if ('$ref' in record) errors.push(`SC40 $ref at ${path.join('.')}`);
    if ('default' in record && path.length > 1) errors.push(`SC7 nested default at ${path.join('.')}`);
    if (typeof record.required === 'boolean') errors.push(`SC24 at ${path.join('.')}`);
    if ('index' in record && typeof record.index !== 'object') errors.push(`SC26 index flag at ${path.join('.')}`);
    if (record.properties && typeof record.properties === 'object') {
      for (const field of Object.keys(record.properties)) {
        if (!FIELD_NAME.test(field)) errors.push(`SC1 field name ${[...path, field].join('.')}`);
        if (path.length === 0 && field.startsWith('_')) errors.push(`SC8 ${field}`);
      }
    }
    for (const [key, value] of Object.entries(record)) visit(value, [...path, key]);
  };
  visit(schema, []);

  for (const field of Object.keys(schema.properties)) {
    if (RX_DOCUMENT_MEMBERS.includes(field)) errors.push(`SC17 ${field}`);
  }
  for (const index of schema.indexes) {
    const fields = typeof index === 'string' ? [index] : index;
    if (fields.includes('id')) errors.push('SC13 primary key in an index');
    for (const field of fields) {
      const part: JsonSchemaNode | undefined = schema.properties[field];
      if (!part) {
        errors.push(`SC21 unknown index field ${field}`);
        continue;
      }
      if (part.type === 'string') {
        if (!part.maxLength || part.maxLength > 2048) errors.push(`SC34/SC42 maxLength of ${field}`);
      } else if (part.type === 'number' || part.type === 'integer') {
        if (!part.multipleOf) errors.push(`SC35 multipleOf of ${field}`);
        if (!Number.isFinite(part.minimum) || !Number.isFinite(part.maximum)) errors.push(`SC37/SC41 bounds of ${field}`);
      } else if (part.type === 'boolean') {
        if (!schema.required.includes(field)) errors.push(`SC38 ${field} must be required`);
      } else errors.push(`SC36 ${field} has type ${String(part.type)}`);
    }
  }
  return errors;
}

describe('RX_SCHEMAS', () => {
  it.each(COLLECTION_NAMES)('%s passes the checks RxDB makes on a schema', (name) => {
    expect(rxdbSchemaErrors(RX_SCHEMAS[name])).toEqual([]);
  });

  it.each(COLLECTION_NAMES)('%s carries version, primary key, object type and the shared fields', (name) => {
    const schema = RX_SCHEMAS[name];
    expect(schema).toMatchObject({ version: REPLICATED_COLLECTIONS[name].version, primaryKey: 'id', type: 'object', additionalProperties: false });
    expect(schema.properties.id).toMatchObject({ type: 'string', maxLength: 200 });
    expect(schema.properties.updatedAt).toMatchObject({ type: 'integer', minimum: 0, multipleOf: 1 });
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'updatedAt', 'writeId']));
    expect(schema).not.toHaveProperty('$schema');
    expect(schema.properties).not.toHaveProperty('_deleted');
  });

  it('derives the cart schema from its zod schema', () => {
    const cart = toRxJsonSchema('cart');
    expect(cart.version).toBe(3);
    expect(cart.indexes).toEqual(['sku', 'updatedAt']);
    expect(cart.required).toEqual(expect.arrayContaining(['sku', 'checksum', 'type_id', 'snapshot', 'ops', 'qty']));
    expect(cart.required).not.toContain('serverItemId');
    expect(cart.required).not.toContain('parentSku');
    expect(cart.properties.sku).toMatchObject({ type: 'string', maxLength: 128 });
    expect(cart.properties.ops).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { kind: { type: 'string', enum: ['add', 'set', 'remove'] } } },
    });
  });

  it('indexes orders and sync tasks by transmission state and time', () => {
    expect(RX_SCHEMAS.orders.indexes).toEqual(['created_at', ['transmited', 'created_at']]);
    expect(RX_SCHEMAS.syncTasks.required).toEqual(expect.arrayContaining(['transmited', 'created_at', 'url', 'payload']));
    expect(RX_SCHEMAS.checkoutDrafts.indexes).toEqual([]);
  });

  it('catches what RxDB would refuse', () => {
    const broken: RxCollectionJsonSchema = {
      ...RX_SCHEMAS.cart,
      properties: { ...RX_SCHEMAS.cart.properties, id: { type: 'string', maxLength: 0 }, remove: { type: 'string' }, note: { type: 'string' } },
      indexes: ['note', 'ops'],
    };
    expect(rxdbSchemaErrors(broken)).toEqual(['SC39 primary key maxLength', 'SC17 remove', 'SC34/SC42 maxLength of note', 'SC36 ops has type array']);
  });
});
