/**
 * The work of the shop's forms, inside the transaction of the task receipt (plugins/task-receipts.ts): the inbox row,
 * the photos linked to it, the shop's notification and the shopper's confirmation queued in the outbox. Everything
 * here uses only `trx` (on SQLite the database has one connection); the routes check the fields, the captcha and the
 * throttle before, and flush the outbox after the commit.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type Language } from '@shop/shared';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { fieldErrorList, INQUIRY_SUBMITTED, type FieldErrors } from '@shop/shared/forms/form-fields';
import type { OrderTotals } from '@shop/shared/orders/index';
import type { Trx } from '../../storage/database.ts';
import type { MailLocale } from '../mail/mail-locale.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { withOrderTablesTrx } from '../orders/orders.tables.ts';
import { invoiceMail, shopNotificationMail, shopperConfirmationMail, type FormMailValues, type MailField } from './form-mails.ts';
import { insertSubmission, linkUploads, type SubmissionKind } from './inbox.repository.ts';

export interface FormsServiceOptions {
  mailer: Mailer;
  /** Where and in which language the shop hears of a new submission (FORMS_NOTIFY_TO, FORMS_NOTIFY_LANGUAGE). */
  notify: { to: string; language: Language };
  bankAccount: { account_holder: string; iban: string; bic: string };
  now: () => number;
}

/** Who sent a form and how: its task id (or one made here), the shopper's store and language, the customer if any. */
export interface FormContext {
  taskId: string | null;
  locale: MailLocale;
  customerId: number | null;
}

/** A form ready to store: the personal columns apart, the rest as `data`, the mail's labelled fields. */
export interface FormSubmission {
  kind: SubmissionKind;
  name: string | null;
  email: string | null;
  phone: string | null;
  data: Record<string, unknown>;
  fields: readonly MailField[];
  title?: FormMailValues['title'];
  photos?: readonly string[];
  matchedOrder?: string | null;
  /** False: no confirmation to the shopper (a form without an e-mail field). */
  confirm?: boolean;
  attachments?: OutgoingMail['attachments'];
}

/** The answer of every form (spec 2 §7 'inquiry submitted'). */
export interface FormAnswer {
  status: 200;
  body: { code: 200; result: { submission_id: number; message: typeof INQUIRY_SUBMITTED } };
}

/** 400 `validation_failed` with each wrong field's message key (`details.fields`), which the page shows on the field. */
export function validationFailed<Field extends string>(errors: FieldErrors<Field>, fields: readonly Field[]): DomainError {
  const list = fieldErrorList(errors, fields);
  return new DomainError('validation_failed', list.map((field) => `${field.path}: ${field.message}`).join('; '), { details: { fields: list } });
}

export function uploadMissing(): DomainError {
  return new DomainError('upload_missing', FIELD_MESSAGES.uploadMissing, { details: { fields: [{ path: 'photos', key: 'uploadMissing', message: FIELD_MESSAGES.uploadMissing }] } });
}

export class FormsService {
  constructor(private readonly options: FormsServiceOptions) {}

  /** Stores a form with its photos and queues both mails; answers 'inquiry submitted'. */
  async submit(trx: Trx, context: FormContext, form: FormSubmission): Promise<FormAnswer> {
    const now = this.options.now();
    // Without X-Task-Id the form is stored once per request (nothing can repeat it safely): a task id of its own.
    const taskId = context.taskId ?? `server:${randomUUID()}`;
    const submissionId = await insertSubmission(
      trx,
      { kind: form.kind, taskId, store: context.locale.store, language: context.locale.language, customerId: context.customerId, name: form.name, email: form.email, phone: form.phone, data: form.data, matchedOrder: form.matchedOrder ?? null },
      now,
    );
    const photos = form.photos ?? [];
    if (!(await linkUploads(trx, submissionId, taskId, photos))) throw uploadMissing();
    const mail: FormMailValues = { kind: form.kind, submissionId, fields: form.fields, photoCount: photos.length, ...(form.title ? { title: form.title } : {}), ...(form.attachments ? { attachments: form.attachments } : {}) };
    await this.options.mailer.queue(trx, shopNotificationMail(this.options.notify.to, this.options.notify.language, mail));
    if (form.email && form.confirm !== false) await this.options.mailer.queue(trx, shopperConfirmationMail(form.email, context.locale.language, form.name, mail));
    return { status: 200, body: { code: 200, result: { submission_id: submissionId, message: INQUIRY_SUBMITTED } } };
  }

  /** The order an invoice request names, if it is one of the shop's: its id, and whether the e-mail is the order's. */
  async matchOrder(trx: Trx, orderNumber: string, email: string): Promise<{ orderId: string; emailMatches: boolean } | null> {
    const order = await withOrderTablesTrx(trx).selectFrom('orders').select(['id', 'customer_email']).where('increment_id', '=', orderNumber.trim()).executeTakeFirst();
    return order ? { orderId: order.id, emailMatches: order.customer_email.trim().toLowerCase() === email.trim().toLowerCase() } : null;
  }

  /**
   * Mails a customer the invoice of one of their own orders (by its id or its number). Another customer's order
   * answers 404 like a missing one: nobody learns which orders exist.
   */
  async sendInvoice(trx: Trx, context: FormContext & { customerId: number }, orderRef: string): Promise<FormAnswer> {
    const orders = withOrderTablesTrx(trx);
    const owner = `customer:${context.customerId}`;
    const order = await orders
      .selectFrom('orders')
      .selectAll()
      .where('owner', '=', owner)
      .where((eb) => eb.or([eb('id', '=', orderRef), eb('increment_id', '=', orderRef)]))
      .executeTakeFirst();
    if (!order) throw new DomainError('not_found', 'There is no order with this id', { status: 404 });
    const items = await orders.selectFrom('order_items').select(['name', 'sku', 'qty', 'row_total_incl_tax', 'tax_percent']).where('order_id', '=', order.id).orderBy('position').execute();
    const totals = JSON.parse(order.totals) as OrderTotals;
    const addresses = JSON.parse(order.addresses) as { billing?: Record<string, string> };
    const mail = invoiceMail(context.locale.language, {
      to: order.customer_email,
      incrementId: order.increment_id,
      placedAt: Number(order.created_at),
      currency: order.currency,
      items: items.map((item) => ({ ...item, qty: Number(item.qty), row_total_incl_tax: Number(item.row_total_incl_tax), tax_percent: Number(item.tax_percent) })),
      totals,
      billing: addresses.billing ?? {},
      bank: this.options.bankAccount,
    });
    const now = this.options.now();
    const submissionId = await insertSubmission(
      trx,
      { kind: 'sendInvoice', taskId: context.taskId ?? `server:${randomUUID()}`, store: context.locale.store, language: context.locale.language, customerId: context.customerId, name: null, email: order.customer_email, phone: null, data: { order_number: order.increment_id }, matchedOrder: order.id },
      now,
    );
    await this.options.mailer.queue(trx, mail);
    return { status: 200, body: { code: 200, result: { submission_id: submissionId, message: INQUIRY_SUBMITTED } } };
  }
}
