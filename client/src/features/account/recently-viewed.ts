/**
 * Products viewed on this device (spec 2 §2 MyRecentlyViewed), newest first, at most `RECENTLY_VIEWED_MAX`, kept in
 * localStorage with the listing fields a product card needs. Not the customer's data: it stays after a logout.
 */
import { PRODUCT_LISTING_FIELDS, type ProductListItem } from '@shop/shared';

export const RECENTLY_VIEWED_KEY = 'shop.recently-viewed';
export const RECENTLY_VIEWED_MAX = 20;

/** The list with `product` first (once), cut to the maximum. */
export function withViewed(list: readonly ProductListItem[], product: ProductListItem, max = RECENTLY_VIEWED_MAX): ProductListItem[] {
  return [product, ...list.filter((item) => item.sku !== product.sku)].slice(0, max);
}

export function readRecentlyViewed(): ProductListItem[] {
  try {
    const value = JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value.filter((item) => item && typeof item.sku === 'string' && typeof item.url_path === 'string') as ProductListItem[]) : [];
  } catch {
    return [];
  }
}

export function recordViewed(product: ProductListItem): void {
  const item = Object.fromEntries(PRODUCT_LISTING_FIELDS.filter((field) => field in product).map((field) => [field, product[field]])) as ProductListItem;
  try {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(withViewed(readRecentlyViewed(), item)));
  } catch {
    // Storage full or refused: the list is a convenience.
  }
}

export function clearRecentlyViewed(): void {
  try {
    localStorage.removeItem(RECENTLY_VIEWED_KEY);
  } catch {
    // Nothing to clear.
  }
}
