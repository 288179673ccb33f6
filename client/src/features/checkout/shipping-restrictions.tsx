/**
 * The checkout's own check of `allowedcountries` (spec 1 §3): the cart's products that may not be sent to the chosen
 * shipping country, so the shipping step says so before the order is placed. The server checks it again when the
 * order is placed (order-placement.ts) whatever the browser sends; both follow shared/orders/allowed-countries.ts.
 */
import type { StoreCode } from '@shop/shared';
import type { CartLineDoc } from '@shop/shared/cart/index';
import { productsNotShippableTo, type ShippableProduct } from '@shop/shared/orders/allowed-countries';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { searchCatalogue } from '../catalogue/catalogue-api.ts';

/** The lines' products with where they may go; unknown until the catalogue answers (then nothing is refused here). */
export function useNotShippable(store: StoreCode, lines: readonly CartLineDoc[] | null, country: string | undefined): ShippableProduct[] {
  const skus = useMemo(() => [...new Set((lines ?? []).map((line) => line.sku))].sort(), [lines]);
  const products = useResource(skus.length ? `shippable:${store}:${skus.join(',')}` : null, async () =>
    (
      await searchCatalogue<ShippableProduct>({ type: 'product', storeCode: store, filters: { sku: skus }, includeFields: ['sku', 'name', 'allowedcountries'], size: skus.length })
    ).items,
  );
  return useMemo(() => (country && products.data ? productsNotShippableTo(products.data, country) : []), [country, products.data]);
}

/** The shipping step's refusal: one line per product, naming it and the country. */
export function NotShippableAlert({ products, country, id }: { products: readonly ShippableProduct[]; country: string; id: string }) {
  const { t, i18n } = useTranslation();
  if (products.length === 0) return null;
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country.trim().toUpperCase()) ?? country;
  return (
    <div id={id} className="checkout-alert" role="alert" tabIndex={-1}>
      {products.map((product) => (
        <p key={product.sku}>{t('orders.messages.notShippable', { ns: 'checkout', product: product.name, country: countryName })}</p>
      ))}
    </div>
  );
}
