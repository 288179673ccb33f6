/**
 * `runTransaction` (engine.ts): a transaction PostgreSQL refuses for a concurrent one (deadlock, serialization
 * failure) runs again whole; anything else is the caller's to see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/open-test-database.ts';
import { testEngine } from '../test/test-database.ts';
import { migrateToLatest } from './database.ts';
import { isConcurrencyConflict, runTransaction } from './engine.ts';
import type { Database } from './schema.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-trx-'));
const db = await openTestDatabase(dir);
await migrateToLatest(db);
await db.insertInto('replication_clocks').values([{ owner: 'a', last_at: 0 }, { owner: 'b', last_at: 0 }]).execute();
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Locks the owner's clock row (an update that changes nothing else). */
const bump = (trx: Transaction<Database>, owner: string) => sql`update replication_clocks set last_at = last_at + 1 where owner = ${owner}`.execute(trx);

describe('runTransaction', () => {
  it('runs the work once and answers its result; an error that is no conflict is not retried', async () => {
    let runs = 0;
    expect(await runTransaction(db, async (trx) => (++runs, (await trx.selectFrom('replication_clocks').select('owner').orderBy('owner').execute()).map((row) => row.owner)))).toEqual(['a', 'b']);
    expect(runs).toBe(1);
    let failing = 0;
    await expect(
      runTransaction(db, async () => {
        failing++;
        throw Object.assign(new Error('no'), { code: '23502' });
      }),
    ).rejects.toThrow('no');
    expect(failing).toBe(1);
  });

  it.runIf(testEngine() === 'postgres')('runs a deadlocked transaction again, so both complete (PostgreSQL)', async () => {
    let locked = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    const attempts = { ab: 0, ba: 0 };
    // Each locks one row, waits until the other holds its row, then asks for the other's: PostgreSQL breaks the cycle.
    const crossing = (first: string, second: string, key: 'ab' | 'ba') =>
      runTransaction(db, async (trx) => {
        attempts[key]++;
        await bump(trx, first);
        if (++locked === 2) release();
        await bothLocked;
        await bump(trx, second);
        return key;
      });
    const errors: unknown[] = [];
    const results = await Promise.all([crossing('a', 'b', 'ab'), crossing('b', 'a', 'ba')].map((run) => run.catch((error: unknown) => (errors.push(error), 'failed'))));
    expect(errors).toEqual([]);
    expect(results).toEqual(['ab', 'ba']);
    // One of them was the deadlock's victim and ran a second time.
    expect(attempts.ab + attempts.ba).toBe(3);
    expect(isConcurrencyConflict({ code: '40P01' }) && isConcurrencyConflict({ code: '40001' }) && !isConcurrencyConflict({ code: '23505' })).toBe(true);
  });
});
