/**
 * The store of @fastify/rate-limit on the shop's database (the `rate_limits` table), so that counts hold across
 * restarts and are shared by every server instance. It is the only piece of the throttles that knows the database:
 * the rules (what is counted, when a captcha is asked) are in plugins/throttle.ts.
 *
 * A key's count is forgotten `timeWindow` after its last counted attempt (`window_start` holds that moment). Once the
 * count reaches `max` the key waits before its next attempt: the whole window, or with `backoffBaseMs` (a route
 * option handed to `child`) an exponential back-off, `backoffBaseMs * 2^(count - max)` capped at the window.
 * `ttl` answers that wait in milliseconds (0: the next attempt is accepted).
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './database.ts';

interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

type RateLimitDb = Kysely<{ rate_limits: RateLimitsTable }>;

export interface RateLimitState {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, state?: RateLimitState) => void;

/** The wait of a key with `count` attempts, the last one at `last`. */
export function waitMs(count: number, last: number, now: number, timeWindow: number, max: number, backoffBaseMs: number | null): number {
  if (count < max) return 0;
  const lock = backoffBaseMs === null ? timeWindow : Math.min(timeWindow, backoffBaseMs * 2 ** Math.min(count - max, 40));
  return Math.max(0, last + lock - now);
}

export interface DbRateLimitStores {
  /** The class handed to @fastify/rate-limit as `store`. */
  Store: new (options: { backoffBaseMs?: number }) => unknown;
  /** Forgets a key (an owner who proved who they are). */
  reset(key: string): Promise<void>;
  /** Drops keys whose window ended. */
  prune(olderThanMs: number): Promise<void>;
}

export function dbRateLimitStores(database: Db, now: () => number): DbRateLimitStores {
  const db = database.withTables<{ rate_limits: RateLimitsTable }>() as unknown as RateLimitDb;

  async function read(key: string, timeWindow: number, max: number, backoffBaseMs: number | null): Promise<RateLimitState> {
    const at = now();
    const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.window_start) + timeWindow <= at) return { current: 0, ttl: 0 };
    const count = Number(row.count);
    return { current: count, ttl: waitMs(count, Number(row.window_start), at, timeWindow, max, backoffBaseMs) };
  }

  async function incr(key: string, timeWindow: number, max: number, backoffBaseMs: number | null): Promise<RateLimitState> {
    const at = now();
    // One statement: two instances counting the same key at once both count.
    const row = await db
      .insertInto('rate_limits')
      .values({ key, count: 1, window_start: at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start + ${timeWindow} <= ${at} then 1 else rate_limits.count + 1 end`,
          window_start: at,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    return { current: count, ttl: waitMs(count, at, at, timeWindow, max, backoffBaseMs) };
  }

  class DbRateLimitStore {
    private readonly backoffBaseMs: number | null;

    constructor(options: { backoffBaseMs?: number } = {}) {
      this.backoffBaseMs = typeof options.backoffBaseMs === 'number' ? options.backoffBaseMs : null;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      incr(key, timeWindow, max, this.backoffBaseMs).then((state) => callback(null, state), (error: Error) => callback(error));
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      read(key, timeWindow, max, this.backoffBaseMs).then((state) => callback(null, state), (error: Error) => callback(error));
    }

    child(routeOptions: { backoffBaseMs?: number }): DbRateLimitStore {
      return new DbRateLimitStore(routeOptions);
    }
  }

  return {
    Store: DbRateLimitStore,
    reset: async (key) => void (await db.deleteFrom('rate_limits').where('key', '=', key).execute()),
    prune: async (olderThanMs) => void (await db.deleteFrom('rate_limits').where('window_start', '<=', now() - olderThanMs).execute()),
  };
}
