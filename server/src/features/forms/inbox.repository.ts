/**
 * What shoppers sent through the shop's forms (migration 015): one `inbox_submissions` row per form sent, keyed by
 * its task id, with the personal columns (name, e-mail, phone) apart from the rest of the form (`data`, JSON) so the
 * retention sweep can blank them and keep the counts. Pictures of a trade-in are `inbox_files` rows.
 */
import type { Generated } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

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
