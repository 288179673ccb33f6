/** The `stats_events` table (migration 015): one row per logged event, no personal data. */
import type { StatsLogBody } from '@shop/shared/content/index';
import type { Generated } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

export interface StatsEventsTable {
  id: Generated<number>;
  event: string;
  store: string | null;
  sku: string | null;
  /** JSON: the search term or form name (`{"term":"…"}`), or null. */
  data: string | null;
  created_at: number;
}

type StatsTables = { stats_events: StatsEventsTable };

/** Stores one event in the caller's transaction (a queued call's work, task-receipts.ts). */
export async function recordStatsEvent(trx: Trx, body: StatsLogBody, context: { store: string | null; now: number }): Promise<void> {
  const term = body.term?.trim();
  await trx
    .withTables<StatsTables>()
    .insertInto('stats_events')
    .values({ event: body.event, store: context.store, sku: body.sku ?? null, data: term ? JSON.stringify({ term }) : null, created_at: context.now })
    .execute();
}

/** How many events of a kind were logged (tests, and an operator's quick look). */
export async function countStatsEvents(db: Db, event: string): Promise<number> {
  const row = await db
    .withTables<StatsTables>()
    .selectFrom('stats_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event', '=', event)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
