import type { Product, ProductListItem, RelatedLinkType } from '@shop/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { listingRequest, searchListing } from '../catalogue/catalogue-api.ts';
import { ProductCard, ProductGrid } from '../catalogue/product-card.tsx';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';

/** The shelves a product page shows from the catalogue's links: related and finer pieces, then matching pieces. */
const SHELVES: ReadonlyArray<{ key: 'alsoLike' | 'matching'; types: readonly RelatedLinkType[] }> = [
  { key: 'alsoLike', types: ['related', 'upsell'] },
  { key: 'matching', types: ['crosssell'] },
];

/** The linked skus of each shelf, in the catalogue's order, each sku once. */
export function relatedShelves(links: Product['product_links']): Array<{ key: 'alsoLike' | 'matching'; skus: string[] }> {
  const seen = new Set<string>();
  return SHELVES.map((shelf) => {
    const skus = [...(links ?? [])]
      .filter((link) => (shelf.types as readonly string[]).includes(link.link_type))
      .sort((a, b) => a.position - b.position)
      .map((link) => link.linked_product_sku)
      .filter((sku) => !seen.has(sku) && Boolean(seen.add(sku)));
    return { key: shelf.key, skus };
  }).filter((shelf) => shelf.skus.length > 0);
}

/**
 * "You may also like" and "Matching pieces" under a product (product links `related`, `upsell`, `crosssell`), as
 * product cards in the visitor's prices. Nothing is shown when the product has no links or none of them can be
 * shown (a linked product taken off the shop); a failed load leaves the page as it is.
 */
export function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const shelves = useMemo(() => relatedShelves(product.product_links), [product.product_links]);
  const skus = shelves.flatMap((shelf) => shelf.skus);
  const found = useResource(skus.length ? `related:${store}:${skus.join(',')}` : null, () => searchListing(listingRequest({ storeCode: store, filters: { sku: skus }, size: skus.length })));
  const bySku = useMemo(() => new Map((found.data?.items ?? []).map((item) => [item.sku, item])), [found.data]);
  const prices = useRenderedPrices(found.data ? [...bySku.keys()] : null);
  if (!found.data || bySku.size === 0) return null;
  return (
    <VisitorPricesContext value={prices}>
      {shelves.map((shelf) => {
        const items = shelf.skus.flatMap((sku) => {
          const item = bySku.get(sku);
          return item ? [item] : ([] as ProductListItem[]);
        });
        if (items.length === 0) return null;
        return (
          <section key={shelf.key} className="product-related" aria-labelledby={`${id}-${shelf.key}`}>
            <h2 id={`${id}-${shelf.key}`}>{t(`product.related.${shelf.key}`, { ns: 'catalogue' })}</h2>
            <ProductGrid>
              {items.map((item) => (
                <ProductCard key={item.sku} product={item} />
              ))}
            </ProductGrid>
          </section>
        );
      })}
    </VisitorPricesContext>
  );
}
