/**
 * The shipping and payment methods the shop offers, from its configuration (SHIP_TO_COUNTRIES, PAYMENT_METHODS,
 * PAYMENT_METHODS_ORDER, PAYMENT_PROVIDER) and the shared rules (shared/src/orders): the cart routes list them, order
 * placing checks an order's choice against the same answers. A payment-service method is offered only when the active
 * provider takes it.
 */
import { DEFAULT_SHIPPING_METHOD, type ShippingMethod } from '@shop/shared/cart/index';
import {
  DEFAULT_PAYMENT_MAPPING,
  findShippingMethod,
  offerPaymentMethods,
  shippingMethodsFor,
  type OfferedPaymentMethod,
} from '@shop/shared/orders/index';
import { PROVIDER_METHODS, type PaymentProviderName } from '@shop/shared/payments/index';
import type { StoreCode } from '@shop/shared';
import type { AppConfig } from '../../config.ts';

export class CheckoutMethods {
  private readonly methods: readonly ShippingMethod[] = [DEFAULT_SHIPPING_METHOD];

  constructor(
    private readonly config: AppConfig['orders'],
    /** The active payment provider: its methods are the payment-service methods offered. */
    private readonly provider: PaymentProviderName,
  ) {}

  get shipToCountries(): readonly string[] {
    return this.config.shipToCountries;
  }

  /** The shipping methods for a destination country (all of them while no country is chosen). */
  shippingMethods(country: string | null | undefined): ShippingMethod[] {
    return shippingMethodsFor(country, { countries: this.config.shipToCountries, methods: this.methods });
  }

  shippingMethod(carrierCode: string, methodCode: string, country?: string | null): ShippingMethod | undefined {
    return findShippingMethod(this.shippingMethods(country), carrierCode, methodCode);
  }

  /**
   * The payment methods for a cart whose items have these type ids, in the store's order (unless the operator set one);
   * with the cart's grand total in euros, cheque and cash on delivery only up to PAYMENT_OFFLINE_MAX.
   */
  paymentMethods(itemTypes: readonly string[], options: { store?: StoreCode; baseGrandTotal?: number } = {}): OfferedPaymentMethod[] {
    return offerPaymentMethods({
      mapping: this.config.paymentMethods ?? DEFAULT_PAYMENT_MAPPING,
      sortOrder: this.config.paymentMethodsOrder,
      itemTypes,
      providerMethods: PROVIDER_METHODS[this.provider],
      offlineMax: this.config.offlinePaymentMax,
      ...options,
    });
  }

  paymentMethod(code: string, itemTypes: readonly string[]): OfferedPaymentMethod | undefined {
    return this.paymentMethods(itemTypes).find((method) => method.code === code.trim().toLowerCase());
  }

  /** Euros (incl. VAT) up to which cheque and cash on delivery may pay an order; null: no limit. */
  get offlinePaymentMax(): number | null {
    return this.config.offlinePaymentMax;
  }
}
