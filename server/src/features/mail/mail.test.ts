import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { buildApp } from '../../app.ts';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { migrations } from '../../storage/migrations/index.ts';
import { testConfig } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { isTemporary, MAX_IN_FLIGHT, OutboxMailer, RETRY_DELAYS_MS } from './mailer.ts';
import { OutboxRepository } from './outbox.repository.ts';
import { smtpTransport } from './smtp.ts';

const catalogue = fixtureCatalogue();

describe('outbox and the developers\u2019 mailbox', async () => {
  const app = await buildTestApp({ catalogue });

  it('writes every mail to the outbox; the JSON mailbox lists them newest first and filters by recipient', async () => {
    await app.mailer.send({ to: 'jane@example.com', subject: 'Reset your password', text: 'Open http://localhost:3000/nl/create-password?email=jane%40example.com&token=abc to choose one.', kind: 'reset-password' });
    await app.mailer.send({ to: 'piet@example.com', subject: 'Welcome', text: 'Hello Piet', html: '<p>Hello <b>Piet</b></p>', kind: 'welcome' });
    await app.mailer.send({ to: 'Jane@Example.com', subject: 'Second', text: 'Again', kind: 'test' });

    const all = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    const mails = all.json().result as Array<{ to: string; subject: string; status: string; kind: string; html: string | null }>;
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'Welcome', 'Reset your password']);
    // No SMTP here: the mails are kept in the outbox, never to be delivered.
    expect(mails[1]).toMatchObject({ to: 'piet@example.com', kind: 'welcome', html: '<p>Hello <b>Piet</b></p>', status: 'kept' });

    const jane = (await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=jane@example.com' })).json().result as Array<{ subject: string }>;
    expect(jane.map((m) => m.subject)).toEqual(['Second', 'Reset your password']);
  });

  it('shows an escaped HTML list and one mail with its links clickable', async () => {
    await app.mailer.send({ to: 'evil@example.com', subject: '<script>alert(1)</script>', text: 'See https://shop.example/nl/p?a=1&b=<x> now.', html: '<a href="https://x">x</a>', kind: 'test' });
    const list = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).not.toContain('<script>alert(1)</script>');
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const id = /href="\/dev\/mailbox\/(\d+)">&lt;script/.exec(list.body)?.[1];
    expect(id).toBeDefined();

    const one = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('See <a href="https://shop.example/nl/p?a=1&amp;b=" target="_blank" rel="noopener noreferrer">https://shop.example/nl/p?a=1&amp;b=</a>&lt;x&gt; now.');
    expect(one.body).not.toContain('<x>');
    // The HTML version is in a sandboxed frame, escaped into its srcdoc.
    expect(one.body).toMatch(/<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;a href=&quot;https:\/\/x&quot;&gt;x&lt;\/a&gt;"/);

    const reset = (await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=jane@example.com' })).json().result as Array<{ id: number; subject: string }>;
    const resetPage = await app.inject({ method: 'GET', url: `/dev/mailbox/${reset.find((m) => m.subject === 'Reset your password')!.id}` });
    expect(resetPage.body).toContain('<a href="http://localhost:3000/nl/create-password?email=jane%40example.com&amp;token=abc"');

    const filtered = await app.inject({ method: 'GET', url: '/dev/mailbox?to=nobody@example.com' });
    expect(filtered.body).toContain('No mail to nobody@example.com yet.');
  });

  it('answers bad ids with 400 and unknown ones with 404, never 5xx', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/abc' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/999999' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox/999999' })).json()).toMatchObject({ code: 404 });
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=a&to=b' })).statusCode).toBe(400);
  });
});

describe('the mailbox in production', async () => {
  const production = await buildTestApp({ catalogue, config: { env: 'production', mail: { keepDays: 30, smtpUrl: null, from: 'shop@localhost', devMailbox: false } } });
  const opened = await buildTestApp({ catalogue, config: { env: 'production', mail: { keepDays: 30, smtpUrl: null, from: 'shop@localhost', devMailbox: true } } });

  it('is not there unless DEV_MAILBOX=true, but mail still goes to the outbox', async () => {
    await production.mailer.send({ to: 'jane@example.com', subject: 'Hi', text: 'x', kind: 'test' });
    expect((await production.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    const rows = await production.db.withTables<{ outbox: { subject: string } }>().selectFrom('outbox').select('subject').execute();
    expect(rows).toEqual([{ subject: 'Hi' }]);
    expect((await opened.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);
  });
});

describe('SMTP delivery', async () => {
  const smtp = await startSmtpSink({ refuseRecipient: 'bounce@example.com' });
  afterAll(() => smtp.close());
  const app = await buildTestApp({ catalogue, config: { mail: { keepDays: 30, smtpUrl: smtp.url, from: 'Horloge shop <shop@example.com>', devMailbox: true } } });

  it('delivers through the configured SMTP server and marks the mail sent, or failed with the reason', async () => {
    await app.mailer.send({ to: 'jane@example.com', subject: 'Your coupon', text: 'Use WELCOME-ABC', html: '<p>Use <b>WELCOME-ABC</b></p>', kind: 'newsletter-welcome' });
    await app.mailer.send({ to: 'bounce@example.com', subject: 'Lost', text: 'x', kind: 'test' });
    await (app.mailer as OutboxMailer).settled();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['jane@example.com']);
    expect(smtp.received[0]!.from).toContain('shop@example.com');
    expect(smtp.received[0]!.data).toContain('Subject: Your coupon');
    expect(smtp.received[0]!.data).toContain('Use WELCOME-ABC');

    const mails = (await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().result as Array<{ to: string; status: string; error: string | null; sentAt: string | null }>;
    expect(mails.find((m) => m.to === 'jane@example.com')).toMatchObject({ status: 'sent', error: null });
    expect(mails.find((m) => m.to === 'jane@example.com')!.sentAt).not.toBeNull();
    const bounced = mails.find((m) => m.to === 'bounce@example.com')!;
    expect(bounced.status).toBe('failed');
    expect(bounced.error).toMatch(/550|mailbox unavailable/);
  });
});

describe('the storefront fallback leaves the mailbox alone', async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>storefront</title>');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const production = await buildTestApp({ catalogue, config: { env: 'production', clientDist: dist, mail: { keepDays: 30, smtpUrl: null, from: 'shop@localhost', devMailbox: false } } });
  const development = await buildTestApp({ catalogue, config: { clientDist: dist } });

  it('answers /dev/mailbox with 404 in production instead of the storefront page, and the mailbox in development', async () => {
    expect((await production.inject({ method: 'GET', url: '/nl/horloges' })).body).toContain('storefront');
    const hidden = await production.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('storefront');
    expect((await production.inject({ method: 'GET', url: '/dev/mailbox/1' })).statusCode).toBe(404);
    const shown = await development.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("Developers' mailbox");
  });
});

describe('mail queued in a transaction (the transactional outbox)', async () => {
  const smtp = await startSmtpSink();
  afterAll(() => smtp.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const mail = (to: string) => ({ to, subject: `For ${to}`, text: 'x', kind: 'test' });
  const statusOf = async (app: Awaited<ReturnType<typeof buildApp>>, to: string) =>
    (await app.db.withTables<{ outbox: { to: string; status: string } }>().selectFrom('outbox').select('status').where('to', '=', to).execute()).map((row) => row.status);

  it('exists only when the transaction commits, and a flush delivers each queued mail once, whatever runs beside it', async () => {
    const app = await buildApp(testConfig({ dataDir, seedDemo: false, mail: { keepDays: 30, smtpUrl: smtp.url, from: 'shop@example.com', devMailbox: false } }));
    await app.db.transaction().execute(async (trx) => app.mailer.queue(trx, mail('kept@example.com')));
    await expect(
      app.db.transaction().execute(async (trx) => {
        await app.mailer.queue(trx, mail('undone@example.com'));
        throw new Error('the change fails after its mail was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await statusOf(app, 'kept@example.com')).toEqual(['queued']);
    expect(await statusOf(app, 'undone@example.com')).toEqual([]);

    await Promise.all([app.mailer.flush(), app.mailer.flush(), app.mailer.send(mail('sent@example.com'))]);
    await (app.mailer as OutboxMailer).settled();
    expect(smtp.received.map((received) => received.to[0]).sort()).toEqual(['kept@example.com', 'sent@example.com']);
    expect(await statusOf(app, 'kept@example.com')).toEqual(['sent']);
    await app.close();
  });

  it('delivers at start what a stop (or crash) left queued between the commit and the delivery, never what was kept without SMTP', async () => {
    const withoutSmtp = await buildApp(testConfig({ dataDir, seedDemo: false, mail: { keepDays: 30, smtpUrl: null, from: 'shop@example.com', devMailbox: false } }));
    await withoutSmtp.mailer.send(mail('kept@example.org'));
    await withoutSmtp.close();
    // Stopped after the commit, before any flush.
    const stopped = await buildApp(testConfig({ dataDir, seedDemo: false, mail: { keepDays: 30, smtpUrl: smtp.url, from: 'shop@example.com', devMailbox: false } }));
    await stopped.db.transaction().execute(async (trx) => stopped.mailer.queue(trx, mail('later@example.com')));
    await stopped.close();
    expect(smtp.received.some((received) => received.to[0] === 'later@example.com')).toBe(false);

    const app = await buildApp(testConfig({ dataDir, seedDemo: false, mail: { keepDays: 30, smtpUrl: smtp.url, from: 'shop@example.com', devMailbox: false } }));
    await app.ready();
    await (app.mailer as OutboxMailer).settled();
    expect(smtp.received.filter((received) => received.to[0] === 'later@example.com')).toHaveLength(1);
    expect(await statusOf(app, 'later@example.com')).toEqual(['sent']);
    expect(smtp.received.some((received) => received.to[0] === 'kept@example.org')).toBe(false);
    expect(await statusOf(app, 'kept@example.org')).toEqual(['kept']);
    await app.close();
  });
});

describe('deliveries refused for a while are tried again; old mails are removed', async () => {
  const smtp = await startSmtpSink({ refuseRecipient: 'gone@example.com', deferRecipient: { address: 'busy@example.com', times: 2 } });
  afterAll(() => smtp.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-retry-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let now = Date.parse('2026-06-15T12:00:00.000Z');
  const clock = () => new Date(now);
  const config = (smtpUrl: string | null) => testConfig({ dataDir, seedDemo: false, mail: { smtpUrl, from: 'shop@example.com', devMailbox: true, keepDays: 30 } });
  const mailOf = async (app: Awaited<ReturnType<typeof buildApp>>, to: string) =>
    ((await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${to}` })).json().result as Array<{ status: string; attempts: number; nextAttemptAt: string | null; error: string | null }>)[0]!;
  const delivered = (to: string) => smtp.received.filter((mail) => mail.to[0] === to).length;

  it('a 4xx reply keeps the mail queued until its retry time, then it is delivered; a 5xx reply fails it at once', async () => {
    const app = await buildApp(config(smtp.url), { clock });
    const mailer = app.mailer as OutboxMailer;
    await mailer.send({ to: 'busy@example.com', subject: 'Your order', text: 'x', kind: 'test' });
    await mailer.send({ to: 'gone@example.com', subject: 'Your order', text: 'x', kind: 'test' });
    await mailer.settled();
    expect(await mailOf(app, 'gone@example.com')).toMatchObject({ status: 'failed', attempts: 1 });
    const first = await mailOf(app, 'busy@example.com');
    expect(first).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: new Date(now + RETRY_DELAYS_MS[0]!).toISOString() });
    expect(first.error).toMatch(/451/);

    // Not due yet: nothing is tried.
    now += RETRY_DELAYS_MS[0]! - 1000;
    await mailer.flush();
    await mailer.settled();
    expect((await mailOf(app, 'busy@example.com')).attempts).toBe(1);
    // Due: the second try is refused again and waits longer; the third goes through.
    now += 1000;
    await mailer.flush();
    await mailer.settled();
    expect(await mailOf(app, 'busy@example.com')).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: new Date(now + RETRY_DELAYS_MS[1]!).toISOString() });
    now += RETRY_DELAYS_MS[1]!;
    await mailer.flush();
    await mailer.settled();
    expect(await mailOf(app, 'busy@example.com')).toMatchObject({ status: 'sent', attempts: 3, nextAttemptAt: null, error: null });
    expect(delivered('busy@example.com')).toBe(1);
    expect(delivered('gone@example.com')).toBe(0);
    await app.close();
  });

  it('gives up after the last retry, with the reason', async () => {
    const always = await startSmtpSink({ deferRecipient: { address: 'busy@example.com', times: 100 } });
    const app = await buildApp(config(always.url), { clock });
    const mailer = app.mailer as OutboxMailer;
    await mailer.send({ to: 'busy@example.com', subject: 'Again', text: 'x', kind: 'test' });
    await mailer.settled();
    for (const delay of RETRY_DELAYS_MS) {
      now += delay;
      await mailer.flush();
      await mailer.settled();
    }
    const mails = (await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=busy@example.com' })).json().result as Array<{ subject: string; status: string; attempts: number; error: string }>;
    expect(mails.find((mail) => mail.subject === 'Again')).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1, error: expect.stringMatching(/451/) });
    await app.close();
    await always.close();
  });

  it('tries again by itself when the retry time comes', async () => {
    const later = await startSmtpSink({ deferRecipient: { address: 'soon@example.com', times: 1 } });
    const transport = await smtpTransport(later.url);
    const app = await buildApp(config(null));
    const mailer = new OutboxMailer(new OutboxRepository(app.db), { from: 'shop@example.com', transport, now: () => Date.now(), retryDelaysMs: [50] });
    await mailer.send({ to: 'soon@example.com', subject: 'Soon', text: 'x', kind: 'test' });
    const until = Date.now() + 10_000;
    while (later.received.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    await mailer.settled();
    expect(later.received.map((mail) => mail.to[0])).toEqual(['soon@example.com']);
    mailer.close();
    transport.close();
    await app.close();
    await later.close();
  });

  it('never delivers a mail again that a flush read just before its delivery finished', async () => {
    const app = await buildApp(config(null));
    const sent: string[] = [];
    // The second flush answers what the first one read, as a read made just before the first delivery ended would.
    class StaleOutbox extends OutboxRepository {
      private first: Awaited<ReturnType<OutboxRepository['due']>> | null = null;
      override async due(now: number, limit: number, after = 0) {
        this.first ??= await super.due(now, limit, after);
        return this.first;
      }
    }
    const transport = { sendMail: async (message: { to: string }) => void sent.push(message.to) };
    const mailer = new OutboxMailer(new StaleOutbox(app.db), { from: 'shop@example.com', transport, now: () => Date.now() });
    await mailer.queue(app.db, { to: 'once@example.com', subject: 'Once', text: 'x', kind: 'test' });
    await mailer.flush();
    await mailer.settled();
    await mailer.flush();
    await mailer.settled();
    expect(sent).toEqual(['once@example.com']);
    mailer.close();
    await app.close();
  });

  it('keeps a queued mail\'s attachments in the outbox and hands them to the mail server, and refuses a file name with a path', async () => {
    const app = await buildApp(config(null));
    const sent: Array<{ to: string; attachments?: Array<{ filename: string; contentType: string; content: string }> }> = [];
    const transport = { sendMail: async (message: (typeof sent)[number]) => void sent.push(message) };
    const mailer = new OutboxMailer(new OutboxRepository(app.db), { from: 'shop@example.com', transport, now: () => Date.now() });
    const ics = { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' };
    await mailer.queue(app.db, { to: 'cal@example.com', subject: 'Your appointment', text: 'x', kind: 'test', attachments: [ics] });
    await mailer.queue(app.db, { to: 'plain@example.com', subject: 'Plain', text: 'x', kind: 'test' });
    await mailer.flush();
    await mailer.settled();
    expect(sent.find((mail) => mail.to === 'cal@example.com')?.attachments).toEqual([ics]);
    expect(sent.find((mail) => mail.to === 'plain@example.com')).not.toHaveProperty('attachments');
    await expect(mailer.queue(app.db, { to: 'x@example.com', subject: 'x', text: 'x', kind: 'test', attachments: [{ ...ics, filename: '../evil.ics' }] })).rejects.toThrow(/plain file name/);
    mailer.close();
    await app.close();
  });

  it('removes mails older than MAIL_KEEP_DAYS when the shop starts', async () => {
    const app = await buildApp(config(null), { clock });
    const outbox = new OutboxRepository(app.db);
    await outbox.add({ to: 'old@example.com', subject: 'Old', text: 'x', html: null, kind: 'test' }, now - 31 * 86_400_000);
    await outbox.add({ to: 'recent@example.com', subject: 'Recent', text: 'x', html: null, kind: 'test' }, now - 29 * 86_400_000);
    await app.close();
    const restarted = await buildApp(config(null), { clock });
    await restarted.ready();
    const left = ((await restarted.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().result as Array<{ to: string }>).map((mail) => mail.to);
    expect(left).toContain('recent@example.com');
    expect(left).not.toContain('old@example.com');
    await restarted.close();
  });
});

describe('delivery limits and a refused login', async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-delivery-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  it('runs at most MAX_IN_FLIGHT deliveries at once and still delivers every queued mail', async () => {
    const app = await buildApp(testConfig({ dataDir: path.join(scratch, 'in-flight'), seedDemo: false }));
    let running = 0;
    let most = 0;
    const sent: string[] = [];
    const transport = {
      sendMail: async (message: { to: string }) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        sent.push(message.to);
      },
    };
    const mailer = new OutboxMailer(new OutboxRepository(app.db), { from: 'shop@example.com', transport, now: () => Date.now() });
    for (let i = 0; i < 12; i++) await mailer.queue(app.db, { to: `n${i}@example.com`, subject: 'Hi', text: 'x', kind: 'test' });
    await mailer.flush();
    await mailer.settled();
    expect(most).toBe(MAX_IN_FLIGHT);
    expect(sent.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `n${i}@example.com`).sort());
    mailer.close();
    await app.close();
  });

  it('a login the mail server refuses (535) is tried again later: the operator can fix the password', async () => {
    const smtp = await startSmtpSink({ login: 'refuse' });
    const url = smtp.url.replace('smtp://', 'smtp://shop:wrong@');
    const app = await buildApp(testConfig({ dataDir: path.join(scratch, 'login'), seedDemo: false, mail: { keepDays: 30, smtpUrl: url, from: 'shop@example.com', devMailbox: true } }));
    await app.mailer.send({ to: 'anna@example.com', subject: 'Your order', text: 'x', kind: 'test' });
    await (app.mailer as OutboxMailer).settled();
    const [mail] = (await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().result as Array<{ status: string; attempts: number; error: string }>;
    expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
    expect(mail!.error).toMatch(/535|auth/i);
    await app.close();
    await smtp.close();
  });
});

describe('migration 008 on an existing outbox', () => {
  it('turns the mails left queued while no SMTP was set into kept ones, so turning SMTP on sends none of them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-migration-'));
    const db = await openTestDatabase(dir, { empty: true });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('007-payments')).error).toBeUndefined();
    await sql`insert into outbox ("to", subject, text, html, kind, created_at, status, error, sent_at) values ('a@example.com', 'Old', 'x', null, 'test', 1, 'queued', null, null), ('b@example.com', 'Done', 'x', null, 'test', 1, 'sent', null, 2)`.execute(db);
    await migrateToLatest(db);
    const rows = await sql<{ to: string; status: string; attempts: number }>`select "to", status, attempts from outbox order by id`.execute(db);
    expect(rows.rows).toEqual([
      { to: 'a@example.com', status: 'kept', attempts: 0 },
      { to: 'b@example.com', status: 'sent', attempts: 0 },
    ]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('which delivery failures are tried again', () => {
  it('SMTP 4xx, no reply and a refused login: yes; a 5xx to the envelope or message, or nodemailer refusing them: no', () => {
    expect(isTemporary(Object.assign(new Error('greylisted'), { responseCode: 451 }))).toBe(true);
    expect(isTemporary(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTemporary(Object.assign(new Error('refused'), { code: 'ECONNECTION' }))).toBe(true);
    expect(isTemporary(Object.assign(new Error('unknown mailbox'), { responseCode: 550, code: 'EENVELOPE' }))).toBe(false);
    expect(isTemporary(Object.assign(new Error('no recipients'), { code: 'EENVELOPE' }))).toBe(false);
    expect(isTemporary(Object.assign(new Error('bad message'), { code: 'EMESSAGE' }))).toBe(false);
    expect(isTemporary(Object.assign(new Error('login refused'), { code: 'EAUTH', responseCode: 535 }))).toBe(true);
    expect(isTemporary(Object.assign(new Error('message too big'), { code: 'EMESSAGE', responseCode: 552 }))).toBe(false);
    expect(isTemporary(Object.assign(new Error('mailbox busy'), { code: 'EMESSAGE', responseCode: 450 }))).toBe(true);
  });
});
