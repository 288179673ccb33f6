/** The cart's method calls checkout makes (spec 2 §7; server: cart.routes.ts): shipping by country, payment methods. */
import type { StoreCode } from '@shop/shared';
import type { ShippingMethod } from '@shop/shared/cart/totals';
import type { OfferedPaymentMethod } from '@shop/shared/orders/payment-methods';
import { apiGet, cartHeaders } from '../../app/api.ts';

export function shippingMethods(token: string, country: string): Promise<ShippingMethod[]> {
  return apiGet<ShippingMethod[]>(`/api/cart/shipping-methods?country=${encodeURIComponent(country)}`, undefined, cartHeaders(token));
}

/** The methods for this cart in the store's order (iDEAL first in the Dutch store), within the limits of its total. */
export function paymentMethods(token: string, store: StoreCode): Promise<OfferedPaymentMethod[]> {
  return apiGet<OfferedPaymentMethod[]>(`/api/cart/payment-methods?storeCode=${store}`, undefined, cartHeaders(token));
}

export function methodKey(method: Pick<ShippingMethod, 'carrier_code' | 'method_code'>): string {
  return `${method.carrier_code}_${method.method_code}`;
}
