/**
 * The catalogue import file (`pnpm shop import <file>`): one JSON document whose sections are all optional, in the
 * shape of the records the demo generator emits. Store texts sit under `stores`; everything derived (url_path,
 * slug, prices incl. tax, product counts) is computed when the catalogue is stored, never read from the file.
 * Cross-record rules (references, uniqueness against the stored catalogue) are in `catalogue-import.ts`.
 */
import { z } from 'zod/mini';
import { STORE_CODES } from '../stores/stores.ts';
import { CUSTOM_SIZE_KINDS } from '../cart/custom-size.ts';
import { PRODUCT_ATTRIBUTE_CODES, PRODUCT_TYPES, RELATED_LINK_TYPES } from './product-attributes.ts';

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const URL_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,199}$/;
export const ATTRIBUTE_CODE_PATTERN = /^[a-z][a-z0-9_.]{0,59}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isImportDate(value: string): boolean {
  return DATE_PATTERN.test(value) && Number.isFinite(Date.parse(value));
}

const id = z.int().check(z.positive('must be a whole number above 0'));
const whole = z.int();
const money = z.number().check(z.gte(0, 'must be 0 or more'));
const text = z.string().check(z.minLength(1, 'must not be empty'));
const sku = z.string().check(z.regex(SKU_PATTERN, 'must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit'));
const urlKey = z.string().check(z.regex(URL_KEY_PATTERN, 'must be one URL segment: lower-case letters, digits, "-", "_" or ".", starting with a letter or digit'));
const date = z.string().check(z.refine(isImportDate, 'must be a date (2026-03-01) or an ISO date-time (2026-03-01T09:30:00Z)'));
const inRange = (min: number, max: number) => z.int().check(z.refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`));

/** One value per store; both stores are required so that neither shows a blank. */
const perStore = <T extends z.core.SomeType>(schema: T) => z.record(z.enum(STORE_CODES), schema);

export const StoreTextsSchema = z.strictObject({
  name: text,
  url_key: urlKey,
  description: z.optional(z.string()),
});
export type StoreTexts = z.infer<typeof StoreTextsSchema>;

const uniqueBy = <T>(items: readonly T[], key: (item: T) => unknown): number[] => {
  const seen = new Set<unknown>();
  const repeats: number[] = [];
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) repeats.push(i);
    seen.add(k);
  });
  return repeats;
};

export const SOURCE_FRONTEND_INPUTS = ['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'weight'] as const;

export const SourceAttributeOptionSchema = z.strictObject({
  /** The option id as a string ("101"); products refer to it as a number. */
  value: z.string().check(z.regex(/^\d{1,9}$/, 'must be the option id as a string of digits, e.g. "101"')),
  labels: perStore(z.string()),
  swatch: z.optional(z.string()),
  /** A stable name for the option whatever its labels ("box_papers"), for rules that must recognise it. */
  code: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, "_" or "-"'))),
});

export const SourceAttributeSchema = z
  .strictObject({
    attribute_id: id,
    attribute_code: z.string().check(z.regex(ATTRIBUTE_CODE_PATTERN, 'must start with a lower-case letter, then lower-case letters, digits, "_" or "."')),
    frontend_input: z.enum(SOURCE_FRONTEND_INPUTS),
    labels: perStore(z.string()),
    options: z.array(SourceAttributeOptionSchema),
    is_comparable: z.boolean(),
    is_visible_on_front: z.boolean(),
    is_filterable: z.boolean(),
    is_searchable: z.boolean(),
    position: whole,
    unit: z.optional(z.string()),
  })
  .check(
    z.superRefine((attribute, ctx) => {
      for (const i of uniqueBy(attribute.options, (o) => o.value)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: `option id ${attribute.options[i]?.value} appears twice` });
      }
    }),
  );
export type SourceAttribute = z.infer<typeof SourceAttributeSchema>;

export const SourceCategorySchema = z
  .strictObject({
    id,
    /** 1 for the root (id 2); the root's parent is 1 (or 0 for the absolute root itself). */
    parent_id: z.int().check(z.gte(0, 'must be 0, 1 or a category id')),
    position: whole,
    is_active: z.boolean(),
    include_in_menu: z.boolean(),
    display_mode: z.enum(['PRODUCTS', 'PAGE', 'PRODUCTS_AND_PAGE']),
    image: z.optional(text),
    /** The small picture of menus and subcategory tiles; without one, the image (or the storefront's placeholder). */
    thumbnail: z.optional(text),
    /** The CMS block shown on the category page (spec 1 §3 `landing_page`). */
    landing_page: z.optional(z.nullable(id)),
    stores: perStore(StoreTextsSchema),
  })
  .check(
    z.superRefine((category, ctx) => {
      if (category.parent_id === category.id) ctx.addIssue({ code: 'custom', path: ['parent_id'], message: 'a category cannot be its own parent' });
    }),
  );
export type SourceCategory = z.infer<typeof SourceCategorySchema>;

export const SourceStockSchema = z.strictObject({
  qty: z.int().check(z.gte(0, 'must be 0 or more')),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  backorders: z.boolean(),
});
export type SourceStock = z.infer<typeof SourceStockSchema>;

/** Option ids (select), lists of option ids (multiselect) or plain numbers (e.g. oculus_diameter in mm). */
export const SourceAttributeValuesSchema = z.partialRecord(
  z.enum(PRODUCT_ATTRIBUTE_CODES),
  z.union([z.number(), z.array(z.number())], { error: 'expected a number (an option id or a measure) or a list of option ids' }),
);
export type SourceAttributeValues = z.infer<typeof SourceAttributeValuesSchema>;

export const SourceImageSchema = z.strictObject({
  /** Path served by the shop, e.g. "/media/catalog/W-000123-1.svg", or an absolute http(s) URL. */
  path: z.string().check(z.regex(/^(\/|https?:\/\/)\S+$/, 'must be a path starting with "/" or an http(s) URL')),
  label: z.optional(z.string()),
});
export type SourceImage = z.infer<typeof SourceImageSchema>;

const NO_FLAGS = { new: false, sale: false, limited_edition: false, hide_price: false, is_bestseller: false, margin_product: false };
const flag = z._default(z.boolean(), false);
export const SourceFlagsSchema = z.strictObject({
  new: flag,
  sale: flag,
  limited_edition: flag,
  hide_price: flag,
  is_bestseller: flag,
  margin_product: flag,
});

export const SourceConfigurableOptionSchema = z.strictObject({
  attribute_id: id,
  attribute_code: z.string().check(z.regex(ATTRIBUTE_CODE_PATTERN, 'must be an attribute code')),
  label: z.string(),
  position: whole,
  values: z.array(z.strictObject({ value_index: whole, label: z.string() })).check(z.minLength(1, 'needs at least one value')),
});

export const SourceProductLinkSchema = z.strictObject({
  sku,
  qty: z.number().check(z.positive('must be above 0')),
  position: whole,
});

/** A link to a product shown on this product's page (product.schema.ts `RELATED_LINK_TYPES`). */
export const SourceRelatedLinkSchema = z.strictObject({
  link_type: z.enum(RELATED_LINK_TYPES),
  sku,
  position: whole,
});

export const SourceBundleOptionSchema = z.strictObject({
  option_id: id,
  title: perStore(z.string()),
  type: z.enum(['select', 'radio', 'checkbox']),
  required: z.boolean(),
  position: whole,
  links: z
    .array(z.strictObject({ id, sku, qty: z.number().check(z.positive('must be above 0')), is_default: z.boolean(), position: whole }))
    .check(z.minLength(1, 'needs at least one product')),
});

export const SourceProductSchema = z
  .strictObject({
    id,
    sku,
    type_id: z.enum(PRODUCT_TYPES),
    /** 1 enabled, 2 disabled. */
    status: z._default(inRange(1, 2), 1),
    /** 1 not visible individually, 2 catalogue, 3 search, 4 both. */
    visibility: z._default(inRange(1, 4), 4),
    stores: perStore(z.extend(StoreTextsSchema, { short_description: z.optional(z.string()) })),
    /** Prices excluding tax, EUR. A special price at or above the price is kept and ignored by the price rules. */
    price: money,
    special_price: z.optional(money),
    special_from_date: z.optional(date),
    special_to_date: z.optional(date),
    /** 0 for goods without tax. */
    tax_class_id: z.int().check(z.gte(0, 'must be 0 (no tax) or a tax class id')),
    customprice_usd: z.optional(money),
    customprice_gbp: z.optional(money),
    ean: z.optional(z.string().check(z.regex(/^\d{8,14}$/, 'must be 8 to 14 digits'))),
    images: z._default(z.array(SourceImageSchema), () => []),
    category_ids: z._default(z.array(id), () => []),
    attributes: z._default(SourceAttributeValuesSchema, () => ({})),
    stock: SourceStockSchema,
    flags: z._default(SourceFlagsSchema, () => ({ ...NO_FLAGS })),
    /** The only countries the product may be shipped to (two-letter codes); absent: wherever the shop ships. */
    allowedcountries: z.optional(z.array(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code in capitals, e.g. "NL"')))),
    /** Configurable products: the options and the child product ids (children are products themselves, visibility 1). */
    configurable_options: z.optional(z.array(SourceConfigurableOptionSchema)),
    child_ids: z.optional(z.array(id)),
    /** For a child of a configurable product. */
    parent_id: z.optional(id),
    /** Grouped products: associated simple products. */
    links: z.optional(z.array(SourceProductLinkSchema)),
    bundle_options: z.optional(z.array(SourceBundleOptionSchema)),
    /** Products shown on this one's page: "You may also like" (related, upsell) and matching pieces (crosssell). */
    related_links: z.optional(z.array(SourceRelatedLinkSchema)),
    /** The shopper's own size its cart line needs: a ring size or a bracelet length (cart/custom-size.ts). */
    custom_size_kind: z.optional(z.enum(CUSTOM_SIZE_KINDS)),
    created_at: date,
    /** The default sort of listings is the latest update first. */
    updated_at: date,
  })
  .check(
    z.superRefine((p, ctx) => {
      const problem = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      if (p.special_from_date && p.special_to_date && Date.parse(p.special_from_date) > Date.parse(p.special_to_date)) {
        problem(['special_to_date'], `ends before special_from_date ${p.special_from_date}`);
      }
      const onlyFor = (field: 'configurable_options' | 'child_ids' | 'links' | 'bundle_options', type: string) => {
        if (p[field] !== undefined && p.type_id !== type) problem([field], `only a ${type} product has ${field} (type_id is ${p.type_id})`);
      };
      onlyFor('configurable_options', 'configurable');
      onlyFor('child_ids', 'configurable');
      onlyFor('links', 'grouped');
      onlyFor('bundle_options', 'bundle');
      if (p.parent_id === p.id) problem(['parent_id'], 'a product cannot be its own parent');
      for (const i of uniqueBy(p.child_ids ?? [], (c) => c)) problem(['child_ids', i], `child ${p.child_ids?.[i]} appears twice`);
      (p.child_ids ?? []).forEach((child, i) => {
        if (child === p.id) problem(['child_ids', i], 'a product cannot be its own child');
      });
      for (const i of uniqueBy(p.configurable_options ?? [], (o) => o.attribute_code)) problem(['configurable_options', i, 'attribute_code'], 'appears twice');
      for (const i of uniqueBy(p.bundle_options ?? [], (o) => o.option_id)) problem(['bundle_options', i, 'option_id'], 'appears twice');
      (p.bundle_options ?? []).forEach((option, i) => {
        for (const j of uniqueBy(option.links, (l) => l.id)) problem(['bundle_options', i, 'links', j, 'id'], 'appears twice');
      });
      const linked = [...(p.links ?? []).map((l, i) => [l.sku, ['links', i, 'sku']] as const), ...(p.bundle_options ?? []).flatMap((o, i) => o.links.map((l, j) => [l.sku, ['bundle_options', i, 'links', j, 'sku']] as const))];
      (p.related_links ?? []).forEach((link, i) => {
        if (link.sku === p.sku) problem(['related_links', i, 'sku'], 'a product cannot link to itself');
      });
      if (p.custom_size_kind !== undefined && p.type_id !== 'simple') problem(['custom_size_kind'], `only a simple product takes a size (type_id is ${p.type_id})`);
      for (const [linkedSku, path] of linked) if (linkedSku === p.sku) problem([...path], 'a product cannot contain itself');
    }),
  );
export type SourceProduct = z.infer<typeof SourceProductSchema>;

export const SourceTaxClassSchema = z.strictObject({
  id,
  name: text,
  type: z.enum(['PRODUCT', 'CUSTOMER']),
});
export type SourceTaxClass = z.infer<typeof SourceTaxClassSchema>;

export const SourceTaxRateSchema = z.strictObject({
  id,
  code: text,
  /** Percent, e.g. 21 for 21%. */
  rate: z.number().check(z.gte(0, 'must be 0 or more'), z.lte(100, 'must be 100 or less')),
  tax_country_id: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code in capitals, e.g. "NL"')),
  region_name: z.optional(z.string()),
  tax_region_id: z.optional(z.nullable(z.int().check(z.gte(0, 'must be 0 or more')))),
  tax_postcode: z.optional(z.string()),
});

export const SourceTaxRuleSchema = z
  .strictObject({
    id,
    code: text,
    priority: whole,
    product_tax_class_ids: z.array(id),
    customer_tax_class_ids: z.array(id),
    rates: z.array(SourceTaxRateSchema),
  })
  .check(
    z.superRefine((rule, ctx) => {
      for (const i of uniqueBy(rule.rates, (r) => r.id)) ctx.addIssue({ code: 'custom', path: ['rates', i, 'id'], message: 'appears twice in this rule' });
    }),
  );
export type SourceTaxRule = z.infer<typeof SourceTaxRuleSchema>;

export const CATALOGUE_IMPORT_SECTIONS = ['attributes', 'categories', 'products', 'taxClasses', 'taxRules'] as const;
export type CatalogueImportSection = (typeof CATALOGUE_IMPORT_SECTIONS)[number];

/** The import file: every section optional, so a shop can load just products, or just tax rules. */
export const CatalogueImportSchema = z.strictObject({
  attributes: z.optional(z.array(SourceAttributeSchema)),
  categories: z.optional(z.array(SourceCategorySchema)),
  products: z.optional(z.array(SourceProductSchema)),
  taxClasses: z.optional(z.array(SourceTaxClassSchema)),
  taxRules: z.optional(z.array(SourceTaxRuleSchema)),
});
export type CatalogueImport = z.input<typeof CatalogueImportSchema>;

/** A complete catalogue (every section present): what the demo generator emits and what an export writes. */
export interface SourceCatalogue {
  attributes: SourceAttribute[];
  categories: SourceCategory[];
  products: SourceProduct[];
  taxClasses: SourceTaxClass[];
  taxRules: SourceTaxRule[];
}
