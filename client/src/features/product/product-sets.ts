import type { Product } from '@shop/shared';
import { checkQuantity, type CartProblem } from '@shop/shared/cart/index';
import { roundMoney } from '@shop/shared/money/money';
import type { PriceFields } from '../catalogue/price-tag.tsx';

/** Pure rules of the grouped and bundle product pages (spec 1 §4), kept apart from the markup so they can be tested alone. */

export type BundleOption = NonNullable<Product['bundle_options']>[number];
export type BundleLink = BundleOption['product_links'][number];
export type GroupedLink = NonNullable<Product['product_links']>[number];

/** The chosen link ids of each bundle option, by option id. An empty list means "none" (optional options only). */
export type BundleSelection = Readonly<Record<number, readonly number[]>>;

const byPosition = <T extends { position: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.position - b.position);

/** A member has a page of its own when it is visible (2 catalog, 3 search, 4 both) and has an address. */
export function hasOwnPage(member: Pick<Product, 'visibility' | 'url_path'>): boolean {
  return member.visibility >= 2 && member.visibility <= 4 && member.url_path !== '';
}

/** A grouped product's members in link order, each with the link's qty (1 when the link gives none); unknown skus are left out. */
export function groupedMembers(links: readonly GroupedLink[], members: readonly Product[]): Array<{ member: Product; qty: number }> {
  const bySku = new Map(members.map((member) => [member.sku, member]));
  // A set's pieces are its `associated` links; its related products are shown elsewhere on the page.
  return byPosition(links.filter((link) => link.link_type === 'associated')).flatMap((link) => {
    const member = bySku.get(link.linked_product_sku);
    return member ? [{ member, qty: link.qty > 0 ? link.qty : 1 }] : [];
  });
}

/**
 * What is wrong with the quantity typed for a piece of a set, or null: 0 leaves the piece out and an empty field takes
 * the set's own quantity; anything else must be a whole number above 0 and below 10000 (spec 1 §5, spec 2 §5).
 */
export function setQuantityProblem(text: string | undefined): CartProblem | null {
  if (text === undefined || text.trim() === '' || Number(text.trim()) === 0) return null;
  const check = checkQuantity(text);
  return check.ok ? null : check.problem;
}

/** Bundle options in position order, each link in position order. */
export function sortedBundleOptions(options: readonly BundleOption[]): BundleOption[] {
  return byPosition(options).map((option) => ({ ...option, product_links: byPosition(option.product_links) }));
}

/** Spec 1 §4: each option starts on its default link, or its first link when none is default (the bundle price counts the same links). */
export function defaultBundleSelection(options: readonly BundleOption[]): BundleSelection {
  const selection: Record<number, number[]> = {};
  for (const option of sortedBundleOptions(options)) {
    const chosen = option.product_links.find((link) => link.is_default) ?? option.product_links[0];
    selection[option.option_id] = chosen ? [chosen.id] : [];
  }
  return selection;
}

/** A radio or select option holds one link; a checkbox option toggles the link in its list. */
export function chooseBundleLink(selection: BundleSelection, option: Pick<BundleOption, 'option_id' | 'type'>, linkId: number | null): BundleSelection {
  const current = selection[option.option_id] ?? [];
  if (option.type !== 'checkbox') return { ...selection, [option.option_id]: linkId === null ? [] : [linkId] };
  if (linkId === null) return { ...selection, [option.option_id]: [] };
  const next = current.includes(linkId) ? current.filter((id) => id !== linkId) : [...current, linkId];
  return { ...selection, [option.option_id]: next };
}

/** The chosen links of the bundle with their member products; links whose member is not known are skipped. */
export function chosenBundleLinks(options: readonly BundleOption[], selection: BundleSelection, members: ReadonlyMap<string, Product>): Array<{ link: BundleLink; member: Product }> {
  return options.flatMap((option) =>
    (selection[option.option_id] ?? []).flatMap((id) => {
      const link = option.product_links.find((candidate) => candidate.id === id);
      const member = link ? members.get(link.sku) : undefined;
      return link && member ? [{ link, member }] : [];
    }),
  );
}

/**
 * The price of the shopper's bundle: the chosen links' prices incl. tax times their qty, rounded as all money is.
 * The regular total goes beside it so that a special price on a member shows as a struck-through original; when the
 * bundle or a chosen piece hides its price, so does the total.
 */
export function bundleSelectionTotal(
  chosen: ReadonlyArray<{ link: Pick<BundleLink, 'qty'>; member: Pick<Product, 'final_price_incl_tax' | 'price_incl_tax' | 'hide_price'> }>,
  hidePrice = false,
): PriceFields {
  let final = 0;
  let regular = 0;
  for (const { link, member } of chosen) {
    final = roundMoney(final + member.final_price_incl_tax * link.qty);
    regular = roundMoney(regular + member.price_incl_tax * link.qty);
  }
  return { final_price_incl_tax: final, price_incl_tax: regular, special_price: final < regular ? final : 0, hide_price: hidePrice || chosen.some(({ member }) => member.hide_price) };
}
