/**
 * The checkout mode the server announces (GET /api/checkout/config): internal by default; external sends /checkout
 * to `<CMS url>/vue/cart/sync[/token/{user token}][/cart/{cart token}][/country/{code}]` (spec 2 §2).
 */
import type { StoreCode } from '@shop/shared';
import { SHIP_TO_COUNTRIES } from '@shop/shared/orders/shipping';
import { STORE_VIEWS } from '@shop/shared/stores/stores';
import { useEffect, useState } from 'react';
import { apiGet } from '../../app/api.ts';

export interface CheckoutConfig {
  externalCheckout: boolean;
  cmsUrl: string | null;
  countryInPath: boolean;
  shipToCountries: string[];
  /** Euros (incl. VAT) up to which cheque and cash on delivery may pay an order; null: no limit (absent from an older shop). */
  offlinePaymentMax?: number | null;
}

const asked = new Map<StoreCode, Promise<CheckoutConfig>>();

export function checkoutConfig(store: StoreCode): Promise<CheckoutConfig> {
  let answer = asked.get(store);
  if (!answer) {
    answer = apiGet<CheckoutConfig>(`/api/checkout/config?storeCode=${store}`).catch((error: unknown) => {
      asked.delete(store);
      throw error;
    });
    asked.set(store, answer);
  }
  return answer;
}

/** The external checkout address of spec 2 §2. */
export function externalCheckoutUrl(cmsUrl: string, parts: { userToken?: string | null; cartToken?: string | null; country?: string | null }): string {
  let url = `${cmsUrl.replace(/\/+$/, '')}/vue/cart/sync`;
  if (parts.userToken) url += `/token/${encodeURIComponent(parts.userToken)}`;
  if (parts.cartToken) url += `/cart/${encodeURIComponent(parts.cartToken)}`;
  if (parts.country) url += `/country/${encodeURIComponent(parts.country.toLowerCase())}`;
  return url;
}

/**
 * The countries the shop ships to, as the server's checkout config names them (the shared default until it answers,
 * or offline): every form that takes an address offers these and no other, so the checkout never refuses one.
 */
export function useShipToCountries(store: StoreCode): readonly string[] {
  const [countries, setCountries] = useState<readonly string[]>(SHIP_TO_COUNTRIES);
  useEffect(() => {
    let live = true;
    checkoutConfig(store).then(
      (config) => live && setCountries(config.shipToCountries),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [store]);
  return countries;
}

/** The store's own country when the shop ships there (a Dutch shopper starts with the Netherlands), else none. */
export function storeCountryFor(store: StoreCode, countries: readonly string[]): string | null {
  const country = STORE_VIEWS[store].i18n.country.toUpperCase();
  return countries.includes(country) ? country : null;
}
