import type { ProductListItem } from '@shop/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { CloseIcon } from '../../ui/drawer.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { listingRequest, searchUrl } from '../catalogue/catalogue-api.ts';
import { useRetryWhileCatalogueLoads } from '../catalogue/catalogue-loading.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import { PriceTag } from '../catalogue/price-tag.tsx';
import { ProductFacts } from '../catalogue/product-facts.tsx';
import { StockBadge } from '../stock/stock-badge.tsx';
import { STOCK_CONFIG } from '../stock/stock-config.ts';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { searchOrOffline } from './search-results.ts';
import { isSearchTermLongEnough, normalizeSearchTerm } from '@shop/shared/catalogue/search-term';

import './search.css';

/** How soon a search answered offline is asked again while the browser says it is online. */
const OFFLINE_RETRY_MS = 3000;

/** The best matches shown in the panel; every result is one step away, on the search results page (issue 19). */
export const SEARCH_PANEL_SIZE = 8;

/** One suggestion as the search field walks them: its element's id, and what choosing it with Enter does. */
export interface SuggestionOption {
  id: string;
  go: () => void;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface SearchPanelProps {
  id: string;
  listboxId: string;
  term: string;
  /** The id of the suggestion the arrow keys chose, if any. */
  active: string | undefined;
  /** Told the suggestions shown, whenever they change. */
  onOptions: (options: readonly SuggestionOption[]) => void;
  onClose: () => void;
}

/**
 * The suggestions under the search field: the best matches with picture, price and stock, and "show all results (N)"
 * to the search results page, as a listbox of links (each a real link: a click, a middle click, a new tab all work).
 */
export function SearchPanel({ id, listboxId, term, active, onOptions, onClose }: SearchPanelProps) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const longEnough = isSearchTermLongEnough(term);
  const query = useDebounced(normalizeSearchTerm(term), 250);
  const request = listingRequest({ storeCode: store, query, size: SEARCH_PANEL_SIZE, start: 0 });
  const searching = longEnough && isSearchTermLongEnough(query);
  const results = useResource(searching ? searchUrl(request) : null, () => searchOrOffline(request));
  const failed = longEnough && results.error !== undefined;
  // The server is still loading its catalogue: say so, and ask again by itself.
  const catalogueLoading = useRetryWhileCatalogueLoads(failed ? results.error : undefined, results.retry);
  // The previous term's results never stand under a failed search.
  const answer = failed ? undefined : results.data;
  const offline = answer?.offline === true;
  const prices = useRenderedPrices(answer && !offline ? answer.items.map((product) => product.sku) : null);
  const settled = searching && query === normalizeSearchTerm(term) && !results.loading;

  const shown = useMemo(() => (longEnough && answer && !offline ? answer.items : []), [longEnough, answer, offline]);
  const showAll = longEnough && answer && !offline && answer.total > 0 ? answer.total : 0;
  const optionId = (key: string | number) => `${listboxId}-${key}`;
  const options = useMemo<SuggestionOption[]>(
    () => [
      ...shown.map((product) => ({ id: `${listboxId}-${product.id}`, go: () => void navigate({ to: '/$store/$', params: { store, _splat: product.url_path }, search: {} }) })),
      ...(showAll ? [{ id: `${listboxId}-all`, go: () => void navigate({ to: '/$store/search', params: { store }, search: { q: query } }) }] : []),
    ],
    [shown, showAll, listboxId, navigate, store, query],
  );
  const optionKey = options.map((option) => option.id).join(' ');
  const tell = useEffectEvent(() => onOptions(options));
  // Told before the browser paints, so the field never says "collapsed" while the listbox it controls is on screen.
  useLayoutEffect(() => {
    tell();
  }, [optionKey]);
  useEffect(() => () => onOptions([]), [onOptions]);
  // The suggestion the arrow keys chose stays in view in a panel that scrolls.
  useEffect(() => {
    if (active) document.getElementById(active)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  // A search answered offline is asked again as soon as the connection is back.
  const online = useOnlineStatus();
  const retryOffline = useEffectEvent(() => {
    if (offline) results.retry();
  });
  useEffect(() => {
    if (online) retryOffline();
  }, [online]);
  // The browser may say it is back before the connection carries (a network still coming up, a worker still offline):
  // an answer still made up offline while online is asked again a little later, for as long as the panel is open.
  useEffect(() => {
    if (!online || !offline) return;
    const timer = setTimeout(retryOffline, OFFLINE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [online, offline, answer]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  let status = '';
  if (!longEnough) status = t('search.minChars');
  else if (failed) status = '';
  else if (!settled) status = t('search.loading');
  else if (offline) status = t('search.offline');
  else if (answer) status = answer.total === 0 ? t('search.empty', { term: query }) : t('search.results', { count: answer.total });

  return (
    <>
      <div className="search-panel__backdrop" onClick={onClose} aria-hidden="true" />
      <section id={id} className="search-panel" aria-label={t('search.title')}>
        <div className="search-panel__inner">
          <div className="search-panel__head">
            <p className={`search-panel__status${longEnough ? '' : ' search-panel__status--hint'}`} role="status" aria-live="polite">
              {status}
            </p>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('search.close')}>
              <CloseIcon />
            </button>
          </div>
          {failed ? (
            <ErrorState
              title={
                catalogueLoading
                  ? t('search.catalogueLoading')
                  : results.error instanceof ApiError && results.error.code === 'search_timeout'
                    ? t('search.timeout')
                    : t('errors.generic')
              }
              retryLabel={t('errors.retry')}
              onRetry={results.retry}
            />
          ) : null}
          {longEnough && !failed && !settled && !answer ? (
            <ul className="search-results" aria-hidden="true">
              {[0, 1, 2, 3].map((n) => (
                <li key={n} className="search-result">
                  <Skeleton className="search-result__image" />
                  <span className="search-result__text">
                    <Skeleton width="70%" height="0.9rem" />
                    <Skeleton width="30%" height="0.9rem" />
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {options.length > 0 ? (
            <VisitorPricesContext value={prices}>
              <ul id={listboxId} role="listbox" className="search-results" aria-label={t('search.suggestions')} aria-busy={!settled}>
                {shown.map((product: ProductListItem, index: number) => (
                  <li key={product.id} role="none">
                    <Link
                      id={optionId(product.id)}
                      role="option"
                      aria-selected={active === optionId(product.id)}
                      activeOptions={{ exact: true }}
                      className="search-result"
                      to="/$store/$"
                      params={{ store, _splat: product.url_path }}
                      search={{}}
                    >
                      <ProductImage className="search-result__image" src={product.image} alt="" size="cart" sizes="4.5rem" />
                      <span className="search-result__text">
                        <span className="search-result__name">{product.name}</span>
                        <ProductFacts product={product} />
                        <PriceTag product={product} sku={product.sku} compact />
                        <StockBadge sku={product.sku} eager={index < STOCK_CONFIG.prefetchCount} />
                      </span>
                    </Link>
                  </li>
                ))}
                {showAll ? (
                  <li role="none" className="search-results__all">
                    <Link id={optionId('all')} role="option" aria-selected={active === optionId('all')} className="search-result search-result--all" to="/$store/search" params={{ store }} search={{ q: query }}>
                      {t('search.showAll', { count: showAll })}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </VisitorPricesContext>
          ) : null}
        </div>
      </section>
    </>
  );
}
