/**
 * Whether a single product may be opened (spec 1 §4, §5). The messages are the spec's; the server answers them
 * with a 404 (or 400 for a missing key) and the client maps the code to a translated text.
 */
export type ProductLoadOutcome =
  | { kind: 'show' }
  | { kind: 'redirect-to-parent'; parentSku: string }
  | { kind: 'rejected'; code: 'product_status_rejected' | 'product_visibility_rejected'; message: string };

export interface ProductLoadInput {
  status: number;
  visibility: number;
  parentSku?: string | undefined;
}

export function productLoadOutcome(product: ProductLoadInput, options: { preventChildDirectAccess: boolean }): ProductLoadOutcome {
  if (product.status >= 2) {
    return { kind: 'rejected', code: 'product_status_rejected', message: `Product query returned empty result product status = ${product.status}` };
  }
  if (product.visibility === 1 && options.preventChildDirectAccess) {
    if (product.parentSku) return { kind: 'redirect-to-parent', parentSku: product.parentSku };
    return { kind: 'rejected', code: 'product_visibility_rejected', message: `Product query returned empty result product visibility = ${product.visibility}` };
  }
  return { kind: 'show' };
}

export function missingSearchKeyMessage(key: string): string {
  return `Please provide the search key ${key} for product/single action!`;
}

export const MISSING_PARENT_SKU_MESSAGE = "Product doesn't have parentSku, please check if this is configurable product";

export function categoryEmptyResultMessage(key: string, value: string | number): string {
  return `Category query returned empty result ${key} = ${value}`;
}
