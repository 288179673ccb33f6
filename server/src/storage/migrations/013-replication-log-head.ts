import { sql, type Kysely } from 'kysely';

/**
 * `replication_log_head`: one row holding the last `replication_events.seq` handed out. A write takes its seqs from
 * it as its last statement before the commit (`update … set last_seq = last_seq + n returning last_seq`), and its row
 * lock is held until that commit, so on PostgreSQL as on SQLite the log's seqs have no gaps (a rolled-back write takes
 * none) and come in commit order (a reader that sees seq N has seen 1..N-1): a feed can poll `seq > last seen`.
 * Seeded with the log's highest seq.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('replication_log_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into replication_log_head (id, last_seq) select 1, coalesce(max(seq), 0) from replication_events`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('replication_log_head').execute();
}
