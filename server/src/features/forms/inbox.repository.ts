/**
 * What shoppers sent through the shop's forms (migration 015): one `inbox_submissions` row per form sent, keyed by
 * its task id, with the personal columns (name, e-mail, phone) apart from the rest of the form (`data`, JSON) so the
 * retention sweep can blank them and keep the counts. Pictures of a trade-in are `inbox_files` rows.
 */
import type { Generated } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';
// The appointment book owns the table (features/boutiques); the inbox reads and cancels its rows.
import type { AppointmentsTable } from '../boutiques/boutiques.repository.ts';

/** What a submission is: the form it came from. */
export const SUBMISSION_KINDS = ['contact', 'tradeIn', 'appointment', 'customForm', 'invoice', 'sendInvoice'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export type SubmissionStatus = 'new' | 'handled';

export interface InboxSubmissionsTable {
  id: Generated<number>;
  kind: SubmissionKind;
  task_id: string;
  store: string;
  language: string;
  customer_id: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The rest of the form, JSON; `{"redacted":true}` once retention removed it. */
  data: string;
  /** The order an invoice request names, when it is one of the shop's. */
  matched_order: string | null;
  status: Generated<SubmissionStatus>;
  created_at: number;
  handled_at: number | null;
  redacted_at: number | null;
}

export interface InboxFilesTable {
  /** The upload id the browser chose. */
  id: string;
  submission_id: number | null;
  /** The task the upload was sent for (X-Task-Id); a form links only its own task's uploads. */
  task_id: string | null;
  position: number | null;
  content_type: string;
  bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  /** 1 when the server re-encoded the picture (no metadata left); 0 when kept as uploaded (HEIC). */
  normalised: number;
  /** Under DATA_DIR. */
  path: string;
  created_at: number;
}

export type InboxTables = {
  inbox_submissions: InboxSubmissionsTable;
  inbox_files: InboxFilesTable;
};

export function inboxTables(db: Db | Trx) {
  return db.withTables<InboxTables>();
}

/** A form as it is stored: who sent it and what. */
export interface NewSubmission {
  kind: SubmissionKind;
  taskId: string;
  store: string;
  language: string;
  customerId: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  data: Record<string, unknown>;
  matchedOrder?: string | null;
}

/** Stores a submission inside the form's transaction; answers its id. */
export async function insertSubmission(trx: Trx, submission: NewSubmission, now: number): Promise<number> {
  const row = await inboxTables(trx)
    .insertInto('inbox_submissions')
    .values({
      kind: submission.kind,
      task_id: submission.taskId,
      store: submission.store,
      language: submission.language,
      customer_id: submission.customerId,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      data: JSON.stringify(submission.data),
      matched_order: submission.matchedOrder ?? null,
      created_at: now,
      handled_at: null,
      redacted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** `form_definitions`: the custom forms the shop defines (JSON of `CustomFormDefinitionSchema`). */
export interface FormDefinitionsTable {
  slug: string;
  definition: string;
  active: number;
  updated_at: number;
}

type AllInboxTables = InboxTables & { form_definitions: FormDefinitionsTable; appointments: AppointmentsTable };

function allTables(db: Db | Trx) {
  return db.withTables<AllInboxTables>();
}

/** A stored upload before its form arrives. */
export interface NewUpload {
  id: string;
  taskId: string;
  contentType: string;
  bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  normalised: boolean;
  path: string;
}

export type InboxFile = InboxFilesTable;

export interface SubmissionRow {
  id: number;
  kind: SubmissionKind;
  task_id: string;
  store: string;
  language: string;
  customer_id: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  data: Record<string, unknown>;
  matched_order: string | null;
  status: SubmissionStatus;
  created_at: number;
  handled_at: number | null;
  redacted_at: number | null;
}

export interface SubmissionDetail extends SubmissionRow {
  files: InboxFile[];
  appointment: InboxAppointment | null;
}

export interface InboxAppointment {
  boutique_id: string;
  slot_local: string;
  slot_start: number;
  slot_end: number;
  reason: string;
  canceled_at: number | null;
}

export interface InboxFilter {
  kind?: SubmissionKind;
  status?: SubmissionStatus;
  since?: number;
  limit?: number;
}

function rowOf(row: Omit<SubmissionRow, 'data' | 'id'> & { id: number | string; data: string; created_at: number | string }): SubmissionRow {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    data = {};
  }
  return {
    ...row,
    id: Number(row.id),
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
    data,
    created_at: Number(row.created_at),
    handled_at: row.handled_at === null ? null : Number(row.handled_at),
    redacted_at: row.redacted_at === null ? null : Number(row.redacted_at),
  };
}

function fileOf(row: InboxFile): InboxFile {
  return { ...row, submission_id: row.submission_id === null ? null : Number(row.submission_id), bytes: Number(row.bytes), created_at: Number(row.created_at) };
}

/** The upload with this id, if one was stored. */
export async function findUpload(db: Db | Trx, id: string): Promise<InboxFile | null> {
  const row = await inboxTables(db).selectFrom('inbox_files').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fileOf(row) : null;
}

/** Records a stored upload (not linked to a form yet). */
export async function insertUpload(db: Db | Trx, upload: NewUpload, now: number): Promise<void> {
  await inboxTables(db)
    .insertInto('inbox_files')
    .values({
      id: upload.id,
      submission_id: null,
      task_id: upload.taskId,
      position: null,
      content_type: upload.contentType,
      bytes: upload.bytes,
      sha256: upload.sha256,
      width: upload.width,
      height: upload.height,
      normalised: upload.normalised ? 1 : 0,
      path: upload.path,
      created_at: now,
    })
    .execute();
}

/**
 * Links the uploads a form names to its submission, in the order named; answers false (nothing linked) when one of
 * them is missing, belongs to another task or to another submission already.
 */
export async function linkUploads(trx: Trx, submissionId: number, taskId: string, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await inboxTables(trx).selectFrom('inbox_files').select('id').where('id', 'in', [...ids]).where('task_id', '=', taskId).where('submission_id', 'is', null).execute();
  if (found.length !== ids.length) return false;
  for (const [position, id] of ids.entries()) {
    await inboxTables(trx).updateTable('inbox_files').set({ submission_id: submissionId, position }).where('id', '=', id).execute();
  }
  return true;
}

/** The active definition of a custom form (JSON text), or null. */
export async function activeFormDefinition(db: Db | Trx, slug: string): Promise<{ definition: string; updated_at: number } | null> {
  const row = await allTables(db).selectFrom('form_definitions').select(['definition', 'updated_at']).where('slug', '=', slug).where('active', '=', 1).executeTakeFirst();
  return row ? { definition: row.definition, updated_at: Number(row.updated_at) } : null;
}

/** Creates or replaces a custom form's definition (`pnpm shop forms import`, `PUT /api/admin/forms/:slug`). */
export async function putFormDefinition(db: Db, slug: string, definition: unknown, active: boolean, now: number): Promise<void> {
  const values = { definition: JSON.stringify(definition), active: active ? 1 : 0, updated_at: now };
  await allTables(db)
    .insertInto('form_definitions')
    .values({ slug, ...values })
    .onConflict((conflict) => conflict.column('slug').doUpdateSet(values))
    .execute();
}

export async function listFormDefinitions(db: Db): Promise<Array<{ slug: string; active: boolean; updated_at: number }>> {
  const rows = await allTables(db).selectFrom('form_definitions').select(['slug', 'active', 'updated_at']).orderBy('slug').execute();
  return rows.map((row) => ({ slug: row.slug, active: Number(row.active) === 1, updated_at: Number(row.updated_at) }));
}

/** The submissions of a filter, newest first. */
export async function listSubmissions(db: Db, filter: InboxFilter = {}): Promise<SubmissionRow[]> {
  let query = inboxTables(db).selectFrom('inbox_submissions').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit ?? 1000).execute();
  return rows.map(rowOf);
}

export async function getSubmission(db: Db, id: number): Promise<SubmissionDetail | null> {
  const row = await inboxTables(db).selectFrom('inbox_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const files = await inboxTables(db).selectFrom('inbox_files').selectAll().where('submission_id', '=', id).orderBy('position').execute();
  const found = await allTables(db)
    .selectFrom('appointments')
    .select(['boutique_id', 'slot_local', 'slot_start', 'slot_end', 'reason', 'canceled_at'])
    .where('submission_id', '=', id)
    .executeTakeFirst();
  const appointment = found ? { ...found, slot_start: Number(found.slot_start), slot_end: Number(found.slot_end), canceled_at: found.canceled_at === null ? null : Number(found.canceled_at) } : null;
  return { ...rowOf(row), files: files.map(fileOf), appointment };
}

export async function markHandled(db: Db, id: number, now: number): Promise<boolean> {
  const result = await inboxTables(db).updateTable('inbox_submissions').set({ status: 'handled', handled_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cancels the appointment of a submission (its slot is free again); false when it has none still active. */
export async function cancelAppointment(db: Db, submissionId: number, now: number): Promise<boolean> {
  const result = await allTables(db).updateTable('appointments').set({ canceled_at: now }).where('submission_id', '=', submissionId).where('canceled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const REDACTED = JSON.stringify({ redacted: true });

/**
 * Removes the personal data of submissions (an erasure request, or retention): name, e-mail and phone blanked, the
 * form's contents replaced by `{"redacted":true}`, its files' rows removed. What stays: kind, store, language, dates,
 * status, the appointment's boutique and slot, so the counts still add up. Answers the files to delete from disk.
 */
export async function redactSubmissions(trx: Trx, ids: readonly number[], now: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const files = await inboxTables(trx).selectFrom('inbox_files').select('path').where('submission_id', 'in', [...ids]).execute();
  await inboxTables(trx).deleteFrom('inbox_files').where('submission_id', 'in', [...ids]).execute();
  await inboxTables(trx)
    .updateTable('inbox_submissions')
    .set({ name: null, email: null, phone: null, data: REDACTED, redacted_at: now })
    .where('id', 'in', [...ids])
    .execute();
  return files.map((file) => file.path);
}

/** Submissions older than `before` that still hold personal data (a page of them). */
export async function unredactedBefore(db: Db, before: number, limit: number): Promise<number[]> {
  const rows = await inboxTables(db).selectFrom('inbox_submissions').select('id').where('created_at', '<', before).where('redacted_at', 'is', null).orderBy('id').limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/** Uploads no form linked, stored before `before`: removed (rows answered with their files). */
export async function removeUnlinkedUploads(trx: Trx, before: number): Promise<string[]> {
  const rows = await inboxTables(trx).selectFrom('inbox_files').select(['id', 'path']).where('submission_id', 'is', null).where('created_at', '<', before).execute();
  if (rows.length === 0) return [];
  await inboxTables(trx).deleteFrom('inbox_files').where('id', 'in', rows.map((row) => row.id)).where('submission_id', 'is', null).execute();
  return rows.map((row) => row.path);
}

/** How many submissions there are by kind (redacted ones included): the counts retention keeps. */
export async function countByKind(db: Db): Promise<Record<string, number>> {
  const rows = await inboxTables(db).selectFrom('inbox_submissions').select(['kind', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('kind').execute();
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)]));
}
