/**
 * The shop's forms over HTTP, on the engine under test: each form stored once per task id with both mails (the
 * shopper's in their language), every field rule answered with its key, the captcha and the throttle, a body over
 * 64 KiB, and send-invoice only for the customer's own order.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { solvePow } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { customerBody, PASSWORD } from '../accounts/accounts.test-support.ts';
import { orderCatalogue } from '../orders/orders.test-support.ts';
import { buildTestApp, TEST_NOW } from '../../test/build-test-app.ts';
import { putFormDefinition } from './inbox.repository.ts';

const POW = { provider: 'pow' as const, difficulty: 1, recaptchaSecret: null, recaptchaSiteKey: null };
const app: FastifyInstance = await buildTestApp({ catalogue: orderCatalogue(), config: { captcha: POW, adminToken: 'forms-admin-token-0123456789' } });

async function captcha(): Promise<string> {
  const { challenge, difficulty } = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string; difficulty: number };
  return `${challenge}:${solvePow(challenge, difficulty)}`;
}

async function send(url: string, payload: unknown, options: { taskId?: string; captcha?: string | null; token?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.taskId) headers['x-task-id'] = options.taskId;
  const token = options.captcha === undefined ? await captcha() : options.captcha;
  if (token) headers['x-captcha-token'] = token;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers, ...(options.ip ? { remoteAddress: options.ip } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response;
}

async function submissions(taskId: string) {
  return app.db.withTables<{ inbox_submissions: { task_id: string; id: number; kind: string; name: string | null; email: string | null; data: string; matched_order: string | null; customer_id: number | null } }>().selectFrom('inbox_submissions').selectAll().where('task_id', '=', taskId).execute();
}

async function mailsOf(submissionId: number) {
  return app.db.withTables<{ outbox: { ref: string | null; to: string; subject: string; text: string; kind: string } }>().selectFrom('outbox').selectAll().where('ref', '=', `inbox:${submissionId}`).execute();
}

const contact = { salutation: 'mrs', name: 'Anna de Vries', phone: '', email: 'anna@example.nl', subject: 'tradeIn', message: 'Ik heb een horloge.', preference: 'email' };

describe('POST /api/forms/contacts', () => {
  it('stores the form once per task id with the shop notification and the confirmation in the shopper’s language', async () => {
    const taskId = `task-${randomUUID()}`;
    const first = await send('/api/forms/contacts?storeCode=nl', contact, { taskId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ code: 200, result: { submission_id: expect.any(Number), message: 'inquiry submitted' } });
    // The same task again (a retry after a lost answer): the first answer, without a captcha, nothing stored twice.
    const again = await send('/api/forms/contacts?storeCode=nl', contact, { taskId, captcha: null });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-task-replayed']).toBe('1');
    expect(again.body).toBe(first.body);
    const rows = await submissions(taskId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact', name: 'Anna de Vries', email: 'anna@example.nl' });
    const mails = await mailsOf(rows[0]!.id);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['form-confirmation', 'form-notification']);
    const confirmation = mails.find((mail) => mail.kind === 'form-confirmation')!;
    expect(confirmation.to).toBe('anna@example.nl');
    expect(confirmation.text).toContain('Dank u! Uw aanvraag is verzonden.');
    expect(confirmation.text).toContain('Vraag over inruil van een horloge');
    const notification = mails.find((mail) => mail.kind === 'form-notification')!;
    expect(notification.text).toContain('Ik heb een horloge.');
    expect(notification.text).toContain(`pnpm shop inbox show ${rows[0]!.id}`);
  });

  it('stores a form sent twice at the same moment once; both get the same answer', async () => {
    const taskId = `task-${randomUUID()}`;
    const [a, b] = await Promise.all([send('/api/forms/contacts', contact, { taskId }), send('/api/forms/contacts', contact, { taskId })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().result.submission_id).toBe(b.json().result.submission_id);
    const rows = await submissions(taskId);
    expect(rows).toHaveLength(1);
    expect(await mailsOf(rows[0]!.id)).toHaveLength(2);
  });

  it.each([
    ['en', 'Thank you! Your inquiry has been submitted.', 'Enquiry for trade-in of a watch'],
    ['de', 'Vielen Dank! Ihre Anfrage wurde gesendet.', 'Anfrage zur Inzahlungnahme einer Uhr'],
  ])('writes the confirmation in %s', async (language, thanks, subject) => {
    const taskId = `task-${randomUUID()}`;
    expect((await send(`/api/forms/contacts?storeCode=en&language=${language}`, contact, { taskId })).statusCode).toBe(200);
    const [row] = await submissions(taskId);
    const confirmation = (await mailsOf(row!.id)).find((mail) => mail.kind === 'form-confirmation')!;
    expect(confirmation.text).toContain(thanks);
    expect(confirmation.text).toContain(subject);
  });

  it('answers every field rule with its message key and stores nothing', async () => {
    const taskId = `task-${randomUUID()}`;
    const response = await send('/api/forms/contacts', { ...contact, name: 'A', email: 'anna@', preference: 'phone', subject: 'spam', message: '' }, { taskId });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.result.error).toBe('validation_failed');
    expect(body.result.details.fields).toEqual([
      { path: 'name', key: 'nameMinLength', message: 'Name must have at least 2 letters' },
      { path: 'phone', key: 'phoneRequired', message: 'Phone number is required' },
      { path: 'email', key: 'emailInvalid', message: 'Please provide valid e-mail address' },
      { path: 'subject', key: 'required', message: 'Field is required' },
      { path: 'message', key: 'required', message: 'Field is required' },
    ]);
    expect(await submissions(taskId)).toHaveLength(0);
    // Refused, the task id is still free: the corrected form goes through.
    expect((await send('/api/forms/contacts', contact, { taskId })).statusCode).toBe(200);
  });

  it('needs the captcha, spent once', async () => {
    expect((await send('/api/forms/contacts', contact, { captcha: null })).json().result.error).toBe('captcha_required');
    const token = await captcha();
    expect((await send('/api/forms/contacts', contact, { captcha: token })).statusCode).toBe(200);
    const reused = await send('/api/forms/contacts', contact, { captcha: token });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().result.error).toBe('captcha_failed');
  });

  it('refuses the same task id with another form (409) and a body over 64 KiB (413, with its message key)', async () => {
    const taskId = `task-${randomUUID()}`;
    expect((await send('/api/forms/contacts', contact, { taskId })).statusCode).toBe(200);
    const other = await send('/api/forms/contacts', { ...contact, message: 'Something else' }, { taskId });
    expect(other.statusCode).toBe(409);
    expect(other.json().result.error).toBe('task_id_reused');
    const large = await send('/api/forms/contacts', { ...contact, message: 'x'.repeat(70_000) });
    expect(large.statusCode).toBe(413);
    expect(large.json().result).toMatchObject({ message: 'The form is too large to send; please shorten your texts', details: { key: 'formTooLarge' } });
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    for (const payload of [null, [], 'text', { name: { first: 'x' } }, { message: 12 }, { salutation: 'mr'.repeat(100) }]) {
      const response = await app.inject({ method: 'POST', url: '/api/forms/contacts', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', 'x-captcha-token': await captcha() } });
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await send('/api/forms/contacts?language=fr', contact)).statusCode).toBe(400);
    expect((await send('/api/forms/contacts', contact, { taskId: 'bad id!' })).statusCode).toBe(400);
  });

  it('throttles an address past FORM_RATE_MAX', async () => {
    const throttled = await buildTestApp({ catalogue: orderCatalogue(), config: { captcha: { ...POW, provider: 'off' }, accounts: { ...testConfig({ dataDir: os.tmpdir() }).accounts, forms: { windowSeconds: 3600, max: 2, captchaAfter: 0 } } } });
    const statuses: number[] = [];
    for (let n = 0; n < 3; n += 1) statuses.push((await throttled.inject({ method: 'POST', url: '/api/forms/contacts', payload: contact })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Watchmaker', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' } })
    .toBuffer();
}

async function upload(id: string, taskId: string, body: Buffer, type = 'image/jpeg') {
  return app.inject({ method: 'PUT', url: `/api/uploads/${id}`, payload: body, headers: { 'content-type': type, 'x-task-id': taskId } });
}

const tradeIn = {
  brand: 'Rolex',
  model: 'Datejust 16234',
  year: '1998',
  maintenance_year: '2021',
  desired_amount: '4500',
  intent: 'tradeIn',
  receipt: 'yes',
  warranty_card: 'no',
  box: 'yes',
  comments: 'Mooi horloge',
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  phone: '',
  terms: true,
};

describe('POST /api/forms/trade-in', () => {
  it('links the photos uploaded under its task id, in order, and mails both sides', async () => {
    const taskId = `task-${randomUUID()}`;
    const photos = [randomUUID(), randomUUID()];
    for (const id of photos) expect((await upload(id, taskId, await jpegWithGps())).statusCode).toBe(200);
    // As the trade-in page sends it: numbers and ticks.
    const response = await send('/api/forms/trade-in?storeCode=nl', { ...tradeIn, year: 1998, desired_amount: 4500, receipt: true, warranty_card: false, box: true, photos }, { taskId });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await submissions(taskId);
    const files = await app.db.withTables<{ inbox_files: { id: string; submission_id: number | null; position: number | null } }>().selectFrom('inbox_files').selectAll().where('submission_id', '=', row!.id).orderBy('position').execute();
    expect(files.map((file) => file.id)).toEqual(photos);
    const notification = (await mailsOf(row!.id)).find((mail) => mail.kind === 'form-notification')!;
    expect(notification.text).toContain("Foto's: 2");
    expect(notification.text).toContain('Datejust 16234');
    expect(notification.text).toContain('Aankoopbon aanwezig: Ja');
    expect(notification.text).toContain('Garantiekaart aanwezig: Nee');
    expect(JSON.parse(row!.data)).toMatchObject({ year: '1998', desired_amount: '4500', receipt: 'yes', warranty_card: 'no', box: 'yes' });
  });

  it('refuses photos of another task or never uploaded (upload_missing) and the spec rules', async () => {
    const taskId = `task-${randomUUID()}`;
    const other = randomUUID();
    expect((await upload(other, `task-${randomUUID()}`, await jpegWithGps())).statusCode).toBe(200);
    const missing = await send('/api/forms/trade-in', { ...tradeIn, photos: [other] }, { taskId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result).toMatchObject({ error: 'upload_missing', details: { fields: [{ path: 'photos', key: 'uploadMissing' }] } });
    expect(await submissions(taskId)).toHaveLength(0);
    const wrong = await send('/api/forms/trade-in', { ...tradeIn, desired_amount: '0', terms: false, photos: Array.from({ length: 7 }, () => randomUUID()) }, { taskId });
    expect(wrong.json().result.details.fields.map((field: { path: string; key: string }) => `${field.path}:${field.key}`)).toEqual(['desired_amount:mustBeAboveZero', 'photos:photosTooMany', 'terms:termsRequired']);
  });
});

describe('custom forms', () => {
  it('answers the definition and checks a submission by it', async () => {
    const label = (en: string) => ({ en, nl: en, de: en });
    await putFormDefinition(app.db, 'engraving', { title: label('Engraving'), fields: [{ name: 'name', type: 'text', required: true, rule: 'name', minLetters: 3, label: label('Name') }, { name: 'email', type: 'email', required: true, label: label('E-mail') }, { name: 'text', type: 'textarea', required: true, label: label('Text') }] }, true, TEST_NOW.getTime());
    const definition = await app.inject({ method: 'GET', url: '/api/forms/definitions/engraving' });
    expect(definition.json().result).toMatchObject({ slug: 'engraving', title: label('Engraving') });
    expect((await app.inject({ method: 'GET', url: '/api/forms/definitions/nothing-here' })).json().result.error).toBe('form_not_found');
    const short = await send('/api/forms/customform/engraving', { values: { name: 'Bo', email: 'bo@example.com', text: 'For Bo' } });
    expect(short.json().result.details.fields).toEqual([{ path: 'name', key: 'nameMinLength3', message: 'Name must have at least 3 letters' }]);
    const taskId = `task-${randomUUID()}`;
    expect((await send('/api/forms/customform/engraving?storeCode=en', { values: { name: 'Bob', email: 'bob@example.com', text: 'For Bob', extra: 'dropped' } }, { taskId })).statusCode).toBe(200);
    const [row] = await submissions(taskId);
    expect(JSON.parse(row!.data)).toEqual({ slug: 'engraving', version: TEST_NOW.getTime(), values: { name: 'Bob', email: 'bob@example.com', text: 'For Bob' } });
    expect((await mailsOf(row!.id)).map((mail) => mail.to).sort()).toEqual(['bob@example.com', 'shop@localhost']);
  });
});

async function customer(email: string): Promise<{ token: string; id: number }> {
  await app.inject({ method: 'POST', url: '/api/user/create', payload: customerBody(email) });
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } });
  const token = login.json().result as string;
  const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
  return { token, id: Number(me.json().result.id) };
}

/** An order of `owner` as order placement stores it (a fixture: placing is tested in features/orders). */
async function placedOrder(owner: string, incrementId: string): Promise<string> {
  const id = `order-${randomUUID()}`;
  const db = app.db.withTables<Record<string, Record<string, unknown>>>();
  const totals = { subtotal: 1000, subtotal_incl_tax: 1210, discount_amount: 0, shipping_incl_tax: 0, payment_incl_tax: 0, tax_amount: 210, grand_total: 1210, currency: 'EUR' };
  const billing = { firstName: 'Anna', lastName: 'Jansen', streetAddress: 'Kalverstraat 1', zipCode: '1012 NX', city: 'Amsterdam', country: 'NL' };
  await db
    .insertInto('orders')
    .values({ id, owner, write_id: randomUUID(), store: 'nl', language: 'nl', increment_id: incrementId, status: 'pending', currency: 'EUR', customer_email: 'anna@example.nl', payment_method: 'banktransfer', shipping_method: 'flatrate_flatrate', grand_total: 1210, totals: JSON.stringify(totals), addresses: JSON.stringify({ shipping: billing, billing }), po_number: null, order_token: randomUUID(), created_at: TEST_NOW.getTime(), updated_at: TEST_NOW.getTime(), mailed_at: null })
    .execute();
  await db.insertInto('order_items').values({ order_id: id, position: 0, sku: 'W-1', name: 'Diver 300', qty: 1, price: 1000, price_incl_tax: 1210, row_total_incl_tax: 1210, tax_percent: 21 }).execute();
  return id;
}

describe('invoices', () => {
  it('answers an invoice request the same whether the order exists, and records the match', async () => {
    await placedOrder('guest:someone', '100000901');
    const request = { order_number: '100000901', email: 'anna@example.nl', name: 'Anna', company: '', vat_id: '', street: 'Kalverstraat 1', zip: '1012 NX', city: 'Amsterdam', country: 'NL' };
    const [found, none] = [`task-${randomUUID()}`, `task-${randomUUID()}`];
    const a = await send('/api/forms/invoice', request, { taskId: found });
    const b = await send('/api/forms/invoice', { ...request, order_number: '999999999' }, { taskId: none });
    expect(a.statusCode).toBe(200);
    expect(Object.keys(a.json().result)).toEqual(Object.keys(b.json().result));
    expect(a.json().result.message).toBe(b.json().result.message);
    expect((await submissions(found))[0]!.matched_order).toMatch(/^order-/);
    expect((await submissions(none))[0]!.matched_order).toBeNull();
    const wrong = await send('/api/forms/invoice', { ...request, zip: '12', vat_id: 'NL' });
    expect(wrong.json().result.details.fields.map((field: { key: string }) => field.key)).toEqual(['taxIdMinLength', 'zipMinLength']);
  });

  it("mails a customer the invoice of their own order in their language; another's order answers 404 like none", async () => {
    const alice = await customer(`alice-${randomUUID()}@example.com`);
    const bob = await customer(`bob-${randomUUID()}@example.com`);
    const orderId = await placedOrder(`customer:${alice.id}`, '100000902');
    const taskId = `task-${randomUUID()}`;
    const sent = await send('/api/forms/send-invoice?storeCode=nl&language=de', { order_id: orderId }, { token: alice.token, captcha: null, taskId });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await submissions(taskId);
    expect(row).toMatchObject({ kind: 'sendInvoice', matched_order: orderId, customer_id: alice.id });
    const mail = await app.db.withTables<{ outbox: { ref: string | null; subject: string; text: string } }>().selectFrom('outbox').selectAll().where('ref', '=', 'invoice:100000902').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Rechnung zu Ihrer Bestellung #100000902');
    expect(mail.text).toContain('MwSt. 21%');
    expect(mail.text).toContain('NL91 ABNA 0417 1643 00');
    const theirs = await send('/api/forms/send-invoice', { order_id: orderId }, { token: bob.token, captcha: null });
    const nothing = await send('/api/forms/send-invoice', { order_id: 'order-none' }, { token: bob.token, captcha: null });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(nothing.body);
    expect((await send('/api/forms/send-invoice', { order_id: orderId }, { captcha: null })).statusCode).toBe(401);
  });
});
