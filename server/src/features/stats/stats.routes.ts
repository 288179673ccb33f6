/**
 * `POST /api/stats/log` (issue 17, "stats log"): the shop's statistics, sent by the browser as silent queued tasks (a
 * product viewed, a search, a form opened). Public, write-only: it answers nothing but that the event was logged.
 * A queued call (task-receipts.ts): the event and its receipt are stored in one transaction, so a task sent again
 * under its X-Task-Id is logged once. The body is small (2 KiB) and each address may log a few events a second
 * (`STATS_RATE`); past that it is told to wait (429), which a silent task shows nobody.
 */
import { isStoreCode } from '@shop/shared';
import { STATS_BODY_LIMIT, StatsLogBodySchema } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { TASK_ID_HEADER_DOC } from '../../plugins/queued-route.ts';
import { findReceipt, replay, withTaskReceipt } from '../../plugins/task-receipts.ts';
import type { Throttle } from '../../plugins/throttle.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { recordStatsEvent } from './stats.repository.ts';

export const STATS_PATH = '/api/stats/log';
/** Events per client address: 300 a minute, far above a shopper's clicks, far below a flood. */
export const STATS_RATE = { max: 300, windowSeconds: 60 };

export function statsRoutes(deps: { throttle: Throttle; now: () => number }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const rule = deps.throttle.rule('stats', STATS_RATE);
    app.post(
      STATS_PATH,
      {
        bodyLimit: STATS_BODY_LIMIT,
        schema: {
          tags: ['content'],
          summary: `Logs a statistics event (product_view with sku, search with term, form_view); a silent queued task, ${STATS_BODY_LIMIT} bytes at most`,
          querystring: { type: 'object', properties: { storeCode: { type: 'string', description: 'The store the event happened in' } } },
          headers: { type: 'object', properties: TASK_ID_HEADER_DOC },
          body: jsonSchema(StatsLogBodySchema),
          response: {
            200: envelopeSchema({ type: 'object', properties: { logged: { type: 'boolean' } }, required: ['logged'] }),
            400: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const body = parseBody(StatsLogBodySchema, request.body, 'statistics event');
        const kept = await findReceipt(request, 'public');
        if (kept) return replay(reply, kept);
        deps.throttle.refuseWhileWaiting(reply, await rule.peek(request));
        await rule.hit(request);
        const storeCode = (request.query as Record<string, unknown>).storeCode;
        const store = isStoreCode(storeCode) ? storeCode : null;
        return withTaskReceipt(request, reply, { scope: 'public', now: deps.now }, async (trx) => {
          await recordStatsEvent(trx, body, { store, now: deps.now() });
          return { status: 200, body: { code: 200, result: { logged: true } } };
        });
      },
    );
  };
}
