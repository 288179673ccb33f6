import { z } from 'zod/mini';
import { DATABASE_COLLECTIONS, databaseCollection, type DatabaseCollectionName } from './collections.ts';
import { KEY_MAX_LENGTH } from './document.schema.ts';

/**
 * The RxDB schema of each collection of the browser's database, derived from its zod schema (ARCHITECTURE §4: one schema, many
 * uses). The shape is RxDB's `RxJsonSchema` without importing RxDB into shared/.
 */
export interface RxCollectionJsonSchema {
  title: string;
  version: number;
  primaryKey: 'id';
  type: 'object';
  properties: Record<string, JsonSchemaNode> & { id: JsonSchemaNode & { type: 'string'; maxLength: number } };
  required: string[];
  indexes: Array<string | string[]>;
  additionalProperties: false;
  /** Present when the documents carry RxDB attachments (the sync tasks' photos, decision 042). */
  attachments?: Record<string, never>;
}

export interface JsonSchemaNode {
  type?: string | string[];
  maxLength?: number;
  [keyword: string]: unknown;
}

/**
 * Draft-07 output (RxDB's validators speak it) without `$schema`. Unknown values come out as `{}`, which accepts
 * anything, as zod does.
 */
export function toRxJsonSchema(name: DatabaseCollectionName): RxCollectionJsonSchema {
  const definition = databaseCollection(name);
  const { $schema: _dialect, ...json } = z.toJSONSchema(definition.schema, { target: 'draft-07', io: 'input' }) as {
    $schema?: string;
    properties?: Record<string, JsonSchemaNode>;
    required?: string[];
  };
  const properties = json.properties ?? {};
  const id = properties.id;
  if (id?.type !== 'string') throw new Error(`The ${name} schema needs a string id`);
  return {
    title: name,
    version: definition.version,
    primaryKey: 'id',
    type: 'object',
    properties: { ...properties, id: { ...id, type: 'string', maxLength: id.maxLength ?? KEY_MAX_LENGTH } },
    required: json.required ?? [],
    indexes: definition.indexes.map((index) => (index.length === 1 ? (index[0] as string) : [...index])),
    additionalProperties: false,
    ...(definition.attachments ? { attachments: {} } : {}),
  };
}

export const RX_SCHEMAS: Record<DatabaseCollectionName, RxCollectionJsonSchema> = Object.fromEntries(
  DATABASE_COLLECTIONS.map((name) => [name, toRxJsonSchema(name)]),
) as Record<DatabaseCollectionName, RxCollectionJsonSchema>;
