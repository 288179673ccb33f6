/**
 * The checkout mode the server announces (GET /api/checkout/config): internal by default; external sends /checkout
 * to `<CMS url>/vue/cart/sync[/token/{user token}][/cart/{cart token}][/country/{code}]` (spec 2 §2).
 */
import type { StoreCode } from '@shop/shared';
import { apiGet } from '../../app/api.ts';

export interface CheckoutConfig {
  externalCheckout: boolean;
  cmsUrl: string | null;
  countryInPath: boolean;
  shipToCountries: string[];
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
