import { z } from 'zod/mini';
import { ClientIdSchema, DocumentKeySchema, TimestampSchema } from './document.schema.ts';

export const SYNC_TASK_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type SyncTaskMethod = (typeof SYNC_TASK_METHODS)[number];

/** What a queued task is for (decision 042): the visualizer and the announcer read it, the runner picks its captcha action. */
export const TASK_KINDS = ['profile', 'newsletter', 'review', 'stats', 'contact', 'tradeIn', 'appointment', 'customForm', 'invoice', 'sendInvoice', 'stockAlert'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** `public`: anyone may send it (forms); `customer`: only the customer who queued it, with their token. */
export const TASK_AUTHS = ['public', 'customer'] as const;
export type TaskAuth = (typeof TASK_AUTHS)[number];

/**
 * A queued call (spec 2 §3 "Sync task"), version 1 (decision 042): a device-only document, never replicated. The leader
 * tab sends it to its route with the header `X-Task-Id: <task_id>` and writes the answer into the same document; the
 * server keeps a receipt by that id, so a task sent twice has its effect once. `id` is the RxDB primary key and always
 * equals `task_id` (a primary key cannot be renamed, and the spec names the field `task_id`).
 */
export const SyncTaskRequestShape = {
  id: DocumentKeySchema,
  task_id: ClientIdSchema,
  /** May hold `{{token}}` and `{{cartId}}`: resolved when the task is sent, never stored resolved. */
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  payload: z.object({
    method: z.enum(SYNC_TASK_METHODS),
    /** `content-type`, `accept` and `x-client`; never a credential. */
    headers: z.record(z.string(), z.string()),
    body: z.optional(z.unknown()),
  }),
  silent: z.boolean(),
  /** The i18n key of the success message (e.g. `account:notices.profileUpdated`). */
  callback_event: z.optional(z.string()),
  /** Typed by `SyncTaskMeta` (sync-task.ts); stored as a record so a newer tab's fields survive an older one. */
  meta: z.optional(z.record(z.string(), z.unknown())),
  is_result_cacheable: z.boolean(),
  acknowledged: z.boolean(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

export const SyncTaskResultShape = {
  transmited: z.boolean(),
  transmited_at: z.optional(TimestampSchema),
  result: z.optional(z.unknown()),
  /** The HTTP status. */
  resultCode: z.optional(z.number().check(z.int())),
  /** The envelope's `code` (equal to the status for this shop's server; may differ behind a proxy). */
  code: z.optional(z.number().check(z.int())),
};

export const SyncTaskDocSchema = z.object({ ...SyncTaskRequestShape, ...SyncTaskResultShape });
export type SyncTaskDoc = z.infer<typeof SyncTaskDocSchema>;

/** Version 0 (replicated, decision 010): kept only so that the migration to version 1 is typed and tested. */
export const SyncTaskDocV0Schema = z.object({
  id: DocumentKeySchema,
  updatedAt: TimestampSchema,
  writeId: ClientIdSchema,
  url: z.string(),
  payload: z.object({ method: z.enum(SYNC_TASK_METHODS), headers: z.record(z.string(), z.string()), body: z.optional(z.unknown()) }),
  silent: z.boolean(),
  callback_event: z.optional(z.string()),
  meta: z.optional(z.record(z.string(), z.unknown())),
  is_result_cacheable: z.boolean(),
  acknowledged: z.boolean(),
  created_at: TimestampSchema,
  ...SyncTaskResultShape,
});
export type SyncTaskDocV0 = z.infer<typeof SyncTaskDocV0Schema>;

export const SYNC_TASK_COLLECTION_VERSION = 1;
export const SYNC_TASK_INDEXES = [['created_at'], ['transmited', 'created_at']] as const;
