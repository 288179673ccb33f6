import type { ConfigurableChild, Product } from '../catalogue/product.schema.ts';
import { selectVariant } from '../catalogue/variants.ts';
import { CART_MESSAGES, type CartProblem } from './cart-errors.ts';
import type { BundleItemOption, ConfigurableItemOption, ProductOption } from './cart.schema.ts';
import { checkBundleChoice } from './quantity.ts';

/**
 * What a line takes from the catalogue, decided from the catalogue alone (the shopper names choices, never prices or
 * quantities): a bundle's pieces, a configurable parent's variant, a grouped set's members. The product page checks a
 * choice with these rules before it adds, the server's totals price by them and order placing reserves by them, so a
 * line the browser builds is one the server takes, and a choice the catalogue does not offer is refused, never dropped.
 */

/** Spec 1 §4: set when no child matches the selection. */
export const NO_VARIANT_MESSAGE = 'No available product variants';

type BundleOptionDef = NonNullable<Product['bundle_options']>[number];
type BundleLinkDef = BundleOptionDef['product_links'][number];

/** One piece of a bundle choice: the link chosen in an option, and how many of its product one bundle holds. */
export interface BundlePiece {
  option_id: number;
  link_id: number;
  sku: string;
  qty: number;
}

export type BundleChoiceCheck = { ok: true; pieces: BundlePiece[] } | { ok: false; problem: CartProblem };

function bundleProblem(): { ok: false; problem: CartProblem } {
  return { ok: false, problem: { code: 'cart_bundle_options', message: CART_MESSAGES.bundleOptions, severity: 'error' } };
}

/**
 * How many of a link's product one bundle holds: the catalogue fixes it (the link's `qty`, a whole number of at least
 * 1); the shopper chooses pieces, not their quantities.
 */
export function bundleLinkQty(link: Pick<BundleLinkDef, 'qty'>): number {
  return Number.isSafeInteger(link.qty) && link.qty >= 1 ? link.qty : 1;
}

/** Spec 1 §4: each option's default link (its first when none is default), at its quantity: the bundle as listed. */
export function defaultBundleChoice(options: readonly BundleOptionDef[]): BundleItemOption[] {
  return [...options]
    .sort((a, b) => a.position - b.position)
    .flatMap((option) => {
      const link = option.product_links.find((candidate) => candidate.is_default) ?? option.product_links[0];
      return link ? [{ option_id: option.option_id, option_qty: bundleLinkQty(link), option_selections: [link.id] }] : [];
    });
}

/**
 * Checks a bundle choice against the catalogue's options and answers the pieces it takes. No choice at all
 * (`chosen` undefined) is the bundle as listed (`defaultBundleChoice`). Otherwise the choice is exactly what it names:
 * every option it names exists, once; every chosen link is one of that option's links, once; a radio or select option
 * holds one link; `option_qty` is a whole number from 1 up to what the option holds (the quantity the catalogue fixes
 * for its chosen link, or the largest of its chosen links'); each piece is taken at its fixed quantity; every required option has a link; and at least one piece is chosen. Any other choice is refused with the
 * spec's bundle message ("Please configure product bundle options ...").
 */
export function resolveBundleChoice(options: readonly BundleOptionDef[], chosen: readonly BundleItemOption[] | undefined): BundleChoiceCheck {
  const choice = chosen ?? defaultBundleChoice(options);
  const pieces: BundlePiece[] = [];
  const named = new Set<number>();
  for (const pick of choice) {
    const option = options.find((candidate) => candidate.option_id === pick.option_id);
    if (!option || named.has(pick.option_id)) return bundleProblem();
    named.add(pick.option_id);
    const selections = pick.option_selections;
    if (new Set(selections).size !== selections.length) return bundleProblem();
    if (option.type !== 'checkbox' && selections.length > 1) return bundleProblem();
    if (selections.length === 0) continue;
    const links = selections.map((id) => option.product_links.find((candidate) => candidate.id === id));
    if (links.some((link) => link === undefined)) return bundleProblem();
    const fixed = (links as BundleLinkDef[]).map(bundleLinkQty);
    // One piece: exactly its quantity. Several (a checkbox option): one number for the option, from 1 up to the most
    // the option holds of one of them; each piece is still taken at its own quantity.
    const allowed = fixed.length === 1 ? pick.option_qty === fixed[0] : pick.option_qty <= Math.max(...fixed);
    if (!Number.isSafeInteger(pick.option_qty) || pick.option_qty < 1 || !allowed) return bundleProblem();
    (links as BundleLinkDef[]).forEach((link, index) => pieces.push({ option_id: option.option_id, link_id: link.id, sku: link.sku, qty: fixed[index]! }));
  }
  if (checkBundleChoice(options, choice) || pieces.length === 0) return bundleProblem();
  return { ok: true, pieces };
}

export type VariantChoiceCheck = { ok: true; child: ConfigurableChild } | { ok: false; problem: CartProblem };

type VariantProduct = Pick<Product, 'type_id' | 'stock' | 'configurable_options' | 'configurable_children'>;

/**
 * The variant a configurable parent's chosen options (attribute id → value index) name (spec 1 §4): every option of
 * the product chosen once, with one of its values, and an available child (in stock, enabled) that has them all.
 * Anything else is 'No available product variants'.
 */
export function resolveVariantChoice(product: VariantProduct, chosen: readonly ConfigurableItemOption[] | undefined): VariantChoiceCheck {
  const refused: VariantChoiceCheck = { ok: false, problem: { code: 'cart_product_error', message: NO_VARIANT_MESSAGE, severity: 'error' } };
  const options = product.configurable_options ?? [];
  if (product.type_id !== 'configurable' || !chosen || options.length === 0 || chosen.length !== options.length) return refused;
  const selection: Record<string, number> = {};
  for (const pick of chosen) {
    const option = options.find((candidate) => candidate.attribute_id === pick.option_id);
    if (!option || selection[option.attribute_code] !== undefined || !option.values.some((value) => value.value_index === pick.option_value)) return refused;
    selection[option.attribute_code] = pick.option_value;
  }
  const variant = selectVariant(product, selection);
  return variant.status === 'selected' ? { ok: true, child: variant.child } : refused;
}

/** A physical item a line takes, per one of the line's quantity. */
export interface LinePiece {
  sku: string;
  qty: number;
}

export type LineResolution =
  | { ok: true; kind: 'simple' | 'variant' | 'bundle' | 'grouped'; variantSku?: string; bundle?: BundlePiece[]; pieces: LinePiece[] }
  | { ok: false; problem: CartProblem };

type LineProduct = Pick<Product, 'sku' | 'type_id' | 'stock' | 'configurable_options' | 'configurable_children' | 'bundle_options' | 'product_links'>;

function addPiece(pieces: LinePiece[], sku: string, qty: number): void {
  const known = pieces.find((piece) => piece.sku === sku);
  if (known) known.qty += qty;
  else pieces.push({ sku, qty });
}

/**
 * What one unit of a line of `product` with `productOption` takes from stock, and how it is priced:
 * - a simple product: itself;
 * - a configurable parent: its chosen variant (`resolveVariantChoice`), never the parent;
 * - a bundle: its checked pieces (`resolveBundleChoice`), each at its fixed quantity, and the bundle itself (its stock
 *   limits only when the shop manages it);
 * - a grouped set: one of each associated product (the set is priced at one of each, spec 1 §4), and the set itself.
 */
export function resolveLine(product: LineProduct, productOption: ProductOption | undefined): LineResolution {
  const ext = productOption?.extension_attributes;
  if (product.type_id === 'configurable') {
    const variant = resolveVariantChoice(product, ext?.configurable_item_options);
    if (!variant.ok) return variant;
    return { ok: true, kind: 'variant', variantSku: variant.child.sku, pieces: [{ sku: variant.child.sku, qty: 1 }] };
  }
  if (product.type_id === 'bundle') {
    const bundle = resolveBundleChoice(product.bundle_options ?? [], ext?.bundle_options);
    if (!bundle.ok) return bundle;
    const pieces: LinePiece[] = [{ sku: product.sku, qty: 1 }];
    for (const piece of bundle.pieces) addPiece(pieces, piece.sku, piece.qty);
    return { ok: true, kind: 'bundle', bundle: bundle.pieces, pieces };
  }
  if (product.type_id === 'grouped') {
    const pieces: LinePiece[] = [{ sku: product.sku, qty: 1 }];
    for (const link of product.product_links ?? []) if (link.link_type === 'associated') addPiece(pieces, link.linked_product_sku, 1);
    return { ok: true, kind: 'grouped', pieces };
  }
  return { ok: true, kind: 'simple', pieces: [{ sku: product.sku, qty: 1 }] };
}

/** Every product a line of `product` may take or be priced by: a bundle's links, a set's members, a parent's variants. */
export function lineMemberSkus(product: LineProduct): string[] {
  if (product.type_id === 'bundle') return (product.bundle_options ?? []).flatMap((option) => option.product_links.map((link) => link.sku));
  if (product.type_id === 'grouped') return (product.product_links ?? []).filter((link) => link.link_type === 'associated').map((link) => link.linked_product_sku);
  if (product.type_id === 'configurable') return (product.configurable_children ?? []).map((child) => child.sku);
  return [];
}
