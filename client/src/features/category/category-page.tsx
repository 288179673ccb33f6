import type { Category } from '@shop/shared';
import { categoryBreadcrumbs } from '@shop/shared/catalogue/category';
import { SORT_OPTIONS, sortChoiceProblem } from '@shop/shared/catalogue/sort-options';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore, useStoreView } from '../../app/store-context.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FilterIcon } from '../../ui/icons.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useMediaQuery } from '../../ui/use-media-query.ts';
import { brandLabel } from '../catalogue/attribute-labels.ts';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../catalogue/product-card.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import { STOCK_CONFIG } from '../stock/stock-config.ts';
import { useCategories } from '../catalogue/use-categories.ts';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { activeFilterCount, filterStateFromQuery, queryAfterChange, queryWithout, sortIdOf } from './category-query.ts';
import { cataloguePriceOptions, filterGroups } from './filter-options.ts';
import { FilterPanel, useRangeLabel, useRangeTitle } from './filter-panel.tsx';
import { useCategoryProducts } from './use-category-products.ts';
import { usePriceFacet } from './use-price-facet.ts';
import '../catalogue/catalogue.css';
import './category.css';
import { isShopOnline } from '../../app/network.ts';

// The menu's prefetch comes with the page's own chunk: it needs this code anyway, and no extra chunk is made.
export { prefetchCategories } from './category-prefetch.ts';

export function CategoryPage({ category }: { category: Category }) {
  const { t } = useTranslation();
  const store = useStore();
  const view = useStoreView();
  const query = useSearch({ from: '/$store/$' });
  const navigate = useNavigate({ from: '/$store/$' });
  const state = useMemo(() => filterStateFromQuery(query), [query]);
  // Whether the visitor sees the catalogue's prices decides how prices are bucketed (use-price-facet.ts).
  const visitorPrices = useRenderedPrices(null).active;
  const { facet, listing } = usePriceFacet(store, category.id, state, visitorPrices);
  const products = useCategoryProducts(store, category.id, state, listing);
  // Spec 1 §8: an offline or failed product list (online too: an error, a too slow search) also warns
  // 'No products synchronized for this category…' with OK.
  useEffect(() => {
    if (products.error) void import('../offline/offline-notices.ts').then((notices) => notices.notifyListingUnavailable());
  }, [products.error]);
  const prices = useRenderedPrices(products.hasData ? products.items.map((product) => product.sku) : null);
  const categories = useCategories(store);
  const wide = useMediaQuery('(min-width: 60em)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const sortProblem = sortChoiceProblem(state.sort?.[0]);
  useDocumentTitle(category.name, t('shop.name'));

  const groups = useMemo(() => {
    const price = facet?.by === 'visitor' ? facet : facet?.by === 'catalogue' ? cataloguePriceOptions(products.aggregations.price, view.i18n.currencyCode) : null;
    return filterGroups(products.aggregations, products.attributeMetadata, state, price);
  }, [facet, products.aggregations, products.attributeMetadata, state, view.i18n.currencyCode]);
  const rangeTitle = useRangeTitle();
  const rangeLabel = useRangeLabel();
  const brand = products.attributeMetadata.find((a) => a.attribute_code === 'brand');
  // The page's own children_data (filled by the server two levels down), else the store's category list.
  const subcategories = (category.children_data ?? (categories.data ?? []).filter((c) => c.parent_id === category.id && c.is_active))
    .filter((c) => c.is_active && c.include_in_menu)
    .sort((a, b) => a.position - b.position);
  const activeCount = activeFilterCount(state);

  const go = (search: Record<string, string>) => void navigate({ search, resetScroll: false });
  const toggle = (attribute: string, value: string) => go(queryAfterChange(state, { attribute, value }));
  const selected = groups.flatMap((group) =>
    group.kind === 'range'
      ? group.value
        ? [{ key: group.attribute, label: `${rangeTitle(group.attribute)}: ${rangeLabel(group.value)}`, remove: () => go(queryWithout(state, [group.attribute])) }]
        : []
      : group.options.filter((o) => o.selected).map((o) => ({ key: `${group.attribute}-${o.value}`, label: o.label, remove: () => toggle(group.attribute, o.value) })),
  );

  const panel = <FilterPanel groups={groups} onToggle={toggle} onRange={toggle} />;

  return (
    <div className="container category-page">
      <Breadcrumbs entries={categoryBreadcrumbs(category, categories.byId)} />
      <header className="page-heading">
        <h1>{category.name}</h1>
        {category.description ? <p className="page-heading__lead">{category.description.replace(/<[^>]+>/g, '')}</p> : null}
        {subcategories.length ? (
          <ul className="subcategories" aria-label={t('category.subcategories')}>
            {subcategories.map((sub) => (
              <li key={sub.id}>
                <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: sub.url_path }} search={{}} className="chip chip--thumbnail">
                  {/* The thumbnail is decoration beside the name; without one the calm placeholder keeps the row even. */}
                  <ProductImage src={sub.thumbnail ?? sub.image} alt="" size="cart" className="chip__thumbnail" />
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <div className="category-layout">
        {wide ? (
          <aside className="category-layout__filters" aria-labelledby={`${sortId}-filters`}>
            <h2 id={`${sortId}-filters`} className="filters-title">
              {t('filters.title')}
            </h2>
            {products.hasData ? panel : products.error ? null : <FilterPanelSkeleton />}
          </aside>
        ) : null}

        <section className="category-layout__results" aria-labelledby={`${sortId}-count`}>
          <div className="toolbar">
            <p id={`${sortId}-count`} className="toolbar__count" role="status" aria-live="polite">
              {products.error ? '' : products.hasData ? t('category.products', { count: products.total }) : t('category.loading')}
            </p>
            <div className="toolbar__controls">
              {!wide ? (
                <button type="button" className="button button--secondary toolbar__filters" aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
                  <FilterIcon />
                  {activeCount ? t('filters.openWithCount', { count: activeCount }) : t('filters.open')}
                </button>
              ) : null}
              <div className="sort-control">
                <label htmlFor={sortId}>{t('sort.label')}</label>
                <select
                  id={sortId}
                  value={sortProblem ? '' : sortIdOf(state)}
                  aria-invalid={sortProblem ? true : undefined}
                  aria-describedby={sortProblem ? `${sortId}-error` : undefined}
                  onChange={(event) => go(queryAfterChange(state, { attribute: 'sort', value: event.target.value }))}
                >
                  {/* A sort the list does not offer (from an address) shows as no choice, with the spec's message. */}
                  {sortProblem ? (
                    <option value="" disabled>
                      —
                    </option>
                  ) : null}
                  {SORT_OPTIONS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {t(option.labelKey)}
                    </option>
                  ))}
                </select>
                {sortProblem ? (
                  <p id={`${sortId}-error`} className="sort-control__error" role="alert">
                    {t(`sort.${sortProblem}`)}
                  </p>
                ) : null}
              </div>
            </div>
          </div>

          {selected.length ? (
            <ul className="active-filters" aria-label={t('filters.active')}>
              {selected.map((option) => (
                <li key={option.key}>
                  <button type="button" className="chip chip--removable" onClick={option.remove} aria-label={t('filters.remove', { label: option.label })}>
                    {option.label}
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="link-button" onClick={() => go(queryWithout(state, 'all-filters'))}>
                  {t('filters.clearAll')}
                </button>
              </li>
            </ul>
          ) : null}

          {products.error ? (
            // Never show the previous filter's products under the new filter: the error replaces them.
            <ErrorState
              title={t('errors.generic')}
              message={!isShopOnline() ? t('category.offline') : products.error instanceof ApiError && products.error.code === 'search_timeout' ? t('search.timeout') : t('errors.internal')}
              retryLabel={t('errors.retry')}
              onRetry={products.retry}
            />
          ) : !products.hasData ? (
            <ProductGrid busy>
              {Array.from({ length: 8 }, (_, n) => (
                <ProductCardSkeleton key={n} />
              ))}
            </ProductGrid>
          ) : products.items.length === 0 ? (
            <div className="empty-state">
              <p>{t('category.empty')}</p>
              {activeCount ? (
                <button type="button" className="button button--secondary" onClick={() => go(queryWithout(state, 'all-filters'))}>
                  {t('filters.clearAll')}
                </button>
              ) : null}
            </div>
          ) : (
            <>
              <VisitorPricesContext value={prices}>
                <ProductGrid busy={products.loading} label={t('category.productList')}>
                  {products.items.map((product, index) => (
                    <ProductCard key={product.id} product={product} brand={brandLabel(product.brand, brand)} stockEager={index < STOCK_CONFIG.prefetchCount} />
                  ))}
                </ProductGrid>
              </VisitorPricesContext>
              <div className="load-more">
                <p className="load-more__progress">{t('category.showing', { shown: products.items.length, total: products.total })}</p>
                {products.canLoadMore ? (
                  <button type="button" className="button button--secondary" onClick={() => void products.loadMore()} disabled={products.moreStatus === 'loading' || products.loading} aria-busy={products.moreStatus === 'loading'}>
                    {products.moreStatus === 'loading' ? t('category.loadingMore') : t('category.loadMore')}
                  </button>
                ) : null}
                {products.moreStatus === 'error' ? (
                  <p role="alert" className="load-more__error">
                    {t('errors.generic')}
                  </p>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>

      {!wide ? (
        <Drawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title={t('filters.title')}
          closeLabel={t('filters.close')}
          side="right"
          footer={
            <button type="button" className="button button--block" onClick={() => setFiltersOpen(false)}>
              {t('filters.showResults', { count: products.total })}
            </button>
          }
        >
          {products.hasData ? panel : <FilterPanelSkeleton />}
        </Drawer>
      ) : null}
    </div>
  );
}

function FilterPanelSkeleton() {
  return (
    <div className="filter-panel" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <div key={n} className="filter-group filter-group--skeleton">
          <span className="skeleton" style={{ width: '40%', height: '0.9rem' }} />
          <span className="skeleton" style={{ width: '80%', height: '0.8rem' }} />
          <span className="skeleton" style={{ width: '70%', height: '0.8rem' }} />
        </div>
      ))}
    </div>
  );
}
