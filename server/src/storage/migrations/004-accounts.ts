import { sql, type Kysely } from 'kysely';
import { autoId } from './dialect.ts';

/**
 * Customer accounts (features/accounts):
 * - `customers`: one row per e-mail address (stored lower case), the scrypt hash with its parameters, the group.
 * - `customer_addresses`: the customer's addresses, each a JSON document with its own id.
 * - `customer_sessions`: one per login (a refresh-token family); revoking it ends the device's access and refresh
 *   tokens.
 * - `refresh_tokens`: SHA-256 hashes of refresh tokens, single use: `used_at` is set by the refresh that spent it.
 * - `password_reset_tokens`: SHA-256 hashes of reset links, single use, with an expiry.
 * - `rate_limits`: counters of failed logins and reset requests per key (account or client address) and window.
 * - `carts.merged_into`: a guest cart merged into a customer's cart at login is closed for further use; a customer
 *   (owner `customer:<id>`) has at most one cart.
 * Times are milliseconds since the epoch in `bigint` columns, as in 003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('default_shipping', 'integer')
    .addColumn('default_billing', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_addresses_customer_idx').on('customer_addresses').column('customer_id').execute();

  await db.schema
    .createTable('customer_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('customer_sessions_customer_idx').on('customer_sessions').column('customer_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('customer_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_reset_tokens_customer_idx').on('password_reset_tokens').column('customer_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('carts').addColumn('merged_into', 'text').execute();
  await sql`create unique index carts_customer_owner_uq on carts (owner) where owner like 'customer:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('carts_customer_owner_uq').execute();
  await db.schema.alterTable('carts').dropColumn('merged_into').execute();
  for (const table of ['rate_limits', 'password_reset_tokens', 'refresh_tokens', 'customer_sessions', 'customer_addresses', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
