import type { Kysely } from 'kysely';

/**
 * `orders.language`: the language the shopper placed the order in (their interface language, else their store's),
 * so that every mail about the order is written in it. Null for orders placed before: their store's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('language').execute();
}
