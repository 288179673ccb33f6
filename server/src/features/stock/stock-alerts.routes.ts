/**
 * The stock alert calls (issue 19): a logged-in customer subscribes to a piece (POST /api/stock/alerts, a queued call:
 * sent again under its X-Task-Id it subscribes once), lists their alerts (GET) and removes one (DELETE, also queued).
 * Every call needs the customer's bearer token; an alert of another customer is not found, exactly like a missing one.
 */
import { DomainError, StockAlertSchema, StockAlertSubscribeSchema } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { TASK_ID_HEADER_DOC } from '../../plugins/queued-route.ts';
import { findReceipt, replay, withTaskReceipt } from '../../plugins/task-receipts.ts';
import type { Throttle } from '../../plugins/throttle.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf } from '../mail/mail-locale.ts';
import type { CustomerOf } from '../reviews/reviews.routes.ts';
import type { StockAlerts } from './stock-alerts.ts';

export const STOCK_ALERT_LOGIN_MESSAGE = 'Log in to be notified about this piece';

/** Subscriptions one customer may send from one address within an hour; past it they wait (429). */
export const STOCK_ALERT_RATE = { max: 60, windowSeconds: 3600 };

const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export function stockAlertRoutes(deps: { alerts: StockAlerts; customerOf: CustomerOf; throttle?: Throttle; now?: () => number }) {
  const rule = deps.throttle?.rule('stock-alert', STOCK_ALERT_RATE);

  async function customer(request: FastifyRequest): Promise<number> {
    const id = await deps.customerOf(request);
    if (id === null) throw new DomainError('unauthorized', STOCK_ALERT_LOGIN_MESSAGE, { status: 401 });
    return id;
  }

  function alertId(params: unknown): number {
    const value = (params as { id?: unknown }).id;
    if (typeof value !== 'string' || !/^\d{1,12}$/.test(value) || Number(value) < 1) throw new DomainError('bad_request', 'The alert id is a whole number, e.g. /api/stock/alerts/12');
    return Number(value);
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(
      '/api/stock/alerts',
      {
        schema: {
          tags: ['stock'],
          summary: 'Subscribes the logged-in customer to one mail when a piece is back in stock (kind back_in_stock) or its price drops below the price now (price_drop); the same pending alert again answers the first',
          querystring: { type: 'object', properties: MAIL_LOCALE_QUERY },
          headers: { type: 'object', properties: { ...TASK_ID_HEADER_DOC } },
          body: jsonSchema(StockAlertSubscribeSchema),
          response: { 200: envelopeSchema(jsonSchema(StockAlertSchema)), ...refused },
        },
      },
      async (request, reply: FastifyReply) => {
        const customerId = await customer(request);
        const input = parseBody(StockAlertSubscribeSchema, request.body, 'alert');
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const scope = `customer:${customerId}` as const;
        const kept = await findReceipt(request, scope);
        if (kept) return replay(reply, kept);
        if (rule) {
          const state = await rule.hit(request, String(customerId));
          deps.throttle!.refuseWhileWaiting(reply, state);
        }
        const sent = await withTaskReceipt(request, reply, { scope, ...(deps.now ? { now: deps.now } : {}) }, async (trx) => ({
          status: 200,
          body: { code: 200, result: await deps.alerts.subscribe(trx, customerId, input, locale) },
        }));
        // A piece already back by the time the request arrived (sent late from an offline queue) is mailed now, after
        // the answer (withTaskReceipt sent it once the alert committed).
        void deps.alerts.notifyDueQuietly([input.sku]);
        return sent;
      },
    );

    app.get(
      '/api/stock/alerts',
      {
        schema: {
          tags: ['stock'],
          summary: "The logged-in customer's stock alerts, newest first, pending and notified (bearer token)",
          response: { 200: envelopeSchema({ type: 'array', items: jsonSchema(StockAlertSchema) }), ...refused },
        },
      },
      async (request, reply) => {
        const customerId = await customer(request);
        reply.header('cache-control', 'no-store');
        return { code: 200, result: await deps.alerts.list(customerId) };
      },
    );

    app.delete(
      '/api/stock/alerts/:id',
      {
        schema: {
          tags: ['stock'],
          summary: "Removes one of the logged-in customer's alerts; another customer's alert is not found (404) like a missing one",
          params: { type: 'object', properties: { id: { type: 'string', description: 'The alert id' } }, required: ['id'] },
          headers: { type: 'object', properties: { ...TASK_ID_HEADER_DOC } },
          response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }), ...refused },
        },
      },
      async (request, reply) => {
        const customerId = await customer(request);
        const id = alertId(request.params);
        return withTaskReceipt(request, reply, { scope: `customer:${customerId}`, ...(deps.now ? { now: deps.now } : {}) }, async (trx) => {
          await deps.alerts.remove(customerId, id, trx);
          return { status: 200, body: { code: 200, result: { id } } };
        });
      },
    );
  };
}
