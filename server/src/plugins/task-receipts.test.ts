/**
 * Exactly once by task id (decision 042), on the engine under test: a queued request sent again is answered with its
 * first answer and has no second effect, also when the copies arrive at the same moment (on PostgreSQL on separate
 * connections of the pool).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../storage/database.ts';
import { testDatabase } from '../test/test-database.ts';
import { registerErrorHandler } from './error-handler.ts';
import { pruneReceipts, TASK_RECEIPT_KEEP_DAYS, withTaskReceipt } from './task-receipts.ts';

let app: FastifyInstance;
let db: Db;
let dir: string;

/** The effect: one stats row per run of the work. */
async function effects(event: string): Promise<number> {
  const rows = await db.withTables<{ stats_events: { event: string } }>().selectFrom('stats_events').select('event').where('event', '=', event).execute();
  return rows.length;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-receipts-'));
  db = await openDatabase(testDatabase(dir));
  await migrateToLatest(db);
  app = Fastify();
  app.decorate('db', db);
  registerErrorHandler(app);
  app.post<{ Body: { event: string; status?: number } }>('/work/:scope', async (request, reply) => {
    const scope = (request.params as { scope: string }).scope === 'public' ? 'public' : ('customer:7' as const);
    return withTaskReceipt(request, reply, { scope }, async (trx) => {
      await trx.withTables<{ stats_events: { event: string; created_at: number } }>().insertInto('stats_events').values({ event: request.body.event, created_at: Date.now() }).execute();
      const count = (await trx.withTables<{ stats_events: { event: string } }>().selectFrom('stats_events').select('event').where('event', '=', request.body.event).execute()).length;
      const status = request.body.status ?? 200;
      return { status, body: { code: status, result: { runs: count } } };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const send = (event: string, taskId?: string, scope = 'public', extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/work/${scope}`, headers: taskId ? { 'x-task-id': taskId } : {}, payload: { event, ...extra } });

describe('task receipts', () => {
  it('a task sent again is answered with its first answer, marked as a replay, and has no second effect', async () => {
    const first = await send('again', 'task-again-0001');
    const second = await send('again', 'task-again-0001');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-task-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-task-replayed']).toBe('1');
    expect(second.body).toBe(first.body);
    expect(await effects('again')).toBe(1);
  });

  it('20 copies arriving at once: one effect, and every copy gets the same answer', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('crowd', 'task-crowd-0001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['x-task-replayed'] === '1')).toHaveLength(19);
    expect(await effects('crowd')).toBe(1);
  });

  it('the same task id with another body or from another scope is refused with 409, the same answer for both', async () => {
    await send('owned', 'task-owned-0001');
    const otherBody = await send('owned', 'task-owned-0001', 'public', { extra: 1 });
    const otherScope = await send('owned', 'task-owned-0001', 'customer');
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().result.error).toBe('task_id_reused');
    expect(otherScope.statusCode).toBe(409);
    expect(otherScope.body).toBe(otherBody.body);
    expect(await effects('owned')).toBe(1);
  });

  it('a refusal keeps no receipt: the task sent again runs again', async () => {
    const refused = await send('refused', 'task-refused-01', 'public', { status: 400 });
    expect(refused.statusCode).toBe(400);
    const again = await send('refused', 'task-refused-01', 'public', { status: 400 });
    expect(again.headers['x-task-replayed']).toBeUndefined();
  });

  it('without a task id every request runs; a malformed task id is refused with 400', async () => {
    await send('plain');
    await send('plain');
    expect(await effects('plain')).toBe(2);
    const bad = await send('bad', 'no spaces allowed');
    expect(bad.statusCode).toBe(400);
    expect(await effects('bad')).toBe(0);
  });

  it(`receipts older than ${TASK_RECEIPT_KEEP_DAYS} days are pruned, newer ones kept`, async () => {
    await send('prune', 'task-prune-0001');
    const later = Date.now() + TASK_RECEIPT_KEEP_DAYS * 86_400_000 + 60_000;
    expect(await pruneReceipts(db, Date.now())).toBe(0);
    expect(await pruneReceipts(db, later)).toBeGreaterThan(0);
    const again = await send('prune', 'task-prune-0001');
    expect(again.headers['x-task-replayed']).toBeUndefined();
  });
});
