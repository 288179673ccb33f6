/**
 * The demo shop's product links (product.schema.ts `RELATED_LINK_TYPES`), drawn from the products themselves so the
 * pages show plausible neighbours: `related` ("You may also like": the same kind of piece in the same metal, or a
 * watch of the same brand), `upsell` (the next pricier pieces of the same kind) and `crosssell` (matching pieces: other
 * kinds of jewellery in the same metal with the same stone). Only products shown on their own get or are given links.
 * Linear in the number of products (grouped by key, never compared pairwise), so 50,000 products stay fast.
 */
import type { SourceProduct } from '../catalogue-source.ts';

const RELATED = 4;
const UPSELL = 2;
const CROSSSELL = 3;

type Link = NonNullable<SourceProduct['related_links']>[number];

function shown(product: SourceProduct): boolean {
  return product.status === 1 && product.visibility !== 1 && (product.type_id === 'simple' || product.type_id === 'configurable') && product.parent_id === undefined;
}

function first(value: number | number[] | undefined): number | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What kind of piece a product is: its jewellery type, else (watches, stones, straps) its first category. */
function kindOf(product: SourceProduct): string {
  const jewel = first(product.attributes.type_jewel);
  return jewel !== undefined ? `jewel:${jewel}` : `category:${product.category_ids[product.category_ids.length - 1] ?? 0}`;
}

function groupBy(products: readonly SourceProduct[], key: (product: SourceProduct) => string | undefined): Map<string, SourceProduct[]> {
  const groups = new Map<string, SourceProduct[]>();
  for (const product of products) {
    const k = key(product);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(product);
    else groups.set(k, [product]);
  }
  return groups;
}

/** Up to `count` of the group after `index`, going round, never the product itself nor one already taken. */
function neighbours(group: readonly SourceProduct[], index: number, count: number, taken: ReadonlySet<string>, accept: (other: SourceProduct) => boolean = () => true): SourceProduct[] {
  const found: SourceProduct[] = [];
  for (let step = 1; step < group.length && found.length < count && step <= count * 4; step++) {
    const other = group[(index + step) % group.length]!;
    if (!taken.has(other.sku) && accept(other)) found.push(other);
  }
  return found;
}

export function addRelatedLinks(products: readonly SourceProduct[]): void {
  const candidates = products.filter(shown);
  const related = groupBy(candidates, (p) => `${kindOf(p)}|${first(p.attributes.material) ?? first(p.attributes.brand) ?? ''}`);
  const byKind = groupBy(candidates, kindOf);
  for (const group of byKind.values()) group.sort((a, b) => a.price - b.price || a.id - b.id);
  const matching = groupBy(candidates, (p) => (p.attributes.type_jewel === undefined ? undefined : `${first(p.attributes.material) ?? ''}|${first(p.attributes.gem_stones) ?? 'none'}`));
  // Each product's place in its group of each grouping (indexOf would make this quadratic).
  const placeIn = (groups: ReadonlyMap<string, SourceProduct[]>) => {
    const at = new Map<SourceProduct, number>();
    for (const group of groups.values()) group.forEach((p, i) => at.set(p, i));
    return at;
  };
  const relatedAt = placeIn(related);
  const kindAt = placeIn(byKind);
  const matchingAt = placeIn(matching);

  for (const product of candidates) {
    const taken = new Set([product.sku]);
    const links: Link[] = [];
    const take = (type: Link['link_type'], others: readonly SourceProduct[]) => {
      for (const other of others) {
        taken.add(other.sku);
        links.push({ link_type: type, sku: other.sku, position: links.length + 1 });
      }
    };
    const kinds = byKind.get(kindOf(product))!;
    const kindIndex = kindAt.get(product)!;
    // Pricier pieces of the same kind, never round to the cheapest.
    const pricier: SourceProduct[] = [];
    for (let i = kindIndex + 1; i < kinds.length && pricier.length < UPSELL; i++) if (kinds[i]!.price > product.price) pricier.push(kinds[i]!);
    take('upsell', pricier);
    const sameKind = related.get(`${kindOf(product)}|${first(product.attributes.material) ?? first(product.attributes.brand) ?? ''}`)!;
    take('related', neighbours(sameKind, relatedAt.get(product)!, RELATED, taken));
    const match = product.attributes.type_jewel === undefined ? undefined : matching.get(`${first(product.attributes.material) ?? ''}|${first(product.attributes.gem_stones) ?? 'none'}`);
    if (match) take('crosssell', neighbours(match, matchingAt.get(product)!, CROSSSELL, taken, (other) => kindOf(other) !== kindOf(product)));
    if (links.length > 0) product.related_links = links;
  }
}
