import type { CurrencyCode, PriceBucket, SearchRequest } from '@shop/shared';
import { priceBucketsAt, priceFacet } from '@shop/shared/catalogue/filters';
import { searchCatalogue } from '../catalogue/catalogue-api.ts';
import type * as LocationLoader from '../location/load-visitor-prices.ts';

/**
 * The price filter for the prices the visitor sees. The search counts and filters the catalogue's prices (EUR with
 * the shop's VAT); a visitor shown other prices (render list: another currency, another VAT, a product's own dollar
 * price) gets buckets in their currency, counted here from those prices, and a chosen bucket lists exactly the
 * products whose shown price is in it.
 */
export type PriceFacet =
  | { by: 'catalogue' }
  | {
      by: 'visitor';
      currency: CurrencyCode;
      /** Counted over the products the other filters leave, like any facet. */
      buckets: Array<PriceBucket & { count: number }>;
      /**
       * Per bucket key, every product of the category whose price shows in it: the listing's filter. It stands for
       * the price alone, so the search still counts each other facet without its own filter.
       */
      ids: Readonly<Record<string, number[]>>;
    }
  /** More products than one search filter can list: this visitor gets no price filter here. */
  | { by: 'none' };

type Ids = { id: number; sku: string };

/**
 * A visitor's price buckets for a category: `category` lists its products (see priceFacetRequest), `filtered` those
 * the other filters leave (null without other filters). Products are bucketed by the whole amount their render-list
 * price shows. The edges are the catalogue's converted at the rate the server announces with the location (the
 * default rate when it did not); which products a bucket holds never depends on that rate, only on the prices shown. `location` is the location feature's lazily loaded module.
 */
export async function loadPriceFacet(
  location: Pick<typeof LocationLoader, 'loadVisitorCurrency' | 'loadVisitorPriceList' | 'loadVisitorRate'>,
  requests: { category: SearchRequest; filtered: SearchRequest | null },
  storeId: number,
  storeCurrency: CurrencyCode,
  storeCountry: string,
): Promise<PriceFacet> {
  const currency = await location.loadVisitorCurrency(storeCurrency, storeCountry);
  if (currency === null) return { by: 'catalogue' };
  const [all, filtered] = await Promise.all([searchCatalogue<Ids>(requests.category), requests.filtered && searchCatalogue<Ids>(requests.filtered)]);
  if (all.total > all.items.length) return { by: 'none' };
  const prices = (await location.loadVisitorPriceList(all.items.map((product) => product.sku), storeId, currency)).map((price) => ({ id: price.id, amount: price.final_price_incl_tax }));
  const edges = priceBucketsAt(await location.loadVisitorRate(currency));
  const inCategory = priceFacet(edges, prices);
  const left = filtered && new Set(filtered.items.map((product) => product.id));
  const counted = left ? priceFacet(edges, prices.filter((price) => left.has(price.id))) : inCategory;
  return {
    by: 'visitor',
    currency,
    buckets: counted.map(({ key, from, to, count }) => ({ key, from, to, count })),
    ids: Object.fromEntries(inCategory.map((bucket) => [bucket.key, bucket.ids])),
  };
}
