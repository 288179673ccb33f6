/**
 * The products a post speaks of (its `related_skus`), as the catalogue's product cards in the visitor's prices, each
 * with the cart's own 'Add to cart' (a simple product with a known price that needs no size of the shopper's) or a link
 * to its page to choose (a watch with variants, a set, a ring that needs a size). Products the store does not show are
 * left out; none left, nothing is shown.
 */
import type { Product, ProductListItem } from '@shop/shared';
import { isPriceKnown } from '@shop/shared/cart/index';
import { PRODUCT_LISTING_FIELDS } from '@shop/shared/catalogue/listing';
import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { searchListing } from '../catalogue/catalogue-api.ts';
import { ProductCard, ProductGrid } from '../catalogue/product-card.tsx';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { AddToCartControl } from '../product/add-to-cart-control.tsx';
import { simpleCartProduct } from '../product/cart-product.ts';
import '../catalogue/catalogue.css';

type Piece = ProductListItem & Pick<Product, 'custom_size_kind'>;

/** Whether a card can add its product as it is: a simple product, its price known, no size of the shopper's needed. */
export function addsDirectly(piece: Piece): boolean {
  return piece.type_id === 'simple' && !piece.custom_size_kind && isPriceKnown(piece.price_incl_tax);
}

export function MagazineProducts({ skus }: { skus: readonly string[] }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const wanted = useMemo(() => [...new Set(skus)], [skus]);
  const found = useResource(wanted.length ? `magazine-products:${store}:${wanted.join(',')}` : null, () =>
    searchListing({ type: 'product', storeCode: store, filters: { sku: wanted }, size: wanted.length, includeFields: [...PRODUCT_LISTING_FIELDS, 'custom_size_kind'] }),
  );
  const pieces = useMemo(() => {
    const bySku = new Map((found.data?.items ?? []).map((item) => [item.sku, item as Piece]));
    return wanted.flatMap((sku) => bySku.get(sku) ?? []);
  }, [found.data, wanted]);
  const prices = useRenderedPrices(found.data ? pieces.map((piece) => piece.sku) : null);
  if (pieces.length === 0) return null;
  return (
    <VisitorPricesContext value={prices}>
      <section className="magazine-products" aria-labelledby={`${id}-title`}>
        <p className="eyebrow">{t('post.relatedIntro', { ns: 'magazine' })}</p>
        <h2 id={`${id}-title`}>{t('post.related', { ns: 'magazine' })}</h2>
        <ProductGrid>
          {pieces.map((piece) => (
            <div key={piece.sku} className="magazine-products__piece">
              <ProductCard product={piece} />
              {addsDirectly(piece) ? (
                <AddToCartControl choice={{ kind: 'ready', request: (qty) => ({ product: simpleCartProduct(piece), qty }), limits: { sku: piece.sku, stock: piece.stock } }} withQuantity={false} />
              ) : (
                <Link
                  className="button button--secondary magazine-products__choose"
                  to="/$store/$"
                  params={{ store, _splat: piece.url_path }}
                  search={{}}
                  aria-label={`${t('post.chooseOptions', { ns: 'magazine' })}: ${piece.name}`}
                >
                  {t('post.chooseOptions', { ns: 'magazine' })}
                </Link>
              )}
            </div>
          ))}
        </ProductGrid>
      </section>
    </VisitorPricesContext>
  );
}
