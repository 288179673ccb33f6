import { z } from 'zod/mini';
import { CUSTOM_SIZE_KINDS } from '../cart/custom-size.ts';
import { PRICE_FIELDS } from '../pricing/prices.ts';
import { PRODUCT_ATTRIBUTE_CODES, PRODUCT_LINK_TYPES, PRODUCT_TYPES, type ProductAttributeCode } from './product-attributes.ts';

export const MediaGalleryEntrySchema = z.object({
  image: z.string(),
  label: z.optional(z.string()),
  pos: z.number(),
});

export const StockSchema = z.object({
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  qty: z.number(),
  backorders: z.optional(z.boolean()),
});
export type Stock = z.infer<typeof StockSchema>;

export const ProductCategoryRefSchema = z.object({
  category_id: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
});

export const PriceFieldsShape = {
  price: z.number(),
  price_incl_tax: z.number(),
  price_tax: z.number(),
  original_price: z.number(),
  original_price_incl_tax: z.number(),
  original_price_tax: z.number(),
  special_price: z.number(),
  special_price_incl_tax: z.number(),
  special_price_tax: z.number(),
  special_from_date: z.nullable(z.string()),
  special_to_date: z.nullable(z.string()),
  final_price: z.number(),
  final_price_incl_tax: z.number(),
  final_price_tax: z.number(),
  tax_class_id: z.number(),
};

export const ConfigurableOptionSchema = z.object({
  attribute_id: z.number(),
  attribute_code: z.string(),
  label: z.string(),
  position: z.number(),
  values: z.array(z.object({ value_index: z.number(), label: z.string() })),
});
export type ConfigurableOption = z.infer<typeof ConfigurableOptionSchema>;

const attributeValue = z.optional(z.union([z.number(), z.array(z.number())]));
const attributeShape = Object.fromEntries(PRODUCT_ATTRIBUTE_CODES.map((code) => [code, attributeValue])) as Record<
  ProductAttributeCode,
  typeof attributeValue
>;

export const ConfigurableChildSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  status: z.number(),
  image: z.string(),
  stock: StockSchema,
  ...PriceFieldsShape,
  ...attributeShape,
});
export type ConfigurableChild = z.infer<typeof ConfigurableChildSchema>;

export const ProductLinkSchema = z.object({
  link_type: z.enum(PRODUCT_LINK_TYPES),
  linked_product_sku: z.string(),
  linked_product_type: z.enum(PRODUCT_TYPES),
  qty: z.number(),
  position: z.number(),
});

export const BundleOptionSchema = z.object({
  option_id: z.number(),
  title: z.string(),
  type: z.enum(['select', 'radio', 'checkbox']),
  required: z.boolean(),
  position: z.number(),
  product_links: z.array(
    z.object({
      id: z.number(),
      sku: z.string(),
      qty: z.number(),
      is_default: z.boolean(),
      position: z.number(),
    }),
  ),
});

/** A product as served for one store view (spec 1 §3). Store-specific: name, url_key, url_path, slug, description, category names. */
export const ProductSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  type_id: z.enum(PRODUCT_TYPES),
  status: z.number(),
  visibility: z.number(),
  url_key: z.string(),
  url_path: z.string(),
  slug: z.string(),
  image: z.string(),
  media_gallery: z.array(MediaGalleryEntrySchema),
  description: z.string(),
  short_description: z.string(),
  ean: z.optional(z.string()),
  parentSku: z.optional(z.string()),
  parentId: z.optional(z.number()),
  ...PriceFieldsShape,
  tier_prices: z.array(z.object({ customer_group_id: z.number(), qty: z.number(), value: z.number() })),
  customprice_usd: z.optional(z.number()),
  customprice_gbp: z.optional(z.number()),
  stock: StockSchema,
  category: z.array(ProductCategoryRefSchema),
  category_ids: z.array(z.number()),
  configurable_options: z.optional(z.array(ConfigurableOptionSchema)),
  configurable_children: z.optional(z.array(ConfigurableChildSchema)),
  product_links: z.optional(z.array(ProductLinkSchema)),
  bundle_options: z.optional(z.array(BundleOptionSchema)),
  new: z.boolean(),
  sale: z.boolean(),
  limited_edition: z.boolean(),
  hide_price: z.boolean(),
  is_bestseller: z.boolean(),
  margin_product: z.boolean(),
  allowedcountries: z.optional(z.array(z.string())),
  /** The shopper's own size this product needs on its cart line (cart/custom-size.ts): a ring size or a bracelet length. */
  custom_size_kind: z.optional(z.enum(CUSTOM_SIZE_KINDS)),
  ...attributeShape,
  created_at: z.string(),
  updated_at: z.string(),
  /** Spec 1 §4: true when the prices were synced for this answer (at `price_refreshed_at`), false when they wait for it. */
  price_is_current: z.optional(z.boolean()),
  price_refreshed_at: z.optional(z.string()),
});
export type Product = z.infer<typeof ProductSchema>;

/** The catalogue prices call (`GET /api/catalog/prices`): each known sku's synced prices (spec 1 §4). */
export const CataloguePricesResultSchema = z.object({
  items: z.array(
    z.object({
      sku: z.string(),
      ...(Object.fromEntries(PRICE_FIELDS.map((field) => [field, z.number()])) as Record<(typeof PRICE_FIELDS)[number], z.ZodMiniNumber>),
      price_is_current: z.literal(true),
      price_refreshed_at: z.string(),
    }),
  ),
});
export type CataloguePricesResult = z.infer<typeof CataloguePricesResultSchema>;
