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
import { findReceipt, pruneReceipts, TASK_RECEIPT_KEEP_DAYS, withTaskReceipt, type TaskScope } from './task-receipts.ts';

let app: FastifyInstance;
/** A second server on the same database with a handle (and on PostgreSQL, connections) of its own. */
let other: FastifyInstance;
let db: Db;
let otherDb: Db;
let dir: string;

/**
 * The test route: one stats row per run of the work, the runs so far in the answer; `fail` throws after the write;
 * `?find=1` only answers what `findReceipt` finds for the request (the query is not part of the request's hash).
 */
function workRoute(server: FastifyInstance): void {
  server.post<{ Body: { event: string; status?: number; fail?: boolean } }>('/work/:scope', async (request, reply) => {
    const scope: TaskScope = (request.params as { scope: string }).scope === 'public' ? 'public' : 'customer:7';
    if ((request.query as { find?: string }).find) return { code: 200, result: { found: await findReceipt(request, scope) } };
    return withTaskReceipt(request, reply, { scope }, async (trx) => {
      await trx.withTables<{ stats_events: { event: string; created_at: number } }>().insertInto('stats_events').values({ event: request.body.event, created_at: Date.now() }).execute();
      if (request.body.fail) throw new Error('the work failed after its write');
      const count = (await trx.withTables<{ stats_events: { event: string } }>().selectFrom('stats_events').select('event').where('event', '=', request.body.event).execute()).length;
      const status = request.body.status ?? 200;
      return { status, body: { code: status, result: { runs: count } } };
    });
  });
}

async function receiptRows(taskId: string): Promise<number> {
  return (await db.withTables<{ task_receipts: { task_id: string } }>().selectFrom('task_receipts').select('task_id').where('task_id', '=', taskId).execute()).length;
}

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
  workRoute(app);
  await app.ready();
  otherDb = await openDatabase(testDatabase(dir));
  other = Fastify();
  other.decorate('db', otherDb);
  registerErrorHandler(other);
  workRoute(other);
  await other.ready();
});

afterAll(async () => {
  await app.close();
  await other.close();
  await otherDb.destroy();
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

  it('a refusal keeps no receipt row, and work that fails after its write leaves neither its write nor a receipt', async () => {
    expect((await send('norow', 'task-norow-0001', 'public', { status: 422 })).statusCode).toBe(422);
    expect(await receiptRows('task-norow-0001')).toBe(0);
    expect((await send('failed', 'task-failed-001', 'public', { fail: true })).statusCode).toBe(500);
    expect(await receiptRows('task-failed-001')).toBe(0);
    expect(await effects('failed')).toBe(0);
    // Sent again once the cause is gone, the task runs.
    const again = await send('failed', 'task-failed-001');
    expect(again.json().result.runs).toBe(1);
    expect(again.headers['x-task-replayed']).toBeUndefined();
  });

  it('another 2xx than 200 is kept and replayed with its status', async () => {
    const first = await send('created', 'task-created-01', 'public', { status: 201 });
    const second = await send('created', 'task-created-01', 'public', { status: 201 });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['x-task-replayed']).toBe('1');
    expect(await effects('created')).toBe(1);
  });

  it('one request whatever the key order of its body, the query or the other headers; another path is another request', async () => {
    const first = await app.inject({ method: 'POST', url: '/work/public?language=nl', headers: { 'x-task-id': 'task-order-0001', 'x-captcha-token': 'a' }, payload: { event: 'order', status: 200 } });
    const reordered = await app.inject({ method: 'POST', url: '/work/public?language=de', headers: { 'x-task-id': 'task-order-0001', 'x-captcha-token': 'b', 'content-type': 'application/json' }, payload: '{"status":200,"event":"order"}' });
    expect(reordered.headers['x-task-replayed']).toBe('1');
    expect(reordered.body).toBe(first.body);
    const otherPath = await app.inject({ method: 'POST', url: '/work/customer', headers: { 'x-task-id': 'task-order-0001' }, payload: { event: 'order', status: 200 } });
    expect(otherPath.statusCode).toBe(409);
    expect(await effects('order')).toBe(1);
  });

  it('findReceipt: nothing without a task id or before the answer, the kept answer after it, 409 for another request', async () => {
    const find = (headers: Record<string, string>, payload: Record<string, unknown>, scope = 'public') => app.inject({ method: 'POST', url: `/work/${scope}?find=1`, headers, payload });
    expect((await find({}, { event: 'find' })).json().result.found).toBeNull();
    expect((await find({ 'x-task-id': 'task-find-00001' }, { event: 'find' })).json().result.found).toBeNull();
    const first = await send('find', 'task-find-00001');
    expect((await find({ 'x-task-id': 'task-find-00001' }, { event: 'find' })).json().result.found).toEqual({ status: 200, body: first.json() });
    expect((await find({ 'x-task-id': 'task-find-00001' }, { event: 'other' })).statusCode).toBe(409);
    expect((await find({ 'x-task-id': 'task-find-00001' }, { event: 'find' }, 'customer')).statusCode).toBe(409);
    expect(await effects('find')).toBe(1);
  });

  it('two servers on one database (separate connections), 10 copies each at the same moment: one effect, one answer', async () => {
    const copies = Array.from({ length: 20 }, (_, index) =>
      (index % 2 ? other : app).inject({ method: 'POST', url: '/work/public', headers: { 'x-task-id': 'task-two-servers' }, payload: { event: 'two-servers' } }),
    );
    const answers = await Promise.all(copies);
    expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['x-task-replayed'] === undefined)).toHaveLength(1);
    expect(await effects('two-servers')).toBe(1);
    expect(await receiptRows('task-two-servers')).toBe(1);
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
