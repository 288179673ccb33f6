/**
 * The prices of the cart's lines in the shopper's market (issue 14: one price from the listing to the payment). A
 * line shows the unit price the server's totals give it (priced like the render list for the same country), else the
 * render list's price of its product (also offline, from the answers already cached), else, for a shopper of the
 * store's own country and currency, the catalogue price the line was added at. A line of another market with none of
 * these shows no price rather than a catalogue euro price.
 */
import type { CurrencyCode } from '@shop/shared';
import { cartTotals, type CartLineDoc } from '@shop/shared/cart/index';
import { useMemo } from 'react';
import { useStoreView } from '../../app/store-context.tsx';
import { useShopperMarket, type ShopperMarket } from '../location/shopper-country.ts';
import { useRenderedPrices, type VisitorPrices } from '../location/visitor-prices.ts';
import type { ServerCartTotals, ServerTotalsItem } from './cart-api.ts';

export interface CartPrices {
  /** The shopper's market (null before the location is known: the catalogue's prices). */
  market: ShopperMarket | null;
  /** The currency every amount is shown in. */
  currency: CurrencyCode;
  /** True when the catalogue's own prices are the shopper's (the store's country and currency). */
  catalogue: boolean;
  /** The line's unit price incl. tax as shown, or null while it is not known in the shopper's market. */
  unitPrice(line: CartLineDoc): number | null;
}

const optionKey = (option: unknown): string => JSON.stringify(option ?? null);

/** The server totals' item of a line: its server item id, else the same sku with the same options. */
function serverItem(items: readonly ServerTotalsItem[] | undefined, line: CartLineDoc): ServerTotalsItem | undefined {
  if (!items) return undefined;
  const id = line.serverItemId === undefined ? null : Number(line.serverItemId);
  return (id !== null && items.find((item) => item.item_id === id)) || items.find((item) => item.sku === line.sku && optionKey(item.product_option) === optionKey(line.product_option));
}

export function cartPricesOf(market: ShopperMarket | null, visitor: VisitorPrices, server: ServerCartTotals | null, storeCurrency: CurrencyCode): CartPrices {
  const catalogue = !visitor.active;
  const currency = catalogue ? storeCurrency : (market?.currency ?? storeCurrency);
  // Server totals count only when they are in the shown currency.
  const items = server && (server.quote_currency_code ?? storeCurrency) === currency ? server.items : undefined;
  return {
    market,
    currency,
    catalogue,
    unitPrice: (line) => {
      const fromServer = serverItem(items, line);
      if (fromServer) return fromServer.price_incl_tax;
      if (catalogue) return line.snapshot.value.price_incl_tax;
      // The render list prices the product as listed: right for a line without chosen options (a variant or a
      // bundle's pieces are priced by the server's totals).
      const listed = line.product_option ? undefined : visitor.bySku.get(line.sku);
      return listed && listed.currency === currency ? listed.final_price_incl_tax : null;
    },
  };
}

/** The cart's line prices in the shopper's market, live: they follow a change of the shopper's country. */
export function useCartPrices(lines: readonly CartLineDoc[] | null, server: ServerCartTotals | null): CartPrices {
  const { i18n } = useStoreView();
  const market = useShopperMarket();
  const skus = useMemo(() => (lines === null ? null : [...new Set(lines.map((line) => line.sku))].sort()), [lines]);
  const visitor = useRenderedPrices(skus);
  return cartPricesOf(market, visitor, server, i18n.currencyCode);
}

/**
 * The cart's totals without the server's answer (offline, or before it comes). For a shopper of the store's own market
 * the shared cart totals rule gives exactly the server's (the catalogue prices the lines were added at, the default
 * shipping). In another market only the subtotal is certain (the sum of the lines as shown): the shipping is converted
 * at a rate the server may have changed and a coupon is the server's to price, so the grand total waits for the
 * server ("confirmed when online"). Undefined while a line's price is not known.
 */
export function localCartTotals(lines: readonly CartLineDoc[], prices: CartPrices): (ReturnType<typeof cartTotals> & { exact: boolean }) | undefined {
  if (prices.catalogue) return { ...cartTotals(lines), exact: true };
  const unit = new Map(lines.map((line) => [line, prices.unitPrice(line)]));
  if ([...unit.values()].some((price) => price === null)) return undefined;
  return { ...cartTotals(lines, { priceOf: (line) => unit.get(line as CartLineDoc) ?? undefined }), exact: false };
}
