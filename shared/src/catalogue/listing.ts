import type { Product } from './product.schema.ts';

/**
 * The fields a product card needs. Listings (category pages, home shelves, search results) ask for only these,
 * which cuts a page of 50 products from ~140 kB to ~20 kB of JSON; the product page loads the full document.
 */
export const PRODUCT_LISTING_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'url_path',
  'image',
  'price_incl_tax',
  'final_price_incl_tax',
  'special_price',
  'special_price_incl_tax',
  'hide_price',
  'new',
  'sale',
  'is_bestseller',
  'limited_edition',
  'stock',
  'brand',
  // The facts line (product-facts.ts): a few option ids and numbers, tens of bytes a card.
  'condition',
  'year',
  'misc',
  'carat',
  'colour_diamonds',
  'clarity_diamonds',
  'price_is_current',
  'price_refreshed_at',
] as const satisfies ReadonlyArray<keyof Product>;

export type ProductListItem = Pick<Product, (typeof PRODUCT_LISTING_FIELDS)[number]>;
