import { z } from 'zod/mini';
import { ClientIdSchema, lwwSchema, ProductSnapshotSchema, ReplicatedDocumentShape, SkuSchema, WriteStampSchema } from './document.schema.ts';

/** The tag of one "add" to an add-wins set: the write that made it; the stamp orders entries by when they were added. */
export const AddTagSchema = WriteStampSchema;
export type AddTag = z.infer<typeof AddTagSchema>;

/**
 * One sku of the wishlist or the compare list (decision 010): an add-wins set entry. `adds` holds the tags of adds no
 * remove has seen, `removed` the tags every remove has seen; the sku is present while `adds` is not empty. `id` is
 * the sku. A wishlist item's qty is always 1 (spec 2 §3), so none is stored.
 */
export const SkuSetEntryDocSchema = z.object({
  ...ReplicatedDocumentShape,
  sku: SkuSchema,
  adds: z.array(AddTagSchema),
  removed: z.array(ClientIdSchema),
  snapshot: lwwSchema(ProductSnapshotSchema),
});
export type SkuSetEntryDoc = z.infer<typeof SkuSetEntryDocSchema>;

export const WishlistEntryDocSchema = SkuSetEntryDocSchema;
export type WishlistEntryDoc = SkuSetEntryDoc;
export const CompareEntryDocSchema = SkuSetEntryDocSchema;
export type CompareEntryDoc = SkuSetEntryDoc;

export const SKU_SET_COLLECTION_VERSION = 0;
export const SKU_SET_SERVER_OWNED_FIELDS = [] as const satisfies ReadonlyArray<keyof SkuSetEntryDoc>;
export const SKU_SET_INDEXES = [['sku'], ['updatedAt']] as const;
