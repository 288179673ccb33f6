/**
 * How long the inbox keeps what shoppers sent (INBOX_KEEP_DAYS, default 180): older submissions lose their personal
 * data (name, e-mail, phone, the form's contents) and their photos; kind, store, language, dates, status and an
 * appointment's boutique and slot stay, so the counts still add up. Photos no form took are removed after a day, and
 * task receipts after TASK_RECEIPT_KEEP_DAYS; the statistics log goes with the inbox's days. Run at start and daily (app.ts) and by `pnpm shop inbox prune`; safe to
 * run twice or on several instances at once (a file already gone is fine).
 */
import type { Db } from '../../storage/database.ts';
import { runTransaction } from '../../storage/engine.ts';
import { pruneReceipts } from '../../plugins/task-receipts.ts';
import { redactSubmissions, removeUnlinkedUploads, unredactedBefore } from './inbox.repository.ts';
import { removeInboxFile } from './uploads.ts';

export const DAY_MS = 86_400_000;
/** An upload its form never named (the shopper gave up, or the form was refused) is removed after this long. */
export const UNLINKED_UPLOAD_KEEP_MS = DAY_MS;
const PAGE = 200;

export interface RetentionResult {
  redacted: number;
  files: number;
  unlinked: number;
  receipts: number;
  stats: number;
}

/** Removes personal data and files of one submission now (an erasure request); answers whether it existed. */
export async function eraseSubmission(db: Db, dataDir: string, id: number, now: number): Promise<boolean> {
  const exists = await db.withTables<{ inbox_submissions: { id: number } }>().selectFrom('inbox_submissions').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  const files = await runTransaction(db, (trx) => redactSubmissions(trx, [id], now));
  await Promise.all(files.map((file) => removeInboxFile(dataDir, file)));
  return true;
}

export async function applyRetention(db: Db, options: { dataDir: string; keepDays: number; now: number }): Promise<RetentionResult> {
  const result: RetentionResult = { redacted: 0, files: 0, unlinked: 0, receipts: 0, stats: 0 };
  const before = options.now - options.keepDays * DAY_MS;
  for (;;) {
    const ids = await unredactedBefore(db, before, PAGE);
    if (ids.length === 0) break;
    const files = await runTransaction(db, (trx) => redactSubmissions(trx, ids, options.now));
    await Promise.all(files.map((file) => removeInboxFile(options.dataDir, file)));
    result.redacted += ids.length;
    result.files += files.length;
    if (ids.length < PAGE) break;
  }
  const unlinked = await runTransaction(db, (trx) => removeUnlinkedUploads(trx, options.now - UNLINKED_UPLOAD_KEEP_MS));
  await Promise.all(unlinked.map((file) => removeInboxFile(options.dataDir, file)));
  result.unlinked = unlinked.length;
  result.receipts = await pruneReceipts(db, options.now);
  // The statistics log (POST /api/stats/log) is kept as long as the inbox.
  const stats = await db.withTables<{ stats_events: { created_at: number } }>().deleteFrom('stats_events').where('created_at', '<', before).executeTakeFirst();
  result.stats = Number(stats.numDeletedRows);
  return result;
}
