import { canonicalJson, compareText } from '../sync/canonical.ts';
import type { ProductOption } from './cart.schema.ts';

/** The options that tell two lines of one sku apart. */
export interface CartItemOptions {
  product_option?: ProductOption | undefined;
  custom_size?: string | undefined;
  custom_size_unit?: string | undefined;
}

/**
 * A 64-bit string hash as 16 hexadecimal digits (two 32-bit multiply-xorshift lanes, cyrb53-style). Not for
 * secrets: it only has to be the same on every machine and rarely collide among one cart's option sets.
 */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

const byOption = (a: { option_id: number }, b: { option_id: number }) => a.option_id - b.option_id;

/**
 * The options in one canonical form: missing and empty lists are the same, lists are ordered by option id (and a
 * bundle option's selections by link id), so neither key order nor the order options were picked in matters.
 */
export function canonicalCartOptions(options: CartItemOptions): unknown {
  const ext = options.product_option?.extension_attributes;
  return {
    custom_options: [...(ext?.custom_options ?? [])].sort((a, b) => byOption(a, b) || compareText(a.option_value, b.option_value)),
    configurable_item_options: [...(ext?.configurable_item_options ?? [])].sort((a, b) => byOption(a, b) || a.option_value - b.option_value),
    bundle_options: [...(ext?.bundle_options ?? [])]
      .map((option) => ({ ...option, option_selections: [...option.option_selections].sort((a, b) => a - b) }))
      .sort(byOption),
    custom_size: options.custom_size ?? null,
    custom_size_unit: options.custom_size === undefined ? null : (options.custom_size_unit ?? null),
  };
}

/** The options checksum of a cart item (spec 1 §3 `checksum`): deterministic and pure, no crypto needed. */
export function cartItemChecksum(options: CartItemOptions): string {
  return hashText(canonicalJson(canonicalCartOptions(options)));
}

/** A cart line's document id: the sku and its options checksum. */
export function cartLineId(sku: string, checksum: string): string {
  return `${sku}:${checksum}`;
}
