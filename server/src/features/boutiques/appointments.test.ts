/**
 * Boutiques and appointments on the engine under test: the public list and free slots, a booking with its inbox row,
 * appointment, two mails with the calendar file and its receipt, the field rules, the captcha, exactly once by task
 * id, and a slot never booked twice: one after the other, and two at the same moment (on PostgreSQL on two
 * connections of the pool).
 */
import { solvePow } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { DEMO_BOUTIQUES, seedBoutiquesIfEmpty } from './boutiques-seed.ts';
import { BoutiquesRepository, isSlotTakenViolation } from './boutiques.repository.ts';

const ADMIN_TOKEN = 'appointments-admin-token-0123456789';
const captchaOff = { provider: 'off' as const, difficulty: 1, recaptchaSecret: null, recaptchaSiteKey: null };
const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { adminToken: ADMIN_TOKEN, captcha: captchaOff } });
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Monday 2026-06-15 14:00 in Amsterdam is TEST_NOW; Tuesday is fully open. */
const TUESDAY = '2026-06-16';
const HOURS = { weekly: { mon: [['10:00', '18:00']], tue: [['10:00', '18:00']], wed: [['10:00', '18:00']] }, closed: ['2026-06-17'] };

function boutique(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Horloge & Diamant Utrecht',
    street: 'Oudegracht 1',
    zip: '3511 AA',
    city: 'Utrecht',
    country: 'NL',
    phone: '+31 30 555 0101',
    email: 'utrecht@example.com',
    latitude: 52.09,
    longitude: 5.12,
    timezone: 'Europe/Amsterdam',
    opening_hours: HOURS,
    ...overrides,
  };
}

async function putBoutique(target: FastifyInstance, id: string, body: unknown, headers: Record<string, string> = admin) {
  return target.inject({ method: 'PUT', url: `/api/admin/boutiques/${id}`, headers, payload: body as object });
}

function booking(overrides: Record<string, unknown> = {}) {
  return { boutique_id: 'utrecht', reason: 'viewing', slot: `${TUESDAY}T10:30`, name: 'Anna de Vries', email: 'anna@example.com', phone: '+31 6 12345678', comments: 'De Daytona, graag', terms: true, ...overrides };
}

let tasks = 0;
const newTaskId = () => `appointment-task-${String(++tasks).padStart(6, '0')}`;

async function book(target: FastifyInstance, body: unknown, options: { taskId?: string | null; query?: string; headers?: Record<string, string> } = {}) {
  const taskId = options.taskId === undefined ? newTaskId() : options.taskId;
  return target.inject({
    method: 'POST',
    url: `/api/forms/appointment${options.query ?? ''}`,
    headers: { ...(taskId ? { 'x-task-id': taskId } : {}), ...options.headers },
    payload: body as object,
  });
}

async function mailsTo(target: FastifyInstance, email: string) {
  return (await target.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().result as Array<{ subject: string; text: string; kind: string; attachments: Array<{ filename: string; contentType: string; content: string }> }>;
}

async function activeAppointments(target: FastifyInstance, slot: string): Promise<number> {
  const rows = await target.db
    .withTables<{ appointments: { slot_local: string; canceled_at: number | null } }>()
    .selectFrom('appointments')
    .select('slot_local')
    .where('slot_local', '=', slot)
    .where('canceled_at', 'is', null)
    .execute();
  return rows.length;
}

await putBoutique(app, 'utrecht', boutique());

describe('boutiques', () => {
  it('lists active boutiques with their hours, per store', async () => {
    expect((await putBoutique(app, 'english-only', boutique({ name: 'London corner', stores: ['en'], position: 5 }))).json().result.created).toBe(true);
    expect((await putBoutique(app, 'closed-for-good', boutique({ name: 'Old shop', active: false }))).statusCode).toBe(200);
    const all = (await app.inject({ method: 'GET', url: '/api/boutiques' })).json().result as Array<{ id: string; opening_hours: unknown }>;
    expect(all.map((b) => b.id)).toEqual(['utrecht', 'english-only']);
    expect(all[0]!.opening_hours).toEqual(HOURS);
    const nl = (await app.inject({ method: 'GET', url: '/api/boutiques?store=nl' })).json().result as Array<{ id: string }>;
    expect(nl.map((b) => b.id)).toEqual(['utrecht']);
    expect((await app.inject({ method: 'GET', url: '/api/boutiques?store=fr' })).statusCode).toBe(400);
  });

  it('answers the free slots day by day, in the boutique time', async () => {
    const reply = await app.inject({ method: 'GET', url: `/api/boutiques/utrecht/slots?from=2026-06-15&days=3` });
    expect(reply.statusCode).toBe(200);
    const { days, timezone, as_of } = reply.json().result as { days: Array<{ date: string; slots: Array<{ slot: string; time: string; start: number }> }>; timezone: string; as_of: number };
    expect([timezone, as_of]).toEqual(['Europe/Amsterdam', TEST_NOW.getTime()]);
    expect(days.map((d) => d.date)).toEqual(['2026-06-15', '2026-06-16', '2026-06-17']);
    // Monday 14:00 now, two hours' lead: 16:00 is the first; Wednesday is a closed date.
    expect(days[0]!.slots.map((s) => s.time)).toEqual(['16:00', '16:30', '17:00', '17:30']);
    expect(days[1]!.slots).toHaveLength(16);
    expect(days[1]!.slots[0]).toMatchObject({ slot: `${TUESDAY}T10:00`, start: Date.parse(`${TUESDAY}T08:00:00Z`) });
    expect(days[2]!.slots).toEqual([]);
    // Today by default, 14 days.
    expect(((await app.inject({ method: 'GET', url: '/api/boutiques/utrecht/slots' })).json().result.days as unknown[]).length).toBe(14);
  });

  it('refuses bad slot questions with a 400 and unknown boutiques with a 404', async () => {
    for (const query of ['from=15-06-2026', 'from=2026-02-30', 'days=0', 'days=32', 'days=two', 'days=1.5']) {
      expect((await app.inject({ method: 'GET', url: `/api/boutiques/utrecht/slots?${query}` })).statusCode, query).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/boutiques/nowhere/slots' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/boutiques/closed-for-good/slots' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/boutiques/NOT%20AN%20ID/slots' })).statusCode).toBe(400);
  });

  it('lets only the admin token define a boutique, and checks what it defines', async () => {
    expect((await putBoutique(app, 'utrecht', boutique(), {})).statusCode).toBe(403);
    expect((await putBoutique(app, 'utrecht', boutique(), { authorization: 'Bearer wrong' })).statusCode).toBe(403);
    expect((await putBoutique(app, 'utrecht', boutique({ timezone: 'Europe/Atlantis' }))).json().result.message).toContain('timezone');
    expect((await putBoutique(app, 'utrecht', boutique({ opening_hours: { weekly: { mon: [['18:00', '10:00']] } } }))).statusCode).toBe(400);
    expect((await putBoutique(app, 'Bad Id', boutique())).statusCode).toBe(400);
    const off = await buildTestApp({ catalogue: fixtureCatalogue(), config: { adminToken: null, captcha: captchaOff } });
    expect((await putBoutique(off, 'utrecht', boutique())).statusCode).toBe(403);
  });

  it('seeds the two Dutch demo boutiques into an empty table only', async () => {
    const fresh = await buildTestApp({ catalogue: fixtureCatalogue(), config: { adminToken: ADMIN_TOKEN, captcha: captchaOff } });
    expect(await seedBoutiquesIfEmpty(fresh.db, () => TEST_NOW.getTime())).toBe(2);
    expect(await seedBoutiquesIfEmpty(fresh.db, () => TEST_NOW.getTime())).toBe(0);
    const listed = (await fresh.inject({ method: 'GET', url: '/api/boutiques?store=nl' })).json().result as Array<{ id: string; city: string; timezone: string }>;
    expect(listed.map((b) => [b.id, b.city, b.timezone])).toEqual(DEMO_BOUTIQUES.map((b) => [b.id, b.city, 'Europe/Amsterdam']));
    expect(await new BoutiquesRepository(fresh.db, () => 0).count()).toBe(2);
  });
});

describe('POST /api/forms/appointment', () => {
  it('books a free slot: inbox row, appointment, both mails with appointment.ics, in the shopper language', async () => {
    const reply = await book(app, booking({ email: 'book@example.com' }), { query: '?storeCode=en&language=de' });
    expect(reply.statusCode).toBe(200);
    const result = reply.json().result as { submission_id: number; message: string; appointment: { slot: string; start: number } };
    expect(result).toMatchObject({ message: 'inquiry submitted', appointment: { slot: `${TUESDAY}T10:30`, start: Date.parse(`${TUESDAY}T08:30:00Z`), boutique_name: 'Horloge & Diamant Utrecht' } });
    expect(await activeAppointments(app, `${TUESDAY}T10:30`)).toBe(1);

    const inbox = await app.db.withTables<{ inbox_submissions: { id: number; kind: string; store: string; language: string; name: string; data: string } }>().selectFrom('inbox_submissions').selectAll().where('id', '=', result.submission_id).executeTakeFirstOrThrow();
    expect(inbox).toMatchObject({ kind: 'appointment', store: 'en', language: 'de', name: 'Anna de Vries' });
    expect(JSON.parse(inbox.data)).toMatchObject({ boutique_id: 'utrecht', reason: 'viewing', slot: `${TUESDAY}T10:30` });

    const [confirmation] = await mailsTo(app, 'book@example.com');
    expect(confirmation!.kind).toBe('appointment-confirmation');
    expect(confirmation!.subject).toBe('Ihr Termin bei Horloge & Diamant Utrecht am Dienstag, 16. Juni 2026 um 10:30');
    expect(confirmation!.text).toContain('Besichtigung');
    expect(confirmation!.attachments).toHaveLength(1);
    const ics = confirmation!.attachments[0]!;
    expect([ics.filename, ics.contentType]).toEqual(['appointment.ics', 'text/calendar; charset=utf-8; method=PUBLISH']);
    const unfolded = ics.content.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20260616T083000Z\r\n');
    expect(unfolded).toContain('DTEND:20260616T090000Z\r\n');
    expect(unfolded).toMatch(new RegExp(`UID:appointment-${result.submission_id}@[^\\r]+\\r\\n`));
    expect(unfolded).toContain('LOCATION:Horloge & Diamant Utrecht\\, Oudegracht 1\\, 3511 AA Utrecht\\, NL\r\n');

    const shop = (await mailsTo(app, 'shop@localhost')).find((mail) => mail.kind === 'appointment-notification' && mail.text.includes('book@example.com'));
    expect(shop?.subject).toMatch(/^Nieuwe afspraak: dinsdag 16 juni 2026 om 10:30, Horloge & Diamant Utrecht, Anna de Vries$/);
    expect(shop?.attachments.map((file) => file.filename)).toEqual(['appointment.ics']);

    // The slot is gone from the free slots.
    const tuesday = ((await app.inject({ method: 'GET', url: `/api/boutiques/utrecht/slots?from=${TUESDAY}&days=1` })).json().result.days as Array<{ slots: Array<{ time: string }> }>)[0]!;
    expect(tuesday.slots.map((s) => s.time)).not.toContain('10:30');
    expect(tuesday.slots).toHaveLength(15);
  });

  it('refuses a slot someone already booked with 409 slot_taken, and keeps nothing of it', async () => {
    expect((await book(app, booking({ slot: `${TUESDAY}T11:00` }))).statusCode).toBe(200);
    const again = await book(app, booking({ slot: `${TUESDAY}T11:00`, email: 'second@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().result).toMatchObject({ error: 'slot_taken', message: 'This time was just booked by someone else. Please choose another time.', details: { fields: [{ path: 'slot', key: 'slotTaken' }] } });
    expect(await activeAppointments(app, `${TUESDAY}T11:00`)).toBe(1);
    expect(await mailsTo(app, 'second@example.com')).toEqual([]);
  });

  it('books a slot two shoppers send at the same moment exactly once: one 200, one 409, one row', async () => {
    const slot = `${TUESDAY}T14:00`;
    const replies = await Promise.all([book(app, booking({ slot, email: 'race-a@example.com' })), book(app, booking({ slot, email: 'race-b@example.com' }))]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().result.error).toBe('slot_taken');
    expect(await activeAppointments(app, slot)).toBe(1);
    const confirmations = [...(await mailsTo(app, 'race-a@example.com')), ...(await mailsTo(app, 'race-b@example.com'))];
    expect(confirmations).toHaveLength(1);
  });

  it('lets the unique index refuse a second active appointment on a slot even without the check before it', async () => {
    const slot = `${TUESDAY}T17:00`;
    const first = (await book(app, booking({ slot }))).json().result as { submission_id: number; appointment: { start: number; end: number } };
    const boutiques = new BoutiquesRepository(app.db, () => TEST_NOW.getTime());
    const error = await app.db
      .transaction()
      .execute((trx) => boutiques.insertAppointment(trx, { submissionId: first.submission_id + 100_000, boutiqueId: 'utrecht', slot, start: first.appointment.start, end: first.appointment.end, reason: 'viewing' }))
      .catch((caught: unknown) => caught);
    expect(isSlotTakenViolation(error)).toBe(true);
    expect(isSlotTakenViolation(new Error('UNIQUE constraint failed: inbox_submissions.task_id'))).toBe(false);
    expect(await activeAppointments(app, slot)).toBe(1);
  });

  it('books a slot again once its appointment is canceled', async () => {
    const slot = `${TUESDAY}T15:00`;
    expect((await book(app, booking({ slot }))).statusCode).toBe(200);
    await app.db.withTables<{ appointments: { slot_local: string; canceled_at: number | null } }>().updateTable('appointments').set({ canceled_at: TEST_NOW.getTime() }).where('slot_local', '=', slot).execute();
    expect((await book(app, booking({ slot }))).statusCode).toBe(200);
    expect(await activeAppointments(app, slot)).toBe(1);
  });

  it('answers a task sent again with its first answer and books once', async () => {
    const taskId = newTaskId();
    const body = booking({ slot: `${TUESDAY}T16:00`, email: 'twice@example.com' });
    const first = await book(app, body, { taskId });
    const second = await book(app, body, { taskId });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['x-task-replayed']).toBe('1');
    expect(second.json()).toEqual(first.json());
    expect(await mailsTo(app, 'twice@example.com')).toHaveLength(1);
    expect((await book(app, { ...body, comments: 'something else' }, { taskId })).json().result.error).toBe('task_id_reused');
  });

  it('refuses slots the boutique does not offer with 400 slotUnavailable', async () => {
    for (const slot of [`${TUESDAY}T10:15`, `${TUESDAY}T18:00`, '2026-06-17T10:00', '2026-06-15T14:30', '2026-06-14T10:00', '2026-09-01T10:00']) {
      const reply = await book(app, booking({ slot }));
      expect(reply.statusCode, slot).toBe(400);
      expect(reply.json().result, slot).toMatchObject({ error: 'validation_failed', details: { fields: [{ path: 'slot', key: 'slotUnavailable', message: 'This time is not available. Please choose another time.' }] } });
    }
  });

  it('refuses a booking over the forms’ size limit like every form: 413 with its message key', async () => {
    const reply = await book(app, booking({ name: 'x'.repeat(70_000) }));
    expect(reply.statusCode).toBe(413);
    expect(reply.json().result).toMatchObject({ message: 'The form is too large to send; please shorten your texts', details: { key: 'formTooLarge' } });
  });

  it('answers every field rule with its spec message', async () => {
    const reply = await book(app, booking({ boutique_id: '', reason: 'lunch', name: 'A', email: 'anna@', phone: ' ', terms: false }));
    expect(reply.statusCode).toBe(400);
    const fields = (reply.json().result.details.fields as Array<{ path: string; key: string; message: string }>).map((f) => [f.path, f.key, f.message]);
    expect(fields).toEqual([
      ['boutique_id', 'required', 'Field is required'],
      ['reason', 'required', 'Field is required'],
      ['name', 'nameMinLength', 'Name must have at least 2 letters'],
      ['email', 'emailInvalid', 'Please provide valid e-mail address'],
      ['phone', 'phoneRequired', 'Phone number is required'],
      ['terms', 'termsRequired', 'You must accept the terms and conditions'],
    ]);
    expect((await book(app, booking({ boutique_id: 'nowhere' }))).json().result.details.fields).toEqual([{ path: 'boutique_id', key: 'required', message: 'Field is required' }]);
    expect((await book(app, booking({ boutique_id: 'english-only' }))).statusCode).toBe(400);
    expect((await book(app, booking({ boutique_id: 'english-only', slot: `${TUESDAY}T12:00` }), { query: '?storeCode=en' })).statusCode).toBe(200);
    expect((await book(app, { ...booking(), terms: 'yes' })).statusCode).toBe(400);
    expect((await book(app, 'not json at all', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await book(app, booking(), { query: '?storeCode=fr' })).statusCode).toBe(400);
    expect((await book(app, booking({ comments: 'x'.repeat(70_000) }))).statusCode).toBe(413);
  });

  it('books without a task id too (once, no receipt)', async () => {
    expect((await book(app, booking({ slot: `${TUESDAY}T16:30` }), { taskId: null })).statusCode).toBe(200);
  });
});

describe('the captcha of the appointment form', () => {
  it('is required and spent, but a repeat of an answered task needs none', async () => {
    const guarded = await buildTestApp({ catalogue: fixtureCatalogue(), config: { adminToken: ADMIN_TOKEN, captcha: { provider: 'pow', difficulty: 8, recaptchaSecret: null, recaptchaSiteKey: null } } });
    await putBoutique(guarded, 'utrecht', boutique());
    const token = async () => {
      const { challenge, difficulty } = (await guarded.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string; difficulty: number };
      return `${challenge}:${solvePow(challenge, difficulty)}`;
    };
    const missing = await book(guarded, booking());
    expect([missing.statusCode, missing.json().result.error]).toEqual([403, 'captcha_required']);
    expect((await book(guarded, booking(), { headers: { 'x-captcha-token': 'nonsense' } })).json().result.error).toBe('captcha_failed');
    const taskId = newTaskId();
    const solved = await token();
    expect((await book(guarded, booking(), { taskId, headers: { 'x-captcha-token': solved } })).statusCode).toBe(200);
    // The same token again, for another booking: spent.
    expect((await book(guarded, booking({ slot: `${TUESDAY}T11:30` }), { headers: { 'x-captcha-token': solved } })).json().result.error).toBe('captcha_failed');
    const repeat = await book(guarded, booking(), { taskId });
    expect([repeat.statusCode, repeat.headers['x-task-replayed']]).toEqual([200, '1']);
  });
});
