import type { ConfigurableChild, Product } from '@shop/shared';
import { bundleLineOptions, bundleLinkQty, configurableLineOptions, resolveBundleChoice, type AddToCartProduct, type BundleItemOption, type CartProblem } from '@shop/shared/cart/index';
import type { VariantSelection } from '@shop/shared/catalogue/variants';
import type { PriceFields } from '../catalogue/price-tag.tsx';
import { hasOwnPage, type BundleOption, type BundleSelection } from './product-sets.ts';

/**
 * What "add to cart" is given for each kind of product page (spec 1 §3 "Cart options", §4): a simple product as it
 * is; a configurable product as its chosen child with the parent's sku and the chosen options; a bundle with its
 * chosen options and the price of that choice; a grouped product with its links, its members added one line each.
 */

/** The catalogue's price incl. tax as the cart reads it: the regular price for "price unknown", the final one shown. */
function prices(source: Pick<Product, 'price_incl_tax' | 'final_price_incl_tax'>): Pick<AddToCartProduct, 'price_incl_tax' | 'final_price_incl_tax'> {
  return { price_incl_tax: source.price_incl_tax, final_price_incl_tax: source.final_price_incl_tax };
}

/** A simple product as the cart adds it; a listing's card (ProductListItem) has every field it needs. */
export function simpleCartProduct(product: Pick<Product, 'sku' | 'type_id' | 'name' | 'image' | 'url_path' | 'price_incl_tax' | 'final_price_incl_tax'>, urlPath = product.url_path): AddToCartProduct {
  return { sku: product.sku, type_id: product.type_id, name: product.name, image: product.image, url_path: urlPath, ...prices(product) };
}

/**
 * The chosen child: its sku and price, the parent's name and page, `configurable_item_options` (attribute id → value)
 * and their labels ("Ring size: 52"), which the line shows wherever it is shown.
 */
export function configurableCartProduct(product: Product, child: ConfigurableChild, selection: VariantSelection): AddToCartProduct {
  const options = [...(product.configurable_options ?? [])]
    .sort((a, b) => a.position - b.position)
    .flatMap((option) => {
      const value = selection[option.attribute_code];
      return value === undefined ? [] : [{ option_id: option.attribute_id, option_value: value }];
    });
  return {
    sku: child.sku,
    parentSku: product.sku,
    type_id: 'simple',
    name: product.name,
    image: child.image || product.image,
    url_path: product.url_path,
    ...prices(child),
    product_option: { extension_attributes: { configurable_item_options: options } },
    option_labels: configurableLineOptions(product.configurable_options ?? [], options),
  };
}

/** The choice a bundle line carries: each option with a piece chosen, its links at the quantity the catalogue fixes. */
export function bundleChoice(options: readonly BundleOption[], selection: BundleSelection): BundleItemOption[] {
  return options.flatMap((option) => {
    const ids = selection[option.option_id] ?? [];
    const first = option.product_links.find((link) => ids.includes(link.id));
    return ids.length && first ? [{ option_id: option.option_id, option_qty: bundleLinkQty(first), option_selections: [...ids] }] : [];
  });
}

/** The bundle with the shopper's choice: each option with a choice, its links and their quantity, and the pieces' names. */
export function bundleCartProduct(
  product: Product,
  options: readonly BundleOption[],
  selection: BundleSelection,
  total: PriceFields | undefined,
  memberName: (sku: string) => string | undefined = () => undefined,
): AddToCartProduct {
  const chosen = bundleChoice(options, selection);
  return {
    ...simpleCartProduct(product),
    ...(total ? { final_price_incl_tax: total.final_price_incl_tax } : {}),
    product_option: { extension_attributes: { bundle_options: chosen } },
    option_labels: bundleLineOptions(options, chosen, memberName),
  };
}

/** A grouped product: its associated links; `members` are its products, each with its own page or the set's. */
export function groupedCartProduct(product: Product, members: readonly Product[]): { product: AddToCartProduct; members: AddToCartProduct[] } {
  return {
    product: {
      ...simpleCartProduct(product),
      product_links: (product.product_links ?? []).filter((link) => link.link_type === 'associated').map((link) => ({ link_type: link.link_type, linked_product_sku: link.linked_product_sku, qty: link.qty })),
    },
    members: members.map((member) => simpleCartProduct(member, hasOwnPage(member) ? member.url_path : product.url_path)),
  };
}

/**
 * The choice as the line will carry it, checked by the rule the server's cart and order placing apply (shared
 * `resolveBundleChoice`): every required option has a piece, every piece is the option's, at its fixed quantity. A
 * choice the server would refuse is never added.
 */
export function bundleChoiceProblem(options: readonly BundleOption[], selection: BundleSelection): CartProblem | null {
  const check = resolveBundleChoice(options, bundleChoice(options, selection));
  return check.ok ? null : check.problem;
}
