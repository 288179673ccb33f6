import type { Category } from '@shop/shared';
import { isStoreCode } from '@shop/shared/stores/stores';
import { notFound, redirect, useLoaderData, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { loadNamespace, useTranslation } from '../app/i18n.ts';
import { dispatchPath, resolveUrl } from '../features/catalogue/catalogue-api.ts';
import { NotFoundPage } from '../features/layout/lazy-not-found-page.tsx';
import { ErrorState } from '../ui/error-state.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { isShopOnline } from '../app/network.ts';
import { lazyPart } from '../app/lazy-part.ts';

const CategoryPage = lazyPart('src/features/category/category-page.tsx#CategoryPage', () => import('../features/category/category-page.tsx').then((module) => ({ default: module.CategoryPage })));
const ProductPage = lazyPart('src/features/product/product-page.tsx#ProductPage', () => import('../features/product/product-page.tsx').then((module) => ({ default: module.ProductPage })));
// A CMS page the URL map found (a curated landing page, issue 18): the content feature's own chunk.
const LandingPage = lazyPart('src/features/content/landing-page.tsx#LandingPage', () => import('../features/content/landing-page.tsx').then((module) => ({ default: module.LandingPage })));

/**
 * URL dispatch (spec 2 §2): the path, without trailing slashes or query, is mapped to a category, product or CMS page.
 * Offline, a page never cached sends the shopper Home with the spec's notice (not for a preload on hover).
 */
export async function loadCatalogueRoute(store: string, splat: string, preload = false) {
  if (!isStoreCode(store)) throw notFound();
  const path = dispatchPath(splat);
  if (path === 'pwa.html' || path === '') throw redirect({ to: '/$store', params: { store }, replace: true });
  const lookup = resolveUrl(path, store).catch((error: unknown) => import('../features/offline/offline-shell.ts').then((offline) => offline.homeWhenNotCached(error, store, preload)));
  const [target] = await Promise.all([lookup, loadNamespace('catalogue')]);
  // A child variant opens its parent (spec 1 §4): the address changes to the parent's.
  if (target?._type === 'product' && target.redirect) {
    throw redirect({ to: '/$store/$', params: { store, _splat: target.redirect.url_path }, replace: true });
  }
  // A category named by its id, url key or slug (spec 1 §2; the URL map answers those too) opens at its own path,
  // the query (filters, sort) kept.
  if (target?._type === 'category' && target._source.url_path !== path) {
    throw redirect({ to: '/$store/$', params: { store, _splat: target._source.url_path }, search: true, replace: true });
  }
  // Fetch the page's code together with its data, so the page appears in one step.
  // A category's story block comes with its code: arriving later, it would push the listing down (layout shift).
  if (target?._type === 'category') await Promise.all([CategoryPage.preload(), import('../features/category/category-page.tsx').then((page) => page.preloadCategoryStory(store, target._source))]);
  if (target?._type === 'product') await ProductPage.preload();
  // A landing page lists a category's products under its story: that category is found like any address.
  let listingCategory: Category | null = null;
  if (target?._type === 'cms_page') {
    const listing = target._source.listing;
    const [found] = await Promise.all([
      listing ? resolveUrl(listing.category, store).catch((error: unknown) => import('../features/offline/offline-shell.ts').then((offline) => offline.homeWhenNotCached(error, store, preload))) : null,
      LandingPage.preload(),
      listing ? CategoryPage.preload() : null,
    ]);
    listingCategory = found?._type === 'category' ? found._source : null;
  }
  return { path, target, listingCategory };
}

export function CatalogueRoute() {
  const { target, listingCategory } = useLoaderData({ from: '/$store/$' });
  if (target?._type === 'category') return <CategoryPage key={`c${target._source.id}`} category={target._source} />;
  if (target?._type === 'product') return <ProductPage key={`p${target._source.id}`} product={target._source} />;
  if (target?._type === 'cms_page') return <LandingPage key={`cms${target._source.id}`} page={target._source} category={listingCategory} />;
  return <NotFoundPage />;
}

export function CataloguePending() {
  return (
    <div className="container page-skeleton" aria-busy="true">
      <Skeleton width="40%" height="0.8rem" />
      <Skeleton width="30%" height="2.2rem" />
      <div className="page-skeleton__grid">
        {Array.from({ length: 8 }, (_, n) => (
          <Skeleton key={n} className="page-skeleton__tile" />
        ))}
      </div>
    </div>
  );
}

export function CatalogueRouteError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div className="container">
      <ErrorState
        title={t('errors.generic')}
        message={isShopOnline() ? undefined : t('errors.offlinePage')}
        retryLabel={t('errors.retry')}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
