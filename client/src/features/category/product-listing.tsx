import type { FilterState } from '@shop/shared';
import { sortChoiceProblem } from '@shop/shared/catalogue/sort-options';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { isShopOnline } from '../../app/network.ts';
import { useStoreView } from '../../app/store-context.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FilterIcon } from '../../ui/icons.tsx';
import { useMediaMatch } from '../../ui/use-media-query.ts';
import { brandLabel } from '../catalogue/attribute-labels.ts';
import { useRetryWhileCatalogueLoads } from '../catalogue/catalogue-loading.ts';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../catalogue/product-card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { STOCK_CONFIG } from '../stock/stock-config.ts';
import { activeFilterCount, queryAfterChange, queryWithout, sortChoices, sortIdOf, type ListingScope } from './category-query.ts';
import { cataloguePriceOptions, filterGroups } from './filter-options.ts';
import { FilterPanel, useRangeLabel, useRangeTitle } from './filter-panel.tsx';
import type { PriceFacet } from './price-facet.ts';
import type { useListingProducts } from './use-listing-products.ts';
import '../catalogue/catalogue.css';
import './category.css';

/** The cards whose pictures load first and at once: a phone's first row (two), where the page's largest picture is. */
const FIRST_ROW_PRIORITY = 2;

export interface ProductListingProps {
  scope: ListingScope;
  /** The shopper's own choices: filters and sort, as in the address. */
  state: FilterState;
  /** Filters the listing always has (a landing page's): never offered to change. */
  fixed?: Readonly<Record<string, string>> | undefined;
  products: ReturnType<typeof useListingProducts>;
  facet: PriceFacet | undefined;
  /** Goes to the listing with this filter and sort query (the page adds its own keys, e.g. a search's `q`). */
  onQuery: (query: Record<string, string>) => void;
  /** Said in the error when the listing cannot be had offline. */
  offlineMessage: string;
  /** Shown above the list (a search's "did you mean"). */
  notice?: ReactNode;
  /** Said when nothing is listed, instead of "No products match these filters." */
  emptyText?: string | undefined;
  /** Shown below that text when nothing is listed (a search's help). */
  empty?: ReactNode;
}

/**
 * A listing of products with its facets, sort and "load more": the category page's and the search results page's
 * (issue 19). Filters and sort live in the address; the page owns the address and the data (its hooks), this the
 * screen: the filter column (a drawer on narrow screens), the toolbar, the chosen filters, the grid and its states.
 */
export function ProductListing({ scope, state, fixed, products, facet, onQuery, offlineMessage, notice, emptyText, empty }: ProductListingProps) {
  const { t } = useTranslation();
  // The server is still loading its catalogue: the message says so and the listing asks again by itself.
  const catalogueLoading = useRetryWhileCatalogueLoads(products.error, products.retry);
  const view = useStoreView();
  const prices = useRenderedPrices(products.hasData ? products.items.map((product) => product.sku) : null);
  // Unknown on the server: both the filter column and the toolbar's Filters button are drawn, the CSS shows one.
  const wide = useMediaMatch('(min-width: 60em)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const options = sortChoices(scope);
  const defaultSort = options[0]!.id;
  const sortProblem = sortChoiceProblem(state.sort?.[0], options);

  const groups = useMemo(() => {
    const price = facet?.by === 'visitor' ? facet : facet?.by === 'catalogue' ? cataloguePriceOptions(products.aggregations.price, view.i18n.currencyCode) : null;
    return filterGroups(products.aggregations, products.attributeMetadata, state, price).filter((group) => !fixed || !(group.attribute in fixed));
  }, [facet, products.aggregations, products.attributeMetadata, state, view.i18n.currencyCode, fixed]);
  const rangeTitle = useRangeTitle();
  const rangeLabel = useRangeLabel();
  const brand = products.attributeMetadata.find((a) => a.attribute_code === 'brand');
  const activeCount = activeFilterCount(state);

  const toggle = (attribute: string, value: string) => onQuery(queryAfterChange(state, { attribute, value }, defaultSort));
  const selected = groups.flatMap((group) =>
    group.kind === 'range'
      ? group.value
        ? [{ key: group.attribute, label: `${rangeTitle(group.attribute)}: ${rangeLabel(group.value)}`, remove: () => onQuery(queryWithout(state, [group.attribute])) }]
        : []
      : group.options.filter((o) => o.selected).map((o) => ({ key: `${group.attribute}-${o.value}`, label: o.label, remove: () => toggle(group.attribute, o.value) })),
  );

  const panel = <FilterPanel groups={groups} onToggle={toggle} onRange={toggle} />;

  return (
    <>
      <div className="category-layout">
        {wide !== false ? (
          <aside className={`category-layout__filters${wide === null ? ' category-layout__filters--if-wide' : ''}`} aria-labelledby={`${sortId}-filters`}>
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
              {wide !== true ? (
                <button type="button" className={`button button--secondary toolbar__filters${wide === null ? ' toolbar__filters--if-narrow' : ''}`} aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
                  <FilterIcon />
                  {activeCount ? t('filters.openWithCount', { count: activeCount }) : t('filters.open')}
                </button>
              ) : null}
              <div className="sort-control">
                <label htmlFor={sortId}>{t('sort.label')}</label>
                <select
                  id={sortId}
                  value={sortProblem ? '' : sortIdOf(state, options)}
                  aria-invalid={sortProblem ? true : undefined}
                  aria-describedby={sortProblem ? `${sortId}-error` : undefined}
                  onChange={(event) => onQuery(queryAfterChange(state, { attribute: 'sort', value: event.target.value }, defaultSort))}
                >
                  {/* A sort the list does not offer (from an address) shows as no choice, with the spec's message. */}
                  {sortProblem ? (
                    <option value="" disabled>
                      —
                    </option>
                  ) : null}
                  {options.map((option) => (
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
                <button type="button" className="link-button" onClick={() => onQuery(queryWithout(state, 'all-filters'))}>
                  {t('filters.clearAll')}
                </button>
              </li>
            </ul>
          ) : null}

          {notice}

          {products.error ? (
            // Never show the previous filter's products under the new filter: the error replaces them.
            <ErrorState
              title={catalogueLoading ? t('search.catalogueLoading') : t('errors.generic')}
              message={
                !isShopOnline()
                  ? offlineMessage
                  : catalogueLoading
                    ? undefined
                    : products.error instanceof ApiError && products.error.code === 'search_timeout'
                      ? t('search.timeout')
                      : t('errors.internal')
              }
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
              <p>{emptyText ?? t('category.empty')}</p>
              {activeCount ? (
                <button type="button" className="button button--secondary" onClick={() => onQuery(queryWithout(state, 'all-filters'))}>
                  {t('filters.clearAll')}
                </button>
              ) : null}
              {empty}
            </div>
          ) : (
            <>
              <VisitorPricesContext value={prices}>
                <ProductGrid busy={products.loading} label={t('category.productList')}>
                  {products.items.map((product, index) => (
                    <ProductCard key={product.id} product={product} brand={brandLabel(product.brand, brand)} stockEager={index < STOCK_CONFIG.prefetchCount} priority={index < FIRST_ROW_PRIORITY} />
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

      {wide !== true ? (
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
    </>
  );
}

function FilterPanelSkeleton() {
  return (
    <div className="filter-panel" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <div key={n} className="filter-group filter-group--skeleton">
          <Skeleton width="40%" height="0.9rem" />
          <Skeleton width="80%" height="0.8rem" />
          <Skeleton width="70%" height="0.8rem" />
        </div>
      ))}
    </div>
  );
}
