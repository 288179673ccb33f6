import type { ProductListItem } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StockBadge } from '../stock/stock-badge.tsx';
import { PriceTag } from './price-tag.tsx';
import { ProductFacts } from './product-facts.tsx';
import { ProductImage } from './product-image.tsx';

// Widest a card gets (measured on the home and category pages): 2 columns, then 3, then 4 in an 84rem page.
// A one-density screen then loads 310 on a desktop, and 744 only where a card is wider than 310 pixels.
const CARD_IMAGE_SIZES = '(min-width: 80em) 19rem, (min-width: 48em) 30vw, 46vw';

/**
 * A product in a listing. Its stock badge asks `/api/stock/list` at once when `stockEager` (the listing's first cards,
 * spec 1 §9's prefetch count), else when the card comes near the screen. `priority`: a card of the first row, whose
 * picture is among the first things a shopper sees (loaded at once, before the others). A card draws again only when
 * its own props or what it reads change, not whenever its listing does (facets, load more).
 */
export const ProductCard = memo(function ProductCard({
  product,
  brand,
  stockEager = false,
  priority = false,
}: {
  product: ProductListItem;
  brand?: string | undefined;
  stockEager?: boolean;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <article className="product-card">
      <Link activeOptions={{ exact: true }} className="product-card__link" to="/$store/$" params={{ store, _splat: product.url_path }} search={{}}>
        <ProductImage className="product-card__image" src={product.image} alt="" size="listing" sizes={CARD_IMAGE_SIZES} priority={priority} />
        <span className="product-card__text">
          {brand ? <span className="product-card__brand">{brand}</span> : null}
          <span className="product-card__name">{product.name}</span>
          <ProductFacts product={product} />
        </span>
      </Link>
      <div className="product-card__meta">
        <PriceTag product={product} sku={product.sku} compact />
        {product.sale ? <span className="product-card__flag product-card__flag--accent">{t('card.sale')}</span> : product.new ? <span className="product-card__flag">{t('card.new')}</span> : null}
      </div>
      <StockBadge sku={product.sku} eager={stockEager} className="product-card__stock" />
    </article>
  );
});

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <Skeleton className="product-card__image" />
      <Skeleton width="45%" height="0.75rem" />
      <Skeleton width="85%" height="1rem" />
      <Skeleton width="30%" height="1rem" />
    </div>
  );
}

export function ProductGrid({ children, busy = false, label }: { children: React.ReactNode; busy?: boolean; label?: string }) {
  return (
    <div className="product-grid" aria-busy={busy} aria-label={label} role={label ? 'region' : undefined}>
      {children}
    </div>
  );
}
