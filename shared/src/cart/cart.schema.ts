import { z } from 'zod/mini';
import { PRODUCT_TYPES } from '../catalogue/product-attributes.ts';
import {
  ClientIdSchema,
  ID_MAX_LENGTH,
  lwwSchema,
  ProductSnapshotSchema,
  ReplicatedDocumentShape,
  SkuSchema,
  TimestampSchema,
} from '../sync/document.schema.ts';
import { LineOptionsSchema } from './line-options.ts';

/**
 * One change to a cart line (decision 010): `add` increments, `set` assigns, `remove` zeroes. The line's quantity is
 * the fold of its ops in `(at, replica, id)` order.
 */
export const CART_OP_KINDS = ['add', 'set', 'remove'] as const;
export type CartOpKind = (typeof CART_OP_KINDS)[number];
export const CartOpSchema = z.object({
  id: ClientIdSchema,
  kind: z.enum(CART_OP_KINDS),
  qty: z.number().check(z.int(), z.minimum(0)),
  at: TimestampSchema,
  replica: ClientIdSchema,
});
export type CartOp = z.infer<typeof CartOpSchema>;

/** The options checksum: 16 hexadecimal digits. */
export const CHECKSUM_LENGTH = 16;
export const ChecksumSchema = z.string().check(z.length(CHECKSUM_LENGTH));

export const CustomOptionSchema = z.object({ option_id: z.number(), option_value: z.string() });
export type CustomOption = z.infer<typeof CustomOptionSchema>;
/** A chosen configurable attribute: the attribute id and the chosen value index (catalogue `configurable_options`). */
export const ConfigurableItemOptionSchema = z.object({ option_id: z.number(), option_value: z.number() });
export type ConfigurableItemOption = z.infer<typeof ConfigurableItemOptionSchema>;
/** A bundle option: the chosen link ids (`option_selections`) at `option_qty` each. */
export const BundleItemOptionSchema = z.object({
  option_id: z.number(),
  option_qty: z.number(),
  option_selections: z.array(z.number()),
});
export type BundleItemOption = z.infer<typeof BundleItemOptionSchema>;

/** The cart item's `product_option` (spec 1 §3). */
export const ProductOptionSchema = z.object({
  extension_attributes: z.object({
    custom_options: z.optional(z.array(CustomOptionSchema)),
    configurable_item_options: z.optional(z.array(ConfigurableItemOptionSchema)),
    bundle_options: z.optional(z.array(BundleItemOptionSchema)),
  }),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** What makes two lines of one sku different lines: the product options and a custom (ring) size. */
export const CartItemOptionsShape = {
  product_option: z.optional(ProductOptionSchema),
  custom_size: z.optional(z.string()),
  custom_size_unit: z.optional(z.string()),
};

/** What a cart line shows without loading its product: the product's snapshot and the options chosen (line-options.ts). */
export const CartLineSnapshotSchema = z.extend(ProductSnapshotSchema, { options: z.optional(LineOptionsSchema) });
export type CartLineSnapshot = z.infer<typeof CartLineSnapshotSchema>;

/**
 * What the server's stock sync last found for a line (line-stock.ts): in or out of stock, how many the stock gives
 * (managed stock only), the quantity asked before the line was lowered, and whether it was removed (quantity 0) for
 * being out of stock where out-of-stock carts are not allowed. Server-owned: a push cannot set it.
 */
export const CART_LINE_STOCK_STATUSES = ['in_stock', 'out_of_stock'] as const;
export const CartLineStockSchema = z.object({
  status: z.enum(CART_LINE_STOCK_STATUSES),
  at: TimestampSchema,
  maxQuantity: z.optional(z.number().check(z.int(), z.minimum(0))),
  loweredFrom: z.optional(z.number().check(z.int(), z.minimum(0))),
  removed: z.optional(z.boolean()),
});
export type CartLineStock = z.infer<typeof CartLineStockSchema>;

/**
 * A cart line as the `cart` collection replicates it. `id` is `sku + ':' + checksum`; `qty` is the fold of `ops`
 * (never below 0), stored so that queries need not fold. `snapshot` is last-writer-wins display data; `serverItemId`
 * is owned by the server.
 */
export const CartLineDocSchema = z.object({
  ...ReplicatedDocumentShape,
  sku: SkuSchema,
  checksum: ChecksumSchema,
  parentSku: z.optional(SkuSchema),
  type_id: z.enum(PRODUCT_TYPES),
  ...CartItemOptionsShape,
  snapshot: lwwSchema(CartLineSnapshotSchema),
  ops: z.array(CartOpSchema),
  qty: z.number().check(z.int(), z.minimum(0)),
  serverItemId: z.optional(z.string().check(z.maxLength(ID_MAX_LENGTH))),
  stockNote: z.optional(CartLineStockSchema),
});
export type CartLineDoc = z.infer<typeof CartLineDocSchema>;

/** Version 0 of a cart line (before decision 010): a plain quantity, no ops. Kept for the migration and its test. */
export const CartLineDocV0Schema = z.object({
  ...ReplicatedDocumentShape,
  sku: SkuSchema,
  checksum: ChecksumSchema,
  parentSku: z.optional(SkuSchema),
  type_id: z.enum(PRODUCT_TYPES),
  ...CartItemOptionsShape,
  name: z.string(),
  price_incl_tax: z.number(),
  image: z.string(),
  url_path: z.string(),
  qty: z.number(),
  serverItemId: z.optional(z.string()),
});
export type CartLineDocV0 = z.infer<typeof CartLineDocV0Schema>;

/**
 * 1: quantities as ops (decision 010); 2: the snapshot may keep the chosen options (an added optional field); 3: the
 * server's stock note (an added optional field).
 */
export const CART_COLLECTION_VERSION = 3;
export const CART_SERVER_OWNED_FIELDS = ['serverItemId', 'stockNote'] as const satisfies ReadonlyArray<keyof CartLineDoc>;
export const CART_INDEXES = [['sku'], ['updatedAt']] as const;
