/**
 * The 'Payment service 1' calls of spec 2 §7 under the configured base (default /api/payment), each with ?store=
 * (default nl when empty): GET /payment-methods, GET /fetch-issuers, POST /post-payment, POST /order-comments,
 * POST /get-payment-status; and POST /notifications/:provider where the provider's notifications arrive (their raw
 * body is kept: MultiSafepay's signature covers the exact bytes).
 *
 * The three order calls prove whose order it is (order-proof.ts): `Authorization: Bearer` of the order's customer,
 * `X-Order-Token` or `X-Order-Hash`. Without a proof they answer as for an order that does not exist.
 */
import { DEFAULT_STORE, DomainError, isStoreCode, type StoreCode } from '@shop/shared';
import { OrderCommentBodySchema, PaymentStatusBodySchema, PostPaymentBodySchema } from '@shop/shared/payments/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { parseJsonBody } from '../../plugins/json-body.ts';
import { parseBody } from '../cart/cart.schema.ts';
import type { CustomerOwnerResolver } from '../replication/owner.ts';
import { orderProofOf } from './order-proof.ts';
import { NOTIFICATION_REFUSED, type PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

type Query = Record<string, unknown>;

/** The store code of a payment call: empty means nl (spec 2 §9). */
export function paymentStore(query: Query): StoreCode {
  const value = query.store;
  if (value === undefined || value === '') return DEFAULT_STORE;
  if (!isStoreCode(value)) throw new DomainError('bad_request', `Unknown store code ${String(value).slice(0, 20)}; use nl or en`);
  return value;
}

const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 502: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const listSchema = envelopeSchema({ type: 'object', properties: { data: { type: 'array', items: { type: 'object' } } }, required: ['data'] });

/** The proof headers the order calls take (documented in the OpenAPI description). */
const proofHeaders = {
  type: 'object',
  properties: {
    authorization: { type: 'string', description: "Bearer <access token> of the order's customer" },
    'x-order-token': { type: 'string', description: "The order's token (from the order's result or its order-status link)" },
    'x-order-hash': { type: 'string', description: "The hash of the order's order-status link" },
  },
};

export function paymentRoutes(payments: PaymentsService, options: { basePath: string; customerOwner: CustomerOwnerResolver }) {
  const base = options.basePath;
  const proof = (headers: Parameters<typeof orderProofOf>[0]) => orderProofOf(headers, options.customerOwner);
  return async function routes(app: FastifyInstance): Promise<void> {
    // Inside this plugin only: JSON and form bodies keep their raw text for the notification checks.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 262_144 }, (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJsonBody(text));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (request, body, done) => {
      request.rawBody = body as string;
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(`${base}/payment-methods`, { schema: { tags: ['payments'], summary: "The payment service's methods: data[] with id and description", response: { 200: listSchema, ...refused } } }, async (request) => {
      paymentStore(request.query as Query);
      return { code: 200, result: { data: await payments.methods() } };
    });

    app.get(`${base}/fetch-issuers`, { schema: { tags: ['payments'], summary: 'The issuers of a method (default ideal): data[] with description and code; empty when none is needed', response: { 200: listSchema, ...refused } } }, async (request) => {
      const query = request.query as Query;
      paymentStore(query);
      const method = typeof query.method === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(query.method) ? query.method : 'ideal';
      return { code: 200, result: { data: await payments.issuers(method) } };
    });

    app.post(
      `${base}/post-payment`,
      { schema: { tags: ['payments'], summary: "Creates the order's payment once; a repeated call answers the same gateway address. Needs the order's proof (bearer, X-Order-Token or X-Order-Hash)", headers: proofHeaders, body: jsonSchema(PostPaymentBodySchema), response: { 200: envelopeSchema({ type: 'object' }), ...refused } } },
      async (request) => {
        paymentStore(request.query as Query);
        const body = parseBody(PostPaymentBodySchema, request.body, 'payment');
        return { code: 200, result: await payments.createPayment(body, await proof(request.headers)) };
      },
    );

    app.post(
      `${base}/order-comments`,
      { schema: { tags: ['payments'], summary: "Records a payment-flow comment once, as a note on the order (it changes no status). Needs the order's proof", headers: proofHeaders, body: jsonSchema(OrderCommentBodySchema), response: { 200: envelopeSchema({ type: 'string' }), ...refused } } },
      async (request) => {
        paymentStore(request.query as Query);
        await payments.clientComment(parseBody(OrderCommentBodySchema, request.body, 'order comment'), await proof(request.headers));
        return { code: 200, result: 'ok' };
      },
    );

    app.post(
      `${base}/get-payment-status`,
      { schema: { tags: ['payments'], summary: "The payment's status as the provider answers it now, and its group. Needs the order's proof", headers: proofHeaders, body: jsonSchema(PaymentStatusBodySchema), response: { 200: envelopeSchema({ type: 'object' }), ...refused } } },
      async (request) => {
        paymentStore(request.query as Query);
        const { order_id: orderId } = parseBody(PaymentStatusBodySchema, request.body, 'payment status request');
        return { code: 200, result: await payments.paymentStatus(orderId, await proof(request.headers)) };
      },
    );

    app.post(`${base}/notifications/:provider`, { schema: { tags: ['payments'], summary: "A payment provider's notification: verified, then the payment is fetched from the provider" } }, async (request, reply) => {
      const { provider } = request.params as { provider: string };
      if (provider !== payments.provider.name) throw new DomainError('not_found', `Route POST ${request.url.split('?')[0]} not found`, { status: 404 });
      const genuine = await payments.notification({ rawBody: request.rawBody ?? '', headers: request.headers, query: request.query as Query });
      if (!genuine) throw new DomainError('forbidden', NOTIFICATION_REFUSED, { status: 403 });
      const answer = payments.provider.notificationAnswer;
      if (answer) return reply.type('text/plain').send(answer);
      return { code: 200, result: 'ok' };
    });
  };
}
