/**
 * The shop's forms (spec 2 §7 queued calls; decision 043): contact, trade-in, custom forms, the invoice request and
 * send-invoice. Each public form checks, in this order: the store and language of its mails (`?storeCode=&language=`),
 * the body's shape, every field rule (400 `validation_failed` with `details.fields: [{ path, key, message }]`), then,
 * unless the task was answered already (a repeat needs no fresh captcha), the form throttle and the captcha
 * (`X-Captcha-Token`, always: spec 2 §4). The work then runs once per task id (`X-Task-Id`): the inbox row, its photos
 * and both mails in one transaction with the task's receipt; the mails leave after the commit.
 *
 * Every form answers `{ code: 200, result: { submission_id, message: 'inquiry submitted' } }`. The invoice request
 * answers the same whether the order exists; send-invoice answers 404 for another customer's order like for none.
 */
import { DomainError, type Language } from '@shop/shared';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { checkContact, CONTACT_FIELDS, ContactFormSchema } from '@shop/shared/forms/contact.schema';
import { checkCustomForm, customFormContact, CustomFormDefinitionSchema, CustomFormSubmissionSchema, customFormValues, FormSlugSchema, type CustomFormDefinition } from '@shop/shared/forms/custom-form.schema';
import { FORM_BODY_MAX_BYTES, hasErrors, textOf, type FieldErrors } from '@shop/shared/forms/form-fields';
import { checkInvoiceRequest, INVOICE_FIELDS, InvoiceRequestSchema, SendInvoiceSchema } from '@shop/shared/forms/invoice.schema';
import { checkTradeIn, TRADE_IN_FIELDS, TradeInFormSchema, yesNoOf } from '@shop/shared/forms/trade-in.schema';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { findReceipt, replay, taskIdOf, TASK_ID_HEADER, withTaskReceipt } from '../../plugins/task-receipts.ts';
import { CAPTCHA_HEADER, type Throttle } from '../../plugins/throttle.ts';
import type { Db } from '../../storage/database.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { publicFormGuard } from './public-form.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf, type MailLocale } from '../mail/mail-locale.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CustomerOf } from '../reviews/reviews.routes.ts';
import { labelledFields, type MailField } from './form-mails.ts';
import { validationFailed, type FormsService, type FormSubmission } from './forms.service.ts';
import { activeFormDefinition } from './inbox.repository.ts';

export interface FormsRoutesDeps {
  db: Db;
  forms: FormsService;
  mailer: Mailer;
  throttle: Throttle;
  /** FORM_RATE_WINDOW / FORM_RATE_MAX: sends per client address. */
  rate: AppConfig['accounts']['forms'];
  customerOf: CustomerOf;
  shipToCountries: readonly string[];
  now: () => number;
}

const answered = envelopeSchema({ type: 'object', properties: { submission_id: { type: 'integer' }, message: { type: 'string' } }, required: ['submission_id', 'message'] });
const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 413: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const headers = {
  type: 'object',
  properties: {
    [CAPTCHA_HEADER]: { type: 'string', description: 'A solved captcha (GET /api/captcha/challenge); every public form needs one' },
    [TASK_ID_HEADER]: { type: 'string', description: 'The sync task id: the same task sent again is answered with its first answer and stored once' },
  },
} as const;
const querystring = { type: 'object', properties: MAIL_LOCALE_QUERY } as const;

/** A form's body over FORM_BODY_MAX_BYTES: 413 with the field message key the page translates. */
export function tooLargeBody(key: 'formTooLarge' | 'uploadsTooLarge') {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    return reply.status(413).send(errorBody(413, 'bad_request', FIELD_MESSAGES[key], { key, fields: [] }));
  };
}

export function formsRoutes(deps: FormsRoutesDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.setErrorHandler(tooLargeBody('formTooLarge'));

    /** A bearer token names the customer (recorded with the form); an expired one does not stop a public form. */
    const customerOf = async (request: FastifyRequest): Promise<number | null> => deps.customerOf(request).catch(() => null);

    const admit = publicFormGuard(deps.throttle, deps.rate);
    const rule = deps.throttle.rule('forms', { max: deps.rate.max, windowSeconds: deps.rate.windowSeconds });

    /** Throttle and captcha of a public form; a task answered already is replayed without either. */
    async function guard(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const kept = await findReceipt(request, 'public');
      if (kept) {
        replay(reply, kept);
        return false;
      }
      await admit(request, reply);
      return true;
    }

    async function submitPublic(request: FastifyRequest, reply: FastifyReply, locale: MailLocale, build: (trx: Parameters<Parameters<typeof withTaskReceipt>[3]>[0]) => Promise<FormSubmission>): Promise<FastifyReply> {
      if (!(await guard(request, reply))) return reply;
      const context = { taskId: taskIdOf(request), locale, customerId: await customerOf(request) };
      const sent = await withTaskReceipt(request, reply, { scope: 'public', now: deps.now }, async (trx) => deps.forms.submit(trx, context, await build(trx)));
      void deps.mailer.flush();
      return sent;
    }

    function checked<Field extends string>(errors: FieldErrors<Field>, fields: readonly Field[]): void {
      if (hasErrors(errors)) throw validationFailed(errors, fields);
    }

    const text = (value: unknown): string | null => textOf(value as string).trim() || null;

    app.post(
      '/api/forms/contacts',
      { bodyLimit: FORM_BODY_MAX_BYTES, schema: { tags: ['forms'], summary: "The contact form: salutation, name, phone, e-mail, subject, message, contact preference; the shop and the shopper get a mail", querystring, headers, body: jsonSchema(ContactFormSchema), response: { 200: answered, ...refused } } },
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const form = parseBody(ContactFormSchema, request.body, 'contact form');
        checked(checkContact(form), CONTACT_FIELDS);
        const values = { ...form, name: text(form.name), email: text(form.email), phone: text(form.phone), message: textOf(form.message).trim() };
        return submitPublic(request, reply, locale, async () => ({
          kind: 'contact',
          name: values.name,
          email: values.email,
          phone: values.phone,
          data: { salutation: values.salutation, subject: values.subject, message: values.message, preference: values.preference },
          fields: labelledFields(values, CONTACT_FIELDS),
        }));
      },
    );

    app.post(
      '/api/forms/trade-in',
      { bodyLimit: FORM_BODY_MAX_BYTES, schema: { tags: ['forms'], summary: 'The trade-in form; photos: the ids of pictures uploaded first with PUT /api/uploads/:id under the same X-Task-Id', querystring, headers, body: jsonSchema(TradeInFormSchema), response: { 200: answered, ...refused } } },
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const form = parseBody(TradeInFormSchema, request.body, 'trade-in form');
        checked(checkTradeIn(form, new Date(deps.now())), TRADE_IN_FIELDS);
        const watch: Record<string, string | null> = {
          ...Object.fromEntries(['brand', 'brand_other', 'model', 'year', 'maintenance_year', 'desired_amount', 'intent', 'comments'].map((field) => [field, text(form[field as keyof typeof form])])),
          receipt: yesNoOf(form.receipt),
          warranty_card: yesNoOf(form.warranty_card),
          box: yesNoOf(form.box),
        };
        const photos = [...(form.photos ?? [])].map((id) => id.toLowerCase());
        const shown = { ...watch, brand: watch.brand === 'other' ? watch.brand_other : watch.brand, name: text(form.name), email: text(form.email), phone: text(form.phone) };
        return submitPublic(request, reply, locale, async () => ({
          kind: 'tradeIn',
          name: text(form.name),
          email: text(form.email),
          phone: text(form.phone),
          data: { ...watch, terms: true, photos },
          fields: labelledFields(shown, TRADE_IN_FIELDS),
          photos,
        }));
      },
    );

    async function definitionOf(slug: unknown): Promise<{ slug: string; definition: CustomFormDefinition; updated_at: number }> {
      const parsed = FormSlugSchema.safeParse(slug);
      const stored = parsed.success ? await activeFormDefinition(deps.db, parsed.data) : null;
      const definition = stored ? CustomFormDefinitionSchema.safeParse(safeJson(stored.definition)) : null;
      if (!parsed.success || !stored || !definition?.success) throw new DomainError('form_not_found', 'There is no form with this name', { status: 404 });
      return { slug: parsed.data, definition: definition.data, updated_at: stored.updated_at };
    }

    app.get(
      '/api/forms/definitions/:slug',
      { schema: { tags: ['forms'], summary: 'A custom form the shop defined: its title, fields (type, rule, labels in every language)', params: { type: 'object', properties: { slug: { type: 'string' } } }, response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }), 404: errorEnvelopeSchema } } },
      async (request) => {
        const { slug, definition, updated_at } = await definitionOf((request.params as { slug: string }).slug);
        return { code: 200, result: { slug, version: definition.version ?? updated_at, ...definition } };
      },
    );

    app.post(
      '/api/forms/customform/:slug',
      { bodyLimit: FORM_BODY_MAX_BYTES, schema: { tags: ['forms'], summary: "Sends a custom form: { values: { field: value } }, checked by the form's definition", params: { type: 'object', properties: { slug: { type: 'string' } } }, querystring, headers, body: jsonSchema(CustomFormSubmissionSchema), response: { 200: answered, ...refused } } },
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const { slug, definition, updated_at } = await definitionOf((request.params as { slug: string }).slug);
        const { values } = parseBody(CustomFormSubmissionSchema, request.body, 'form');
        checked(checkCustomForm(definition, values), definition.fields.map((field) => field.name));
        const kept = customFormValues(definition, values);
        const contact = customFormContact(definition, values);
        const fields: MailField[] = definition.fields
          .filter((field) => kept[field.name] !== '' && field.type !== 'checkbox')
          .map((field) => ({ label: field.label, value: field.type === 'select' ? (field.options?.find((option) => option.value === kept[field.name])?.label ?? String(kept[field.name])) : String(kept[field.name]) }));
        const phoneField = definition.fields.find((field) => field.rule === 'phone' || field.type === 'phone');
        return submitPublic(request, reply, locale, async () => ({
          kind: 'customForm',
          name: contact.name,
          email: contact.email,
          phone: phoneField ? text(kept[phoneField.name]) : null,
          data: { slug, version: definition.version ?? updated_at, values: kept },
          fields,
          title: definition.title,
          confirm: contact.email !== null,
        }));
      },
    );

    app.post(
      '/api/forms/invoice',
      { bodyLimit: FORM_BODY_MAX_BYTES, schema: { tags: ['forms'], summary: 'Asks for the invoice of an order by its number; the same answer whether the order exists', querystring, headers, body: jsonSchema(InvoiceRequestSchema), response: { 200: answered, ...refused } } },
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const form = parseBody(InvoiceRequestSchema, request.body, 'invoice request');
        checked(checkInvoiceRequest(form, deps.shipToCountries), INVOICE_FIELDS);
        const values = Object.fromEntries(INVOICE_FIELDS.map((field) => [field, text(form[field])])) as Record<(typeof INVOICE_FIELDS)[number], string | null>;
        values.country = values.country?.toUpperCase() ?? null;
        return submitPublic(request, reply, locale, async (trx) => {
          const match = await deps.forms.matchOrder(trx, values.order_number ?? '', values.email ?? '');
          const matched: Record<Language, string> = match ? { en: match.emailMatches ? 'Yes' : 'Yes, with another e-mail address', nl: match.emailMatches ? 'Ja' : 'Ja, met een ander e-mailadres', de: match.emailMatches ? 'Ja' : 'Ja, mit einer anderen E-Mail-Adresse' } : { en: 'No', nl: 'Nee', de: 'Nein' };
          return {
            kind: 'invoice',
            name: values.name,
            email: values.email,
            phone: null,
            data: { ...values, name: undefined, email: undefined, order_email_matches: match?.emailMatches ?? false },
            matchedOrder: match?.orderId ?? null,
            fields: [...labelledFields(values, INVOICE_FIELDS), { label: { en: 'Order found', nl: 'Bestelling gevonden', de: 'Bestellung gefunden' }, value: matched }],
            // The shopper's copy never says whether the number is an order of the shop's.
          };
        });
      },
    );

    app.post(
      '/api/forms/send-invoice',
      { bodyLimit: FORM_BODY_MAX_BYTES, schema: { tags: ['forms'], summary: "Mails the logged-in customer the invoice of one of their orders (order_id: its id or number); another's order answers 404", querystring, headers, body: jsonSchema(SendInvoiceSchema), response: { 200: answered, ...refused } } },
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const { order_id } = parseBody(SendInvoiceSchema, request.body, 'request');
        const customerId = await deps.customerOf(request);
        if (customerId === null) throw new DomainError('unauthorized', 'You need to be logged in to see this page', { status: 401 });
        const scope = `customer:${customerId}` as const;
        const kept = await findReceipt(request, scope);
        if (kept) return replay(reply, kept);
        deps.throttle.refuseWhileWaiting(reply, await rule.peek(request));
        await rule.hit(request);
        const sent = await withTaskReceipt(request, reply, { scope, now: deps.now }, (trx) => deps.forms.sendInvoice(trx, { taskId: taskIdOf(request), locale, customerId }, order_id.trim()));
        void deps.mailer.flush();
        return sent;
      },
    );
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
