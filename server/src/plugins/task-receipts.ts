/**
 * Exactly once for queued requests (spec 2 §4 "Sync task lifecycle", decision 042). The browser's sync task queue
 * sends each task with its task id in `X-Task-Id`; a task may arrive more than once (a retry after a lost answer, a
 * second tab, a reload mid-send). The first arrival runs the route's work and keeps its answer here, in the same
 * transaction as the work's effect; every later arrival of the same task gets that answer back (`x-task-replayed: 1`)
 * and changes nothing.
 *
 * A receipt belongs to a scope (`public`, or `customer:<id>` for a customer's own calls) and to one request: a hash
 * of the method, the path and the canonical JSON body (not the headers: a captcha token or a refreshed access token
 * differs between two sends of one task). The same task id with another request or another scope is refused with
 * 409 `task_id_reused`, the same answer for both, so the refusal tells nobody what another shopper sent.
 *
 * Only a 2xx answer is kept: a refusal changed nothing, and the task sent again is checked again.
 *
 * How a route uses it: its checks that need no database write (the body's rules, the captcha, the throttles) run
 * first; a route that spends a captcha asks `findReceipt` before, so a repeat needs no fresh proof. Then
 * `withTaskReceipt(request, reply, { scope }, async (trx) => answer)` runs the work. The work uses only `trx`: on
 * SQLite the database has one connection, and a statement on `app.db` inside the transaction would wait forever.
 * Work with an effect outside the database (a call to Mailchimp) runs before and records with `keepReceipt`.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@shop/shared';
import { canonicalJson } from '@shop/shared/sync/canonical';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Trx } from '../storage/database.ts';
import { isConcurrencyConflict, isUniqueViolation, runTransaction } from '../storage/engine.ts';

export const TASK_ID_HEADER = 'x-task-id';
export const TASK_REPLAYED_HEADER = 'x-task-replayed';

/** How long a receipt is kept: a task is sent again within minutes or days, never after a month. */
export const TASK_RECEIPT_KEEP_DAYS = 30;

const TASK_ID = /^[A-Za-z0-9:_-]{8,128}$/;

/** The `task_receipts` table (migration 015). */
export interface TaskReceiptsTable {
  task_id: string;
  scope: string;
  request_hash: string;
  status: number;
  body: string;
  created_at: number;
}

/** What a queued route answers: the status and the JSON body. */
export interface TaskAnswer {
  status: number;
  body: unknown;
}

/** `public`, or the customer whose own data the call changes. */
export type TaskScope = 'public' | `customer:${number}`;

function receipts(db: Db | Trx) {
  return db.withTables<{ task_receipts: TaskReceiptsTable }>();
}

/** The request's task id; null without the header; a malformed one is refused. */
export function taskIdOf(request: FastifyRequest): string | null {
  const value = request.headers[TASK_ID_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !TASK_ID.test(value)) {
    throw new DomainError('bad_request', 'X-Task-Id must be 8 to 128 letters, digits, "-", "_" or ":"');
  }
  return value;
}

/** The hash that tells one request from another: method, path (without the query) and the canonical JSON body. */
export function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const body = request.body === undefined || Buffer.isBuffer(request.body) ? hashOfBytes(request.body) : canonicalJson(request.body);
  return createHash('sha256').update(`${request.method} ${path}\n${body}`).digest('hex');
}

function hashOfBytes(body: Buffer | undefined): string {
  return body === undefined ? '' : `bytes:${createHash('sha256').update(body).digest('hex')}`;
}

function reused(): DomainError {
  return new DomainError('task_id_reused', 'The task id was already used for another request; every task needs a new id', { status: 409 });
}

async function readReceipt(db: Db | Trx, taskId: string, scope: string, hash: string): Promise<TaskAnswer | null> {
  const row = await receipts(db).selectFrom('task_receipts').select(['scope', 'request_hash', 'status', 'body']).where('task_id', '=', taskId).executeTakeFirst();
  if (!row) return null;
  if (row.scope !== scope || row.request_hash !== hash) throw reused();
  return { status: Number(row.status), body: JSON.parse(row.body) as unknown };
}

/**
 * The answer a task already got (null: it has not been answered yet, or the request has no task id); throws 409 when
 * the id belongs to another request. Lets a route skip its captcha for a repeat.
 */
export async function findReceipt(request: FastifyRequest, scope: TaskScope): Promise<TaskAnswer | null> {
  const taskId = taskIdOf(request);
  if (taskId === null) return null;
  return readReceipt(request.server.db, taskId, scope, requestHash(request));
}

/** Sends a kept answer again, marked as a replay. */
export function replay(reply: FastifyReply, answer: TaskAnswer): FastifyReply {
  return reply.header(TASK_REPLAYED_HEADER, '1').status(answer.status).send(answer.body);
}

/** Keeps `answer` for the request's task inside `trx` (nothing without a task id, or for a non-2xx answer). */
export async function keepReceipt(trx: Db | Trx, request: FastifyRequest, scope: TaskScope, answer: TaskAnswer, now = Date.now()): Promise<void> {
  const taskId = taskIdOf(request);
  if (taskId === null || answer.status < 200 || answer.status > 299) return;
  await receipts(trx)
    .insertInto('task_receipts')
    .values({ task_id: taskId, scope, request_hash: requestHash(request), status: answer.status, body: JSON.stringify(answer.body), created_at: now })
    .execute();
}

/**
 * Runs `work` once per task: in one transaction with the receipt of its answer. A repeat of an answered task is
 * answered from the receipt without running `work`; two arrivals at the same moment both run, one commits, the other
 * fails on the receipt's primary key and runs again, finds the receipt and replays it.
 */
export async function withTaskReceipt(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: TaskScope; now?: () => number },
  work: (trx: Trx) => Promise<TaskAnswer>,
): Promise<FastifyReply> {
  const taskId = taskIdOf(request);
  const hash = taskId === null ? '' : requestHash(request);
  const outcome = await runTransaction(
    request.server.db,
    async (trx): Promise<{ answer: TaskAnswer; replayed: boolean }> => {
      if (taskId !== null) {
        const kept = await readReceipt(trx, taskId, options.scope, hash);
        if (kept) return { answer: kept, replayed: true };
      }
      const answer = await work(trx);
      await keepReceipt(trx, request, options.scope, answer, options.now?.() ?? Date.now());
      return { answer, replayed: false };
    },
    { retries: 3, retryOn: (error) => isUniqueViolation(error) || isConcurrencyConflict(error) },
  );
  return outcome.replayed ? replay(reply, outcome.answer) : reply.status(outcome.answer.status).send(outcome.answer.body);
}

/** Removes receipts older than TASK_RECEIPT_KEEP_DAYS; answers how many went. */
export async function pruneReceipts(db: Db, now: number): Promise<number> {
  const result = await receipts(db).deleteFrom('task_receipts').where('created_at', '<', now - TASK_RECEIPT_KEEP_DAYS * 86_400_000).executeTakeFirst();
  return Number(result.numDeletedRows);
}
