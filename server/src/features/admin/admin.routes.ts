/** The shop operator's review moderation over HTTP: the queue by status, approve and reject (ADMIN_TOKEN bearer). */
import { DomainError } from '@shop/shared';
import { REVIEW_STATUS, type ReviewStatus } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { ReviewsRepository } from '../reviews/reviews.repository.ts';
import { adminGuard } from './admin-guard.ts';

const STATUSES: Record<string, ReviewStatus> = { '1': 1, '2': 2, '3': 3, approved: 1, pending: 2, rejected: 3 };
const LIMIT = 1000;

function reviewId(params: unknown): number {
  const id = (params as { id: string }).id;
  if (!/^\d{1,12}$/.test(id)) throw new DomainError('bad_request', 'The review id must be a whole number');
  return Number(id);
}

const anyObject = { type: 'object', additionalProperties: true };
const refused = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export function adminRoutes(deps: { reviews: ReviewsRepository; adminToken: string | null }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', adminGuard(deps.adminToken));

    app.get(
      '/api/admin/reviews',
      { schema: { tags: ['admin'], summary: 'Reviews in one status (?status=2 pending by default; 1 approved, 3 rejected), oldest first; Authorization: Bearer ADMIN_TOKEN', response: { 200: envelopeSchema({ type: 'array', items: anyObject }), ...refused } } },
      async (request) => {
        const given = (request.query as Record<string, unknown>).status;
        const status = given === undefined ? REVIEW_STATUS.pending : typeof given === 'string' ? STATUSES[given] : undefined;
        if (!status) throw new DomainError('bad_request', 'status must be 1 (approved), 2 (pending) or 3 (rejected)');
        return { code: 200, result: await deps.reviews.withStatus(status, LIMIT) };
      },
    );

    for (const [action, status] of [['approve', REVIEW_STATUS.approved], ['reject', REVIEW_STATUS.rejected]] as const) {
      app.post(
        `/api/admin/reviews/:id/${action}`,
        { schema: { tags: ['admin'], summary: `${action === 'approve' ? 'Approves' : 'Rejects'} a review`, response: { 200: envelopeSchema(anyObject), ...refused } } },
        async (request) => {
          const review = await deps.reviews.setStatus(reviewId(request.params), status);
          if (!review) throw new DomainError('not_found', 'There is no review with this id', { status: 404 });
          return { code: 200, result: review };
        },
      );
    }
  };
}
