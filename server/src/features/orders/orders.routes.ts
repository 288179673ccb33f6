/**
 * POST /api/order { order } (spec 2 §7 "Order"): the compatibility call for clients that do not replicate. It writes
 * the same `orders` document a replication push would (confirmed: the call is the shopper's sending), so the order
 * is placed by the same step, once; a repeated call answers the stored outcome. The answer's code is the order's
 * result code (200, or 400/409/500 with the spec's message), as the spec's client reads it.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '@shop/shared';
import { orderMessage } from '@shop/shared/orders/index';
import { withoutClientResultFields } from '@shop/shared/sync/collections';
import { OrderDocSchema, OrderIdSchema, type OrderDoc } from '@shop/shared/sync/order.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { errorEnvelopeSchema } from '../../plugins/openapi.ts';
import { ownerHeaders, type Owners } from '../replication/owner.ts';
import { describeIssues } from '../replication/replication.protocol.ts';
import type { ReplicationRepository } from '../replication/replication.repository.ts';

const orderAnswer = {
  type: 'object',
  description: 'code: the order result code; result: {order_id, increment_id, totals, payment_required, ...} or {message, key}',
  properties: { code: { type: 'integer' }, result: { type: 'object', additionalProperties: true } },
  required: ['code', 'result'],
};

const BodySchema = z.object({ order: z.looseObject({ id: OrderIdSchema }) });

export function orderRoutes(deps: { replication: ReplicationRepository; owners: Owners; contactEmail: string }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(
      '/api/order',
      {
        schema: {
          tags: ['orders'],
          summary: 'Places an order document (the same as a replication push of a confirmed order); answers its result',
          querystring: {
            type: 'object',
            properties: { cartId: { type: 'string' }, token: { type: 'string', description: 'A customer access token (or send it as Authorization: Bearer)' } },
          },
          body: { type: 'object', properties: { order: { type: 'object', additionalProperties: true } }, required: ['order'] },
          response: { 200: orderAnswer, 400: orderAnswer, 401: errorEnvelopeSchema, 409: orderAnswer, 500: orderAnswer },
        },
      },
      async (request, reply) => {
        const { owner } = await deps.owners.resolve(request.query as Record<string, unknown>, ownerHeaders(request));
        const invalid = (details: string) =>
          new DomainError('bad_request', orderMessage('validationError', { email: deps.contactEmail }), { details });
        const body = BodySchema.safeParse(request.body);
        if (!body.success) throw invalid(describeIssues(body.error));
        const given = body.data.order;
        const candidate = OrderDocSchema.safeParse({ transmited: false, ...given, updatedAt: 0, writeId: 'api', confirmed: true });
        if (!candidate.success) throw invalid(describeIssues(candidate.error, 'order'));

        const written = await deps.replication.writeServerSide('orders', owner, candidate.data.id, async (current) => {
          const stored = current?.data as OrderDoc | undefined;
          if (stored && stored.transmited === true && stored.resultCode !== 500) return null;
          // A write of its own: the client's write id may already be in the log (a push of the same document).
          return { data: { ...withoutClientResultFields('orders', candidate.data, stored), writeId: `api:${randomUUID()}` } };
        });
        const order = (written ?? (await deps.replication.list('orders', owner)).find((doc) => doc.id === candidate.data.id)) as (OrderDoc & { _deleted: boolean }) | undefined;
        const code = order?.resultCode ?? 500;
        reply.status(code as 200 | 400 | 409 | 500);
        return { code, result: order?.result ?? { message: orderMessage('placingError') } };
      },
    );
  };
}
