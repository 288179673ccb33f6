/**
 * Counters of failed attempts in fixed windows, in the database so that they hold across restarts and are shared by
 * every server instance. A key is refused once its count reaches its maximum, until its window ends.
 */
import { DomainError } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/account/index';
import { sql } from 'kysely';
import type { AccountsDb } from './accounts.tables.ts';

export interface RateLimitKey {
  key: string;
  max: number;
}

/** A 429: `retryAfter` seconds until the next attempt is accepted. */
export class RateLimitedError extends DomainError {
  readonly retryAfter: number;

  constructor(message: string, retryAfter: number) {
    super('account_rate_limited', message, { status: 429, details: { retryAfter } });
    this.retryAfter = retryAfter;
  }
}

export class RateLimiter {
  constructor(
    private readonly db: AccountsDb,
    private readonly now: () => number,
    private readonly windowSeconds: number,
  ) {}

  /** Refuses (429) when any key has used up its window; the longest wait is answered. */
  async check(keys: readonly RateLimitKey[], message: string = ACCOUNT_MESSAGES.signInIncorrect): Promise<void> {
    const now = this.now();
    const windowMs = this.windowSeconds * 1000;
    const rows = await this.db.selectFrom('rate_limits').select(['key', 'count', 'window_start']).where('key', 'in', keys.map((k) => k.key)).execute();
    let wait = 0;
    for (const row of rows) {
      const limit = keys.find((k) => k.key === row.key)!;
      const ends = Number(row.window_start) + windowMs;
      if (ends > now && Number(row.count) >= limit.max) wait = Math.max(wait, Math.ceil((ends - now) / 1000));
    }
    if (wait > 0) throw new RateLimitedError(message, wait);
  }

  /** Counts one attempt against every key (a new window starts when the last one has ended). */
  async count(keys: readonly RateLimitKey[]): Promise<void> {
    const now = this.now();
    const windowMs = this.windowSeconds * 1000;
    for (const { key } of keys) {
      await this.db
        .insertInto('rate_limits')
        .values({ key, count: 1, window_start: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start + ${windowMs} <= ${now} then 1 else rate_limits.count + 1 end`,
            window_start: sql<number>`case when rate_limits.window_start + ${windowMs} <= ${now} then ${now} else rate_limits.window_start end`,
          }),
        )
        .execute();
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Drops counters whose window ended (called now and then so the table stays small). */
  async prune(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<=', this.now() - this.windowSeconds * 1000).execute();
  }
}
