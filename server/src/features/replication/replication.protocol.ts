/**
 * The shapes of RxDB's replication protocol as this server speaks it (replication-http with a custom handler):
 * - pull: `GET …/pull?updatedAt=<ms>&id=<id>&limit=<n>` (or `checkpoint=<json>`) → `{ documents, checkpoint }`;
 *   documents carry `_deleted`, the checkpoint is `{ id, updatedAt }` of the last one (the one asked when none).
 * - push: `POST …/push` with `[{ assumedMasterState?, newDocumentState }]` → the server's copy of each conflicting
 *   document (an empty array when every row was written).
 * - stream: server-sent events whose `data` is JSON: `"RESYNC"` first, then `{ documents, checkpoint }` per change.
 */
import { DomainError } from '@shop/shared';
import { z } from 'zod/mini';

export const DEFAULT_PULL_LIMIT = 100;
export const MAX_PULL_LIMIT = 1000;
export const MAX_PUSH_ROWS = 1000;

export interface Checkpoint {
  id: string;
  updatedAt: number;
}

/** A document as pull and stream answer it: its stored fields plus `_deleted`. */
export type PulledDocument = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };

export interface PullAnswer {
  documents: PulledDocument[];
  checkpoint: Checkpoint | null;
}

/** Fields RxDB keeps for itself; they are never stored and never compared. */
export const RXDB_INTERNAL_FIELDS = ['_deleted', '_meta', '_rev', '_attachments'] as const;

const CheckpointSchema = z.object({
  id: z.string().check(z.maxLength(200, 'id must be at most 200 characters')),
  updatedAt: z.number().check(z.int('updatedAt must be a whole number of milliseconds'), z.minimum(0, 'updatedAt must be 0 or more')),
});

const DocumentObject = z.record(z.string(), z.unknown());

export const PushRowSchema = z.object({
  assumedMasterState: z.optional(z.nullable(DocumentObject)),
  newDocumentState: DocumentObject,
});
export type PushRow = z.infer<typeof PushRowSchema>;

const PushBodySchema = z.array(PushRowSchema).check(z.maxLength(MAX_PUSH_ROWS, `A push holds at most ${MAX_PUSH_ROWS} rows`));

/** "ops.0.qty: Too small…; sku: expected string": every issue with the field it is about. */
export function describeIssues(error: z.core.$ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
      if (issue.code === 'invalid_type') return `${where}: expected ${issue.expected}${issue.input === undefined ? ', but it is missing' : ''}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

function single(value: unknown, name: string): string | undefined {
  if (Array.isArray(value)) throw new DomainError('bad_request', `Give ${name} once`);
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(text: string, name: string, min: number, max: number): number {
  if (!/^\d{1,16}$/.test(text.trim())) throw new DomainError('bad_request', `${name} must be a whole number, not "${text.slice(0, 40)}"`);
  const value = Number(text.trim());
  if (value < min || value > max) throw new DomainError('bad_request', `${name} must be between ${min} and ${max}`);
  return value;
}

/** The checkpoint and page size of a pull; no checkpoint means "from the start". */
export function parsePullQuery(query: Record<string, unknown>): { checkpoint: Checkpoint | null; limit: number } {
  const limitText = single(query.limit, 'limit') ?? single(query.batchSize, 'batchSize');
  const limit = limitText === undefined || limitText === '' ? DEFAULT_PULL_LIMIT : wholeNumber(limitText, 'limit', 1, MAX_PULL_LIMIT);

  const json = single(query.checkpoint, 'checkpoint');
  if (json !== undefined && json !== '' && json !== 'null') {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw new DomainError('bad_request', 'checkpoint must be JSON such as {"id":"a","updatedAt":1718000000000}');
    }
    const parsed = CheckpointSchema.safeParse(value);
    if (!parsed.success) throw new DomainError('bad_request', `Invalid checkpoint: ${describeIssues(parsed.error, 'checkpoint')}`);
    return { checkpoint: parsed.data, limit };
  }

  const updatedAt = single(query.updatedAt, 'updatedAt');
  const id = single(query.id, 'id') ?? '';
  if (id.length > 200) throw new DomainError('bad_request', 'id must be at most 200 characters');
  if ((updatedAt === undefined || updatedAt === '') && id === '') return { checkpoint: null, limit };
  return { checkpoint: { id, updatedAt: updatedAt === undefined || updatedAt === '' ? 0 : wholeNumber(updatedAt, 'updatedAt', 0, Number.MAX_SAFE_INTEGER) }, limit };
}

export function parsePushBody(body: unknown): PushRow[] {
  if (!Array.isArray(body)) throw new DomainError('bad_request', 'A push body is a JSON array of { assumedMasterState, newDocumentState } rows');
  const parsed = PushBodySchema.safeParse(body);
  if (!parsed.success) throw new DomainError('bad_request', `Invalid push: ${describeIssues(parsed.error, 'rows')}`);
  return parsed.data;
}

/** The document without RxDB's own fields, and whether it is deleted. */
export function splitDeleted(state: Record<string, unknown>, where: string): { data: Record<string, unknown>; deleted: boolean } {
  const deleted = state._deleted ?? false;
  if (typeof deleted !== 'boolean') throw new DomainError('bad_request', `${where}._deleted: expected boolean`);
  const data = { ...state };
  for (const field of RXDB_INTERNAL_FIELDS) delete data[field];
  return { data, deleted };
}
