/** Product types, visibility and the attribute codes of spec 1 §3, as plain values (no schemas: cheap to import). */
export const PRODUCT_TYPES = ['simple', 'configurable', 'grouped', 'bundle'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * `associated`: a grouped product's pieces. The others point at products shown on a product page: `related` ("You
 * may also like"), `upsell` (a finer piece of the same kind) and `crosssell` (matching pieces to wear with it).
 */
export const PRODUCT_LINK_TYPES = ['associated', 'related', 'upsell', 'crosssell'] as const;
export type ProductLinkType = (typeof PRODUCT_LINK_TYPES)[number];
export const RELATED_LINK_TYPES = ['related', 'upsell', 'crosssell'] as const;
export type RelatedLinkType = (typeof RELATED_LINK_TYPES)[number];

/** Visibility: 1 not visible individually, 2 catalogue, 3 search, 4 catalogue and search. Status: 1 enabled, 2 disabled. */
export const SEARCHABLE_VISIBILITY = [2, 3, 4] as const;
export const SEARCHABLE_STATUS = [0, 1] as const;

/** The jewellery and watch attributes of spec 1 §3 that hold option ids or numbers. */
export const PRODUCT_ATTRIBUTE_CODES = [
  'color',
  'size',
  'watch_strap',
  'colour_watch_dial',
  'watch_dial',
  'case_height',
  'strap_size',
  'water_resistance',
  'functions',
  'case_shape',
  'case_diameter',
  'oculus_diameter',
  'watch_movement',
  'gender',
  'material',
  'misc',
  'cut_diamonds',
  'gem_stones',
  'colour_diamonds',
  'clarity_diamonds',
  'type_jewel',
  'brand',
  'condition',
  /** The year the piece was made (a number, e.g. 2019). */
  'year',
  /** The main stone's weight in carat (a number, e.g. 1.02). */
  'carat',
] as const;
export type ProductAttributeCode = (typeof PRODUCT_ATTRIBUTE_CODES)[number];


/** Attribute codes containing a dot are never requested (spec 1 §5). */
export function requestableAttributeCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.filter((code) => code.length > 0 && !code.includes('.')))];
}
