import type { Category, StoreCode } from '@shop/shared';
import { categoryBreadcrumbs } from '@shop/shared/catalogue/category';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { usePageHead, type PageHead } from '../../ui/page-head.ts';
import { CMS_BLOCK_IDS } from '@shop/shared/content/service-pages';
import { CmsBlock, preloadCmsBlock } from '../content/cms-block.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { useCategories } from '../catalogue/use-categories.ts';
import { metaDescription, useCatalogueAlternates } from '../catalogue/use-alternates.ts';
import { useRenderedPrices } from '../location/visitor-prices.ts';
import { filterStateFromQuery } from './category-query.ts';
import { ProductListing } from './product-listing.tsx';
import { SubcategoryChips } from './subcategory-chips.tsx';
import { useListingProducts } from './use-listing-products.ts';
import { usePriceFacet } from './use-price-facet.ts';
import '../catalogue/catalogue.css';
import './category.css';

// The menu's prefetch comes with the page's own chunk: it needs this code anyway, and no extra chunk is made.
export { prefetchCategories } from './category-prefetch.ts';

/**
 * A curated landing page (issue 18) shows a category's listing under its own story: its fixed filters (the landing
 * page's `listing.query`, e.g. condition vintage) always apply, are never in the address and are not offered as
 * filters to change; the shopper's own filters and sort come on top, in the address as on a category page.
 */
export interface CategoryLanding {
  /** The route-query filters the listing always has. */
  query: Readonly<Record<string, string>>;
  /** Replaces the category's breadcrumbs and heading. */
  header: ReactNode;
  /** The listing's heading (the page's own h1 is the story's). */
  listingTitle: string;
  /** The page's head (title, canonical, alternates) instead of the category's. */
  head: PageHead;
}


/** The category's story block, asked with the page's code so the listing under it never moves when it arrives. */
export function preloadCategoryStory(store: StoreCode, category: Category): Promise<void> {
  return preloadCmsBlock(store, { blockId: category.landing_page, fallbackIdentifier: CMS_BLOCK_IDS.category(category.id) });
}

export function CategoryPage({ category, landing }: { category: Category; landing?: CategoryLanding }) {
  const { t } = useTranslation();
  const store = useStore();
  const query = useSearch({ from: '/$store/$' });
  const navigate = useNavigate({ from: '/$store/$' });
  // `state`: the shopper's own choices (the address); `listed`: what the listing asks for (a landing page's fixed
  // filters with them).
  const state = useMemo(() => filterStateFromQuery(query), [query]);
  const fixed = landing?.query;
  const listed = useMemo(() => (fixed ? filterStateFromQuery({ ...query, ...fixed }) : state), [fixed, query, state]);
  // Whether the visitor sees the catalogue's prices decides how prices are bucketed (use-price-facet.ts).
  const visitorPrices = useRenderedPrices(null).active;
  const scope = useMemo(() => ({ categoryId: category.id }), [category.id]);
  const { facet, listing } = usePriceFacet(store, scope, listed, visitorPrices);
  const products = useListingProducts(store, scope, listed, listing);
  // Spec 1 §8: an offline or failed product list (online too: an error, a too slow search) also warns
  // 'No products synchronized for this category…' with OK.
  useEffect(() => {
    if (products.error) void import('../offline/offline-notices.ts').then((notices) => notices.notifyListingUnavailable());
  }, [products.error]);
  const categories = useCategories(store);
  // Title, description, canonical and the same category in the other store; a landing page names its own.
  const alternates = useCatalogueAlternates(store, landing ? null : { type: 'category', id: category.id });
  usePageHead(landing?.head ?? { title: category.name, description: metaDescription(category.description), path: category.url_path, store, alternates }, t('shop.name'));

  // The page's own children_data (filled by the server two levels down), else the store's category list.
  const subcategories = (category.children_data ?? (categories.data ?? []).filter((c) => c.parent_id === category.id && c.is_active))
    .filter((c) => c.is_active && c.include_in_menu)
    .sort((a, b) => a.position - b.position);

  return (
    <div className={`container category-page${landing ? ' category-page--landing' : ''}`}>
      {landing ? (
        landing.header
      ) : (
      <>
      <Breadcrumbs entries={categoryBreadcrumbs(category, categories.byId)} />
      <header className="page-heading">
        <h1>{category.name}</h1>
        {category.description ? <p className="page-heading__lead">{category.description.replace(/<[^>]+>/g, '')}</p> : null}
        {subcategories.length ? <SubcategoryChips subcategories={subcategories} /> : null}
        {/* The category's story from the CMS (its landing_page block, else the block named after it; issue 18). */}
        <CmsBlock blockId={category.landing_page} fallbackIdentifier={CMS_BLOCK_IDS.category(category.id)} className="cms-block--category" />
      </header>
      </>
      )}
      {landing ? <h2 className="category-page__listing-title">{landing.listingTitle}</h2> : null}

      <ProductListing
        scope={scope}
        state={state}
        fixed={fixed}
        products={products}
        facet={facet}
        onQuery={(search) => void navigate({ search, resetScroll: false })}
        offlineMessage={t('category.offline')}
      />
    </div>
  );
}
