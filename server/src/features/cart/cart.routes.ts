/**
 * The cart calls of spec 1 §7 and the cart sync calls of spec 2 §7. Every call names its cart with `?cartId=` (or,
 * with accounts, `?token=`); answers carry `resultCode` beside `code`, as the spec's cart client reads it.
 */
import { countryFromHeader, DEFAULT_STORE, DomainError, isStoreCode, type StoreCode } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '../../plugins/openapi.ts';
import { bearerToken, ownerHeaders, type Owners, type RequestOwner } from '../replication/owner.ts';
import {
  CartIdBodySchema,
  CollectTotalsBodySchema,
  CreateBodySchema,
  DeleteBodySchema,
  ShippingInformationBodySchema,
  ShippingMethodsBodySchema,
  UpdateAllBodySchema,
  UpdateBodySchema,
  parseBody,
  type Address,
} from './cart.schema.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';
import type { CartService } from './cart.service.ts';
import { visitorLocation, type LocationConfig } from '../location/location.ts';

type Query = Record<string, unknown>;

function ok<T>(result: T, meta?: Record<string, unknown>) {
  return { code: 200, resultCode: 200, result, ...(meta ? { meta } : {}) };
}

function storeOf(query: Query): StoreCode {
  const value = query.storeCode;
  if (value === undefined || value === '') return DEFAULT_STORE;
  if (!isStoreCode(value)) throw new DomainError('bad_request', `Unknown store code ${String(value).slice(0, 20)}; use nl or en`);
  return value;
}

function addressRecord(address: Address): Record<string, unknown> {
  const country = address.countryId ?? address.country_id;
  return { ...address, ...(country ? { countryId: country.toUpperCase(), country_id: country.toUpperCase() } : {}) };
}

const cartQuery = {
  type: 'object',
  properties: {
    cartId: { type: 'string', description: 'The guest cart token from POST /api/cart/create' },
    token: { type: 'string', description: 'A customer access token (or send it as Authorization: Bearer)' },
    storeCode: { type: 'string', enum: ['nl', 'en'] },
    country: { type: 'string', description: "The shopper's country for prices and VAT before a shipping address is given (default: the visitor's location)" },
  },
};
const cartEnvelope = (result: Record<string, unknown>) => ({
  type: 'object',
  properties: { code: { type: 'integer' }, resultCode: { type: 'integer' }, result, meta: { type: 'object', additionalProperties: true } },
  required: ['code', 'resultCode', 'result'],
});
const anyObject = { type: 'object', additionalProperties: true };
const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const doc = (summary: string, result: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['cart'], summary, querystring: cartQuery, response: { 200: cartEnvelope(result), ...refused }, ...extra },
});

export function cartRoutes(service: CartService, owners: Owners, methods: CheckoutMethods, location: LocationConfig) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const owner = (request: FastifyRequest): Promise<RequestOwner> => owners.resolve(request.query as Query, ownerHeaders(request));
    /** Whose prices the totals are in until the cart has a shipping address: the one asked for, else the visitor's. */
    const shopperCountry = (request: FastifyRequest): string => {
      const asked = (request.query as Query).country;
      if (asked === undefined || asked === '') return visitorLocation(request, location).country_code;
      const country = countryFromHeader(typeof asked === 'string' ? asked : undefined);
      if (!country) throw new DomainError('bad_request', `country must be a two-letter country code such as NL, not ${String(asked).slice(0, 20)}`);
      return country;
    };

    app.post('/api/cart/create', doc("A new guest cart, or with a customer token the customer's own cart; the result is its token", { type: 'string' }), async (request) => {
      const query = request.query as Query;
      const body = parseBody(CreateBodySchema, request.body, 'cart request');
      if (bearerToken(request.headers.authorization) || (typeof query.token === 'string' && query.token.trim())) {
        // A customer has one cart: the same token on every device (made at the first login or here).
        const customer = await owners.resolve({ token: query.token }, { authorization: request.headers.authorization });
        return ok((await service.customerCart(customer.owner)).token);
      }
      const cart = await service.create(body?.purchaserId ?? null);
      return ok(cart.token);
    });

    app.post('/api/cart/update', doc('Adds to a line, or sets the quantity of the line named by item_id', anyObject), async (request) => {
      const body = parseBody(UpdateBodySchema, request.body, 'cart item');
      const change = await service.update(await owner(request), body.cartItem, storeOf(request.query as Query));
      const meta = change.problems.length || change.stock ? { problems: change.problems, stock: change.stock } : undefined;
      return ok(change.item, meta);
    });

    app.post('/api/cart/delete', doc('Removes the line named by item_id (or sku)', { type: 'boolean' }), async (request) => {
      const body = parseBody(DeleteBodySchema, request.body, 'cart item');
      await service.remove(await owner(request), body.cartItem);
      return ok(true);
    });

    app.get('/api/cart/pull', doc('The cart items', { type: 'array', items: anyObject }), async (request) => {
      return ok(await service.items(await owner(request), storeOf(request.query as Query)));
    });

    app.get('/api/cart/totals', doc('Totals with tax, shipping, discount and segments', anyObject), async (request) => {
      return ok(await service.totals(await owner(request), { store: storeOf(request.query as Query), visitorCountry: shopperCountry(request) }));
    });

    // The payment methods of the mapping for this cart (cash on delivery not for only virtual items), in the store's
    // order; cheque and cash on delivery only while the cart's total (in euros) stays within PAYMENT_OFFLINE_MAX.
    const paymentMethodsFor = async (requestOwner: RequestOwner, request: FastifyRequest) => {
      const store = storeOf(request.query as Query);
      const lines = await service.lines(requestOwner);
      const totals = lines.length > 0 && methods.offlinePaymentMax !== null ? await service.totals(requestOwner, { store, visitorCountry: shopperCountry(request) }) : null;
      return methods.paymentMethods(
        lines.map((line) => line.type_id),
        { store, ...(totals ? { baseGrandTotal: totals.grand_total / totals.base_to_quote_rate } : {}) },
      );
    };
    const shippingAnswer = (country: string | null | undefined) =>
      methods.shippingMethods(country).map((method) => ({ ...method, carrier_title: method.method_title, price_excl_tax: method.amount, available: true }));

    app.get('/api/cart/payment-methods', doc('The payment methods on offer for this cart, in the configured order', { type: 'array', items: anyObject }), async (request) => {
      const requestOwner = await owner(request);
      await service.cart(requestOwner);
      return ok(await paymentMethodsFor(requestOwner, request));
    });

    app.get(
      '/api/cart/shipping-methods',
      doc('The shipping methods for a country (?country=); none for a country the shop does not ship to', { type: 'array', items: anyObject }, {
        querystring: { ...cartQuery, properties: { ...cartQuery.properties, country: { type: 'string' } } },
      }),
      async (request) => {
        await service.cart(await owner(request));
        const country = (request.query as Query).country;
        if (country !== undefined && (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country))) {
          throw new DomainError('bad_request', 'country must be a two-letter country code such as NL');
        }
        return ok(shippingAnswer(typeof country === 'string' ? country.toUpperCase() : null));
      },
    );

    app.post('/api/cart/shipping-methods', doc('The shipping methods for an address', { type: 'array', items: anyObject }), async (request) => {
      await service.cart(await owner(request));
      const { address } = parseBody(ShippingMethodsBodySchema, request.body, 'address');
      return ok(shippingAnswer(address.country_id ?? address.countryId ?? null));
    });

    app.post('/api/cart/shipping-information', doc('Chooses the shipping; answers the payment methods and totals', anyObject), async (request) => {
      const requestOwner = await owner(request);
      const { addressInformation } = parseBody(ShippingInformationBodySchema, request.body, 'shipping information');
      const method = service.shippingMethod(addressInformation.shippingCarrierCode, addressInformation.shippingMethodCode);
      await service.setShipping(requestOwner, addressRecord(addressInformation.shippingAddress), method);
      return ok({ payment_methods: await paymentMethodsFor(requestOwner, request), totals: await service.totals(requestOwner, { store: storeOf(request.query as Query), visitorCountry: shopperCountry(request) }) });
    });

    app.post('/api/cart/collect-totals', doc('Totals for the chosen shipping and payment method', anyObject), async (request) => {
      const requestOwner = await owner(request);
      const chosen = parseBody(CollectTotalsBodySchema, request.body, 'methods')?.methods;
      const carrier = chosen?.shippingCarrierCode;
      const code = chosen?.shippingMethodCode;
      if ((carrier === undefined) !== (code === undefined)) throw new DomainError('bad_request', 'Give both shippingCarrierCode and shippingMethodCode, or neither');
      const shipping = carrier !== undefined && code !== undefined ? service.shippingMethod(carrier, code) : undefined;
      const paymentCode = chosen?.paymentMethod?.method;
      const offered = paymentCode === undefined ? [] : await paymentMethodsFor(requestOwner, request);
      const payment = offered.find((method) => method.code === paymentCode?.trim().toLowerCase());
      if (paymentCode !== undefined && !payment) throw new DomainError('bad_request', `Unknown payment method ${paymentCode.slice(0, 40)}; choose ${offered.map((m) => m.code).join(', ')}`);
      return ok(
        await service.totals(requestOwner, {
          store: storeOf(request.query as Query),
          visitorCountry: shopperCountry(request),
          ...(shipping ? { shipping } : {}),
          ...(payment ? { paymentCostInclTax: payment.cost_incl_tax } : {}),
        }),
      );
    });

    app.post(
      '/api/cart/apply-coupon',
      doc('Applies a coupon code (?coupon=)', { type: 'boolean' }, { querystring: { ...cartQuery, properties: { ...cartQuery.properties, coupon: { type: 'string' } } } }),
      async (request) => {
        const query = request.query as Query;
        const coupon = typeof query.coupon === 'string' ? query.coupon.slice(0, 64) : '';
        await service.applyCoupon(await owner(request), coupon);
        return ok(true);
      },
    );

    app.post('/api/cart/delete-coupon', doc('Removes the applied coupon', { type: 'boolean' }), async (request) => {
      await service.deleteCoupon(await owner(request));
      return ok(true);
    });

    // Cart sync calls (spec 2 §7): the cart may also be named in the body.
    const syncOwner = (request: FastifyRequest, bodyCartId: string | undefined, pathToken?: string): Promise<RequestOwner> => {
      const query = request.query as Query;
      return owners.resolve({ token: pathToken || query.token, cartId: query.cartId || bodyCartId }, ownerHeaders(request));
    };

    const updateAll = async (request: FastifyRequest<{ Params: { token?: string } }>) => {
      const body = parseBody(UpdateAllBodySchema, request.body, 'cart items');
      const requestOwner = await syncOwner(request, body.cartId, request.params.token);
      return ok(await service.replaceAll(requestOwner, body.cartItems, storeOf(request.query as Query)));
    };
    const updateAllDoc = doc('Makes the cart hold exactly the given items', { type: 'array', items: anyObject });
    app.post('/api/cart/updateall', updateAllDoc, updateAll);
    app.post('/api/cart/updateall/:token', updateAllDoc, updateAll);

    app.post('/api/cart/isCartAlreadyOrdered', doc('Whether an order was placed from this cart: result.body', anyObject), async (request) => {
      const body = parseBody(CartIdBodySchema, request.body, 'request');
      return ok(await service.alreadyOrdered(await syncOwner(request, body?.cartId ?? body?.cart_id)));
    });

    app.post('/api/cart/isCartUpdated', doc('When the cart last changed (ms) or "empty": result.body', anyObject), async (request) => {
      const body = parseBody(CartIdBodySchema, request.body, 'request');
      const since = body?.since;
      let sinceMs: number | null = null;
      if (since !== undefined && since !== null && since !== '') {
        sinceMs = Number(since);
        if (!Number.isSafeInteger(sinceMs) || sinceMs < 0) throw new DomainError('bad_request', 'since must be a time in milliseconds, as result.body answered it');
      }
      return ok(await service.lastUpdate(await syncOwner(request, body?.cart_id ?? body?.cartId), sinceMs));
    });
  };
}
