/**
 * The review calls: POST /api/review/create (spec 2 §7; a logged-in customer is recorded as the author), GET
 * /api/review/list?product_id= (approved reviews only, spec 2 §3) and GET /api/review/mine (the customer's own, in
 * every status). New reviews wait as pending until the shop operator approves them (CLI or admin calls). A review is
 * a queued call (task-receipts.ts): sent again under its X-Task-Id, it is stored once.
 */
import { DEFAULT_STORE, DomainError, isStoreCode } from '@shop/shared';
import { ReviewCreateBodySchema, ReviewListSchema, reviewScores, ReviewSchema } from '@shop/shared/content/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { TASK_ID_HEADER_DOC } from '../../plugins/queued-route.ts';
import { findReceipt, replay, withTaskReceipt, type TaskScope } from '../../plugins/task-receipts.ts';
import { CAPTCHA_HEADER } from '../../plugins/throttle.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { bearerToken } from '../replication/owner.ts';
import type { ReviewsRepository } from './reviews.repository.ts';

/**
 * The customer a request is made by: their id with a valid bearer token, null without a token; a token that is not
 * valid (expired, revoked) throws a 401, so the client's token lock refreshes it.
 */
export type CustomerOf = (request: FastifyRequest) => Promise<number | null>;

/** Nobody is logged in (a shop without accounts; tests). */
export const noCustomers: CustomerOf = async () => null;

/** The customer of the bearer token (or `?token=` when the shop accepts tokens in the address), via accounts. */
export function customerFromToken(identify: (token: string) => Promise<{ customerId: number }>, options: { tokenInUrl: boolean }): CustomerOf {
  return async (request) => {
    const query = request.query as Query;
    const token = bearerToken(request.headers.authorization) || (options.tokenInUrl && typeof query.token === 'string' ? query.token.trim() : '');
    if (!token) return null;
    return (await identify(token)).customerId;
  };
}

const LIST_LIMIT = 10_000; // spec 2 §9: reviews are read up to 10000 at a time
const MINE_LIMIT = 1000;

type Query = Record<string, unknown>;

function productIdOf(query: Query): number {
  const value = query.product_id;
  if (typeof value !== 'string' || !/^\d{1,12}$/.test(value.trim()) || Number(value) < 1) throw new DomainError('bad_request', 'product_id must be a product id, e.g. ?product_id=42');
  return Number(value);
}

const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** Counts a review against its address (the form throttle): the captcha step when due, a 429 past the limit. */
export type ReviewThrottle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function reviewRoutes(deps: { reviews: ReviewsRepository; customerOf: CustomerOf; throttle?: ReviewThrottle; now?: () => number }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(
      '/api/review/create',
      {
        schema: {
          tags: ['content'],
          summary: 'Submits a review for moderation; it is listed once approved (result.review_status 2 = pending). Its score: rating (1-5 stars), ratings ([{ percent }], 1-100) or both when they name the same stars',
          body: jsonSchema(ReviewCreateBodySchema),
          headers: { type: 'object', properties: { [CAPTCHA_HEADER]: { type: 'string', description: 'A solved captcha, when a 403 captcha_required asked for one' }, ...TASK_ID_HEADER_DOC } },
          response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'integer' }, review_status: { type: 'integer' } } }), ...refused },
        },
      },
      async (request, reply) => {
        const { review } = parseBody(ReviewCreateBodySchema, request.body, 'review');
        const customerId = await deps.customerOf(request);
        // A queued call: a task sent again is answered from its receipt before the throttle counts it or asks for a
        // captcha; a logged-in author's receipt is theirs alone.
        const scope: TaskScope = customerId === null ? 'public' : `customer:${customerId}`;
        const kept = await findReceipt(request, scope);
        if (kept) return replay(reply, kept);
        await deps.throttle?.(request, reply);
        if (!(await deps.reviews.productExists(review.product_id))) throw new DomainError('bad_request', `There is no product with id ${review.product_id}`);
        const storeCode = (request.query as Query).storeCode;
        const store = isStoreCode(storeCode) ? storeCode : DEFAULT_STORE;
        return withTaskReceipt(request, reply, { scope, ...(deps.now ? { now: deps.now } : {}) }, async (trx) => {
          const created = await deps.reviews.create({ ...review, ...reviewScores(review) }, { customerId, store }, trx);
          return { status: 200, body: { code: 200, result: { id: created.id, review_status: created.review_status } } };
        });
      },
    );

    app.get(
      '/api/review/list',
      { schema: { tags: ['content'], summary: 'The approved reviews of a product with their count and average rating', response: { 200: envelopeSchema(jsonSchema(ReviewListSchema)), ...refused } } },
      async (request) => ({ code: 200, result: await deps.reviews.approved(productIdOf(request.query as Query), LIST_LIMIT) }),
    );

    app.get(
      '/api/review/mine',
      { schema: { tags: ['content'], summary: "The logged-in customer's own reviews with their status (bearer token)", response: { 200: envelopeSchema({ type: 'array', items: jsonSchema(ReviewSchema) }), ...refused } } },
      async (request) => {
        const customerId = await deps.customerOf(request);
        if (customerId === null) throw new DomainError('unauthorized', 'You need to be logged in to see this page', { status: 401 });
        return { code: 200, result: await deps.reviews.byCustomer(customerId, MINE_LIMIT) };
      },
    );
  };
}
