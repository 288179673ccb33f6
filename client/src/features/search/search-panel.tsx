import type { ProductListItem } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { CloseIcon } from '../../ui/drawer.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { listingRequest, searchUrl } from '../catalogue/catalogue-api.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import { PriceTag } from '../catalogue/price-tag.tsx';
import { StockBadge } from '../stock/stock-badge.tsx';
import { STOCK_CONFIG } from '../stock/stock-config.ts';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { searchOrOffline } from './search-results.ts';
import { isSearchTermLongEnough, normalizeSearchTerm } from '@shop/shared/catalogue/search-term';

/** Results shown in the panel; the full list is one click away. */
const SEARCH_PANEL_SIZE = 24;
import './search.css';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function SearchPanel({ id, term, onClose }: { id: string; term: string; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const longEnough = isSearchTermLongEnough(term);
  const query = useDebounced(normalizeSearchTerm(term), 250);
  const request = listingRequest({ storeCode: store, query, size: SEARCH_PANEL_SIZE, start: 0 });
  const active = longEnough && isSearchTermLongEnough(query);
  const results = useResource(active ? searchUrl(request) : null, () => searchOrOffline(request));
  const failed = longEnough && results.error !== undefined;
  // The previous term's results never stand under a failed search.
  const answer = failed ? undefined : results.data;
  const offline = answer?.offline === true;
  const prices = useRenderedPrices(answer && !offline ? answer.items.map((product) => product.sku) : null);
  const settled = active && query === normalizeSearchTerm(term) && !results.loading;

  // A search answered offline is asked again as soon as the connection is back.
  const online = useOnlineStatus();
  const retryOffline = useEffectEvent(() => {
    if (offline) results.retry();
  });
  useEffect(() => {
    if (online) retryOffline();
  }, [online]);

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
              title={results.error instanceof ApiError && results.error.code === 'search_timeout' ? t('search.timeout') : t('errors.generic')}
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
          {longEnough && answer && answer.items.length > 0 ? (
            <VisitorPricesContext value={prices}>
              <ul className="search-results" aria-busy={!settled}>
                {answer.items.map((product: ProductListItem, index: number) => (
                  <li key={product.id}>
                    <Link activeOptions={{ exact: true }} className="search-result" to="/$store/$" params={{ store, _splat: product.url_path }} search={{}}>
                      <ProductImage className="search-result__image" src={product.image} alt="" size="cart" sizes="4.5rem" />
                      <span className="search-result__text">
                        <span className="search-result__name">{product.name}</span>
                        <PriceTag product={product} sku={product.sku} compact />
                        <StockBadge sku={product.sku} eager={index < STOCK_CONFIG.prefetchCount} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </VisitorPricesContext>
          ) : null}
        </div>
      </section>
    </>
  );
}
