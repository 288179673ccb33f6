import { z } from 'zod/mini';
import { ReplicatedDocumentShape, TimestampSchema } from './document.schema.ts';

export const SYNC_TASK_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * A queued call (spec 2 §3 "Sync task"): `id` is the task id. The client owns the request and `acknowledged` (set once
 * it has read the result); the server owns whether it ran and what it answered.
 */
export const SyncTaskRequestShape = {
  url: z.string(),
  payload: z.object({
    method: z.enum(SYNC_TASK_METHODS),
    headers: z.record(z.string(), z.string()),
    body: z.optional(z.unknown()),
  }),
  silent: z.boolean(),
  callback_event: z.optional(z.string()),
  meta: z.optional(z.record(z.string(), z.unknown())),
  is_result_cacheable: z.boolean(),
  acknowledged: z.boolean(),
  created_at: TimestampSchema,
};

export const SyncTaskResultShape = {
  transmited: z.boolean(),
  transmited_at: z.optional(TimestampSchema),
  result: z.optional(z.unknown()),
  resultCode: z.optional(z.number().check(z.int())),
  code: z.optional(z.number().check(z.int())),
};

export const SyncTaskDocSchema = z.object({ ...ReplicatedDocumentShape, ...SyncTaskRequestShape, ...SyncTaskResultShape });
export type SyncTaskDoc = z.infer<typeof SyncTaskDocSchema>;

export const SYNC_TASK_REQUEST_FIELDS = Object.keys(SyncTaskRequestShape) as Array<keyof typeof SyncTaskRequestShape>;
export const SYNC_TASK_SERVER_OWNED_FIELDS = Object.keys(SyncTaskResultShape) as Array<keyof typeof SyncTaskResultShape>;
export const SYNC_TASK_COLLECTION_VERSION = 0;
export const SYNC_TASK_INDEXES = [['created_at'], ['transmited', 'created_at']] as const;
