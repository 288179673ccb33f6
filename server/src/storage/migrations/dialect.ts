/**
 * The few column definitions the migrations write differently per engine. On SQLite each helper gives exactly
 * what the migrations wrote before PostgreSQL was added, so existing shops keep their schema byte for byte
 * (`sqlite-schema.fixture.sql`, checked in database.test.ts); released migrations use these and nothing else to differ.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * An `integer` primary key the database numbers: SQLite AUTOINCREMENT (never reused), PostgreSQL an identity
 * `by default` (it also takes explicit values, as a shop moved from SQLite brings its own).
 */
export function autoId(db: Kysely<unknown>): Column {
  return engineOf(db) === 'postgres' ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}

/**
 * A floating-point number as JavaScript holds it: SQLite `real` is already 8 bytes; PostgreSQL's `real` is 4 bytes
 * (about 7 digits, wrong for amounts), so it gets `double precision`.
 */
export function float(db: Kysely<unknown>) {
  return engineOf(db) === 'postgres' ? ('double precision' as const) : ('real' as const);
}

/**
 * Text compared byte by byte (a pull checkpoint walks ids in order): SQLite's default; on PostgreSQL the column
 * gets the "C" collation, so the order does not depend on the server's locale.
 */
export function byteOrderedText(db: Kysely<unknown>) {
  return engineOf(db) === 'postgres' ? sql`text collate "C"` : ('text' as const);
}
