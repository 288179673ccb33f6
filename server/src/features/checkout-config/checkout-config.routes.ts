/**
 * GET /api/checkout/config: what the storefront needs to know before it opens checkout (spec 1 §1, spec 2 §1, §2):
 * whether checkout is external (then /checkout sends the browser to `<CMS url>/vue/cart/sync...` and
 * /order-success exists), the store's CMS address, the country-in-path brand variant, the ship-to countries, and the
 * limit for cheque and cash on delivery (the checkout leaves them out above it, offline too).
 */
import { DEFAULT_STORE, DomainError, isStoreCode } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { errorEnvelopeSchema } from '../../plugins/openapi.ts';

export interface CheckoutConfigAnswer {
  externalCheckout: boolean;
  /** The store's CMS origin (no trailing slash), or null when none is configured. */
  cmsUrl: string | null;
  countryInPath: boolean;
  shipToCountries: string[];
  /** Euros (incl. VAT) up to which cheque and cash on delivery may pay an order (PAYMENT_OFFLINE_MAX); null: no limit. */
  offlinePaymentMax: number | null;
}

export function checkoutConfigFor(config: Pick<AppConfig, 'checkout' | 'orders'>, store: string): CheckoutConfigAnswer {
  const cmsUrl = config.checkout.cmsUrls[store] ?? config.checkout.cmsUrls['*'] ?? null;
  return {
    // Without a CMS address for this store there is nowhere to send the shopper: the shop's own checkout stays.
    externalCheckout: config.checkout.external && cmsUrl !== null,
    cmsUrl,
    countryInPath: config.checkout.countryInPath,
    shipToCountries: [...config.orders.shipToCountries],
    offlinePaymentMax: config.orders.offlinePaymentMax,
  };
}

export function checkoutConfigRoutes(config: Pick<AppConfig, 'checkout' | 'orders'>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/checkout/config',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Checkout mode (internal or external), the store’s CMS address and the ship-to countries',
          querystring: { type: 'object', properties: { storeCode: { type: 'string', enum: ['nl', 'en'] } } },
          response: {
            200: {
              type: 'object',
              properties: {
                code: { type: 'integer' },
                result: {
                  type: 'object',
                  properties: {
                    externalCheckout: { type: 'boolean' },
                    cmsUrl: { type: ['string', 'null'] },
                    countryInPath: { type: 'boolean' },
                    shipToCountries: { type: 'array', items: { type: 'string' } },
                    offlinePaymentMax: { type: ['number', 'null'] },
                  },
                  required: ['externalCheckout', 'cmsUrl', 'countryInPath', 'shipToCountries', 'offlinePaymentMax'],
                },
              },
              required: ['code', 'result'],
            },
            400: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const store = (request.query as { storeCode?: unknown }).storeCode ?? DEFAULT_STORE;
        if (!isStoreCode(store)) throw new DomainError('bad_request', 'Unknown store code; use nl or en');
        return { code: 200, result: checkoutConfigFor(config, store) };
      },
    );
  };
}
