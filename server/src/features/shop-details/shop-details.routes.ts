/**
 * GET /api/shop/details?storeCode=: what the storefront shows about the shop itself in the footer and the checkout's
 * header: the company (name, address, Chamber of Commerce and VAT numbers), the customer service's phone and e-mail,
 * and the payment methods the shop takes in that store (their marks), in the store's order. All of it is the operator's
 * settings (SHOP_COMPANY_NAME, SHOP_ADDRESS, SHOP_KVK, SHOP_VAT_ID, SHOP_PHONE, SHOP_CONTACT_EMAIL, PAYMENT_METHODS,
 * PAYMENT_PROVIDER), the same for every visitor.
 */
import { DEFAULT_STORE, DomainError, isStoreCode, type StoreCode } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';

export interface ShopDetails {
  company: { name: string; address: string; kvk: string; vatId: string };
  phone: string;
  email: string;
  /** The codes of the payment methods on offer in the store, in its order. */
  paymentMethods: string[];
}

export function shopDetailsFor(config: Pick<AppConfig, 'company' | 'orders'>, methods: CheckoutMethods, store: StoreCode): ShopDetails {
  const { name, address, kvk, vatId, phone } = config.company;
  return { company: { name, address, kvk, vatId }, phone, email: config.orders.contactEmail, paymentMethods: methods.paymentMethods([], { store }).map((method) => method.code) };
}

export function shopDetailsRoutes(config: Pick<AppConfig, 'company' | 'orders'>, methods: CheckoutMethods) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/shop/details',
      {
        schema: {
          tags: ['content'],
          summary: 'The shop’s company details, customer service contact and the payment methods it takes in a store',
          querystring: { type: 'object', properties: { storeCode: { type: 'string', enum: ['nl', 'en'] } } },
          response: {
            200: envelopeSchema({
              type: 'object',
              properties: {
                company: {
                  type: 'object',
                  properties: { name: { type: 'string' }, address: { type: 'string' }, kvk: { type: 'string' }, vatId: { type: 'string' } },
                  required: ['name', 'address', 'kvk', 'vatId'],
                },
                phone: { type: 'string' },
                email: { type: 'string' },
                paymentMethods: { type: 'array', items: { type: 'string' } },
              },
              required: ['company', 'phone', 'email', 'paymentMethods'],
            }),
            400: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const store = (request.query as { storeCode?: unknown }).storeCode ?? DEFAULT_STORE;
        if (!isStoreCode(store)) throw new DomainError('bad_request', 'Unknown store code; use nl or en');
        return { code: 200, result: shopDetailsFor(config, methods, store) };
      },
    );
  };
}
