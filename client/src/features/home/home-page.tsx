import type { ProductListItem, SearchRequest, SearchResult } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource, type Resource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { listingRequest, mediaUrl, searchListing, searchUrl } from '../catalogue/catalogue-api.ts';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../catalogue/product-card.tsx';
import { STOCK_CONFIG } from '../stock/stock-config.ts';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { bannersFor, type Banner } from './banners.ts';
import '../catalogue/catalogue.css';
import './home.css';
import { lazyPart } from '../../app/lazy-part.ts';

// The content side (issue 18: the CMS story block, canonical and hreflang) loads after the first paint.
const HomeContent = lazyPart('src/features/content/home-extras.tsx', () => import('../content/home-extras.tsx'));

/** Spec 2 §7 and §9: 8 new products and 8 bestsellers, newest first. */
const HOME_LIST_SIZE = 8;

function listRequest(storeCode: SearchRequest['storeCode'], flag: 'new' | 'is_bestseller'): SearchRequest {
  return listingRequest({ storeCode, filters: { [flag]: true }, sort: 'created_at:desc', size: HOME_LIST_SIZE, start: 0, aggregate: ['brand'] });
}

export function HomePage() {
  const { t } = useTranslation();
  const store = useStore();
  useDocumentTitle(undefined, `${t('shop.name')} — ${t('shop.tagline')}`);
  const [hero, ...others] = bannersFor(store);
  const newest = useListing(listRequest(store, 'new'));
  const bestsellers = useListing(listRequest(store, 'is_bestseller'));
  // One render-list call for both shelves, once both are known.
  const skus = newest.loading || bestsellers.loading ? null : [...(newest.data?.items ?? []), ...(bestsellers.data?.items ?? [])].map((product) => product.sku);
  const prices = useRenderedPrices(skus);

  return (
    <VisitorPricesContext value={prices}>
      <div className="home">
        <h1 className="visually-hidden">{t('shop.name')}</h1>
        {hero ? <HeroBanner banner={hero} /> : null}
        <ProductShelf id="shelf-new" title={t('home.newProducts')} result={newest} />
        <Suspense fallback={null}>
          <HomeContent />
        </Suspense>
        {others.length ? (
          <div className="container banner-pair">
            {others.map((banner) => (
              <PromoBanner key={banner.id} banner={banner} />
            ))}
          </div>
        ) : null}
        <ProductShelf id="shelf-bestsellers" title={t('home.bestsellers')} result={bestsellers} />
      </div>
    </VisitorPricesContext>
  );
}

function BannerLink({ banner, className, children }: { banner: Banner; className: string; children: React.ReactNode }) {
  const store = useStore();
  return (
    <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: banner.link }} search={{}} className={className}>
      {children}
    </Link>
  );
}

function HeroBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  return (
    <section className={`hero hero--${banner.tone}`} aria-labelledby={`banner-${banner.id}`}>
      <img className="hero__image" src={mediaUrl(banner.image)} alt="" fetchPriority="high" />
      <div className="container hero__content">
        <p className="eyebrow">{t(`${banner.textKey}.eyebrow`)}</p>
        <h2 id={`banner-${banner.id}`} className="hero__title">
          {t(`${banner.textKey}.title`)}
        </h2>
        <p className="hero__text">{t(`${banner.textKey}.text`)}</p>
        <BannerLink banner={banner} className="button button--light">
          {t(`${banner.textKey}.cta`)}
        </BannerLink>
      </div>
    </section>
  );
}

function PromoBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  return (
    <section className={`promo promo--${banner.tone}`} aria-labelledby={`banner-${banner.id}`}>
      <img className="promo__image" src={mediaUrl(banner.image)} alt="" loading="lazy" />
      <div className="promo__content">
        <p className="eyebrow">{t(`${banner.textKey}.eyebrow`)}</p>
        <h2 id={`banner-${banner.id}`} className="promo__title">
          {t(`${banner.textKey}.title`)}
        </h2>
        <p>{t(`${banner.textKey}.text`)}</p>
        <BannerLink banner={banner} className="text-link">
          {t(`${banner.textKey}.cta`)}
        </BannerLink>
      </div>
    </section>
  );
}

function useListing(request: SearchRequest): Resource<SearchResult<ProductListItem>> {
  return useResource(searchUrl(request), () => searchListing(request));
}

function ProductShelf({ id, title, result }: { id: string; title: string; result: Resource<SearchResult<ProductListItem>> }) {
  const { t } = useTranslation();
  const brand = result.data?.attributeMetadata.find((a) => a.attribute_code === 'brand');
  return (
    <section className="container shelf" aria-labelledby={id} aria-busy={result.loading}>
      <h2 id={id} className="shelf__title">
        {title}
      </h2>
      {result.error && !result.data ? (
        <ErrorState title={t('errors.generic')} retryLabel={t('errors.retry')} onRetry={result.retry} />
      ) : (
        <ProductGrid>
          {result.data
            ? result.data.items.map((product: ProductListItem, index: number) => <ProductCard key={product.id} product={product} brand={brand?.options.find((o) => o.value === String(product.brand))?.label} stockEager={index < STOCK_CONFIG.prefetchCount} />)
            : Array.from({ length: HOME_LIST_SIZE }, (_, n) => <ProductCardSkeleton key={n} />)}
        </ProductGrid>
      )}
    </section>
  );
}
