import type { CurrencyCode, Product } from '@shop/shared';
import { formatPrice } from '@shop/shared/money/money';
import { awaitsPriceSync, withSyncedPrices } from '@shop/shared/pricing/price-freshness';
import { useContext } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useStoreView } from '../../app/store-context.tsx';
import { VisitorPricesContext } from '../location/visitor-prices.ts';
import { useSyncedPrices } from './synced-prices.ts';

/** Amounts including tax; `currency` is the store's (EUR) unless the amounts come from the render list. */
export type PriceFields = Pick<Product, 'final_price_incl_tax' | 'price_incl_tax' | 'special_price' | 'price_is_current'> & { hide_price?: boolean; currency?: CurrencyCode };

export function useFormatPrice(): (amount: number, currency?: CurrencyCode) => string {
  const { i18n } = useTranslation();
  const view = useStoreView();
  const locale = localeOf(i18n.language);
  return (amount, currency) => formatPrice(amount, currency ?? view.i18n.currencyCode, locale);
}

/**
 * Whole-number price; a special price shows the regular price struck through beside it. With a `sku`, the visitor's
 * price from the render list replaces the catalogue's; while it loads a skeleton as wide as the price stands in
 * (no flash of another currency); `pending` does the same for a price computed from such prices. A price that did
 * not wait for the price sync (`price_is_current: false`, spec 1 §4) is shown subdued, said to be not yet confirmed,
 * until the synced price replaces it in the same box.
 */
export function PriceTag({ product, sku, pending = false, compact = false, large = false }: { product: PriceFields; sku?: string | undefined; pending?: boolean; compact?: boolean; large?: boolean }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const visitor = useContext(VisitorPricesContext);
  const local = sku ? visitor.bySku.get(sku) : undefined;
  // The visitor's render list is priced at its request: only the catalogue's own price may wait for the sync.
  const awaiting = sku !== undefined && !local && !product.hide_price && awaitsPriceSync(product);
  const synced = useSyncedPrices(awaiting ? sku : undefined);
  const unconfirmed = awaiting && !synced;
  const className = `price${compact ? ' price--compact' : ''}${large ? ' price--large' : ''}${unconfirmed ? ' price--unconfirmed' : ''}`;
  if (product.hide_price) return <span className={className}>{t('card.priceOnRequest')}</span>;
  if (pending || (sku && !local && visitor.pending)) {
    return (
      <span className={`${className} skeleton price--loading`} aria-hidden="true">
        <span>{format(product.final_price_incl_tax, product.currency)}</span>
      </span>
    );
  }
  const shown: PriceFields = local ?? (synced ? withSyncedPrices(product, synced, synced.price_refreshed_at) : product);
  // Read after the price: the shopper hears the amount, then that it may still change.
  const note = unconfirmed ? <span className="visually-hidden">{` (${t('card.priceUnconfirmed')})`}</span> : null;
  const special = shown.special_price > 0 && shown.final_price_incl_tax < shown.price_incl_tax;
  if (!special) {
    return (
      <span className={className}>
        {format(shown.final_price_incl_tax, shown.currency)}
        {note}
      </span>
    );
  }
  return (
    <span className={`${className} price--special`}>
      <span className="visually-hidden">{t('card.specialPrice')}</span>
      <span className="price__current">{format(shown.final_price_incl_tax, shown.currency)}</span>{' '}
      <span className="visually-hidden">{t('card.originalPrice')}</span>
      <del className="price__original">{format(shown.price_incl_tax, shown.currency)}</del>
      {note}
    </span>
  );
}
