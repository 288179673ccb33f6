/**
 * Boutiques and appointments (issue 17 §8): GET /api/boutiques?store= (the store locator and the appointment form:
 * boutiques with their hours), GET /api/boutiques/:id/slots?from=&days= (free slots), POST /api/forms/appointment
 * (a queued booking: X-Task-Id, captcha, exactly once), and the operator's PUT /api/admin/boutiques/:id
 * (ADMIN_TOKEN).
 */
import { DomainError, isStoreCode, type StoreCode } from '@shop/shared';
import { AppointmentBodySchema, AppointmentResultSchema, BOUTIQUE_ID, BoutiqueInputSchema, BoutiqueSchema, BoutiqueSlotsSchema } from '@shop/shared/forms/appointment.schema';
import { FORM_BODY_MAX_BYTES } from '@shop/shared/forms/form-fields';
import { isTimeZone } from '@shop/shared/forms/slots';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { findReceipt, replay, taskIdOf, TASK_ID_HEADER, withTaskReceipt } from '../../plugins/task-receipts.ts';
import { CAPTCHA_HEADER } from '../../plugins/throttle.ts';
import { adminGuard } from '../admin/admin-guard.ts';
import { tooLargeBody } from '../forms/forms.routes.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf } from '../mail/mail-locale.ts';
import type { AppointmentBook } from './appointments.ts';
import type { BoutiquesRepository } from './boutiques.repository.ts';

type Query = Record<string, unknown>;
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** JSON bodies of a form are small: a booking is well under 64 KiB. */
const refused = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 413: errorEnvelopeSchema, 429: errorEnvelopeSchema };

function storeOf(query: Query): StoreCode | undefined {
  const store = query.store;
  if (store === undefined || store === '') return undefined;
  if (!isStoreCode(store)) throw new DomainError('bad_request', 'store must be a store code such as nl or en');
  return store;
}

function boutiqueIdOf(params: unknown): string {
  const id = (params as { id: string }).id;
  if (!BOUTIQUE_ID.test(id)) throw new DomainError('bad_request', 'A boutique id is 1 to 63 lower-case letters, digits and hyphens');
  return id;
}

export function boutiqueRoutes(deps: {
  boutiques: BoutiquesRepository;
  book: AppointmentBook;
  guard: Guard;
  /** The customer of a valid bearer token (recorded with the booking), null otherwise. */
  customerOf: (request: FastifyRequest) => Promise<number | null>;
  adminToken: string | null;
  log?: { error(object: unknown, message: string): void };
}) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // A booking over FORM_BODY_MAX_BYTES is refused like every form: 413 with the message key the page translates.
    app.setErrorHandler(tooLargeBody('formTooLarge'));
    app.get(
      '/api/boutiques',
      {
        schema: {
          tags: ['forms'],
          summary: 'The boutiques taking appointments, with address and opening hours (?store= those of one store)',
          querystring: { type: 'object', properties: { store: { type: 'string', description: 'nl or en' } } },
          response: { 200: envelopeSchema({ type: 'array', items: jsonSchema(BoutiqueSchema) }), 400: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const store = storeOf(request.query as Query);
        const boutiques = await deps.boutiques.list(store ? { store } : {});
        return { code: 200, result: boutiques.map(({ active: _active, ...boutique }) => boutique) };
      },
    );

    app.get(
      '/api/boutiques/:id/slots',
      {
        schema: {
          tags: ['forms'],
          summary: "A boutique's free appointment slots, day by day (?from=YYYY-MM-DD, today by default; ?days=1..31, 14 by default)",
          querystring: { type: 'object', properties: { from: { type: 'string' }, days: { type: 'string' } } },
          response: { 200: envelopeSchema(jsonSchema(BoutiqueSlotsSchema)), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { code: 200, result: await deps.book.slots(boutiqueIdOf(request.params), request.query as Query) };
      },
    );

    app.post(
      '/api/forms/appointment',
      {
        bodyLimit: FORM_BODY_MAX_BYTES,
        schema: {
          tags: ['forms'],
          summary:
            "Books an appointment (a queued task: X-Task-Id makes it once; the captcha is required). 400 validation_failed names fields with message keys (slotUnavailable: the boutique does not offer the slot); 409 slot_taken: someone else just booked it",
          querystring: { type: 'object', properties: MAIL_LOCALE_QUERY },
          headers: {
            type: 'object',
            properties: {
              [CAPTCHA_HEADER]: { type: 'string', description: 'A solved captcha (not needed to repeat an answered task)' },
              [TASK_ID_HEADER]: { type: 'string', description: 'The sync task id: a repeat gets the first answer' },
            },
          },
          body: jsonSchema(AppointmentBodySchema),
          response: { 200: envelopeSchema(jsonSchema(AppointmentResultSchema)), ...refused },
        },
      },
      async (request, reply) => {
        const kept = await findReceipt(request, 'public');
        if (kept) return replay(reply, kept);
        const locale = mailLocaleOf(request.query as Query);
        const body = parseBody(AppointmentBodySchema, request.body, 'appointment');
        const booking = await deps.book.check(body, locale.store);
        await deps.guard(request, reply);
        const customerId = await deps.customerOf(request);
        const context = { taskId: taskIdOf(request), store: locale.store, language: locale.language, customerId };
        const sent = await withTaskReceipt(request, reply, { scope: 'public' }, (trx) => deps.book.book(trx, booking, context));
        await request.server.mailer.flush().catch((error: unknown) => deps.log?.error({ err: error }, 'the appointment mails could not be started'));
        return sent;
      },
    );

    await app.register(async (admin) => {
      admin.addHook('onRequest', adminGuard(deps.adminToken));
      admin.put(
        '/api/admin/boutiques/:id',
        {
          schema: {
            tags: ['admin'],
            summary: 'Creates or replaces a boutique (address, time zone, opening hours); Authorization: Bearer ADMIN_TOKEN',
            body: jsonSchema(BoutiqueInputSchema),
            response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }), 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
          },
        },
        async (request) => {
          const id = boutiqueIdOf(request.params);
          const input = parseBody(BoutiqueInputSchema, request.body, 'boutique');
          if (!isTimeZone(input.timezone)) throw new DomainError('bad_request', `Invalid boutique: timezone ${input.timezone} is not a time zone such as Europe/Amsterdam`);
          const { created, boutique } = await deps.boutiques.upsert(id, input);
          return { code: 200, result: { created, boutique } };
        },
      );
    });
  };
}
