import { z } from 'zod/mini';

/**
 * The fields every replicated document carries (decision 010), and the small building blocks the collection schemas
 * share. Limits are explicit because RxDB needs `maxLength` on keys and indexed strings and bounds on indexed numbers.
 */
export const KEY_MAX_LENGTH = 200;
export const SKU_MAX_LENGTH = 128;
/** Client-made ids: write ids, op ids, replica ids, add tags (a UUID is 36 characters). */
export const ID_MAX_LENGTH = 64;
/** The largest millisecond time a JavaScript Date can hold. */
export const MAX_TIMESTAMP = 8_640_000_000_000_000;

export const DocumentKeySchema = z.string().check(z.minLength(1), z.maxLength(KEY_MAX_LENGTH));
export const SkuSchema = z.string().check(z.minLength(1), z.maxLength(SKU_MAX_LENGTH));
export const ClientIdSchema = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH));
/** Milliseconds since the epoch, bounded and whole so that it can be indexed. */
export const TimestampSchema = z.number().check(z.int(), z.minimum(0), z.maximum(MAX_TIMESTAMP), z.multipleOf(1));

/** `updatedAt` is stamped by the server on every accepted push; `writeId` names the last local write. */
export const ReplicatedDocumentShape = {
  id: DocumentKeySchema,
  updatedAt: TimestampSchema,
  writeId: ClientIdSchema,
};
export const ReplicatedDocumentSchema = z.object(ReplicatedDocumentShape);
export type ReplicatedDocument = z.infer<typeof ReplicatedDocumentSchema>;

/** When and where a write was made: ordered by `at`, then by `replica` as the tie-break. */
export const StampSchema = z.object({ at: TimestampSchema, replica: ClientIdSchema });
export type Stamp = z.infer<typeof StampSchema>;

/**
 * One local write: `id` becomes the document's `writeId` (and names the op or tag it makes), `at` and `replica`
 * stamp it. Shared rules never make these up: the caller brings them.
 */
export const WriteStampSchema = z.object({ id: ClientIdSchema, at: TimestampSchema, replica: ClientIdSchema });
export type WriteStamp = z.infer<typeof WriteStampSchema>;

/** A last-writer-wins register: a value with the stamp of the write that set it. */
export function lwwSchema<T extends z.ZodMiniType>(value: T) {
  return z.object({ value, at: TimestampSchema, replica: ClientIdSchema });
}
export interface Lww<T> {
  value: T;
  at: number;
  replica: string;
}

/** What a list shows of a product without loading it: kept with cart lines, wishlist and compare entries. */
export const ProductSnapshotSchema = z.object({
  name: z.string(),
  price_incl_tax: z.number(),
  image: z.string(),
  url_path: z.string(),
});
export type ProductSnapshot = z.infer<typeof ProductSnapshotSchema>;
