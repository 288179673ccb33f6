/**
 * Two server instances flushing one outbox (test/instances.ts): a delivery claims its mail for DELIVERY_LEASE_MS and
 * renews the claim while it sends, so each mail reaches the mail server once; a lease left by an instance that died
 * runs out and the mail goes out then, by itself.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { buildInstances } from '../../test/instances.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { smtpTransport } from './smtp.ts';
import { DELIVERY_LEASE_MS, OutboxMailer, type MailTransport } from './mailer.ts';
import { OutboxRepository } from './outbox.repository.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const [a, b] = (await buildInstances({
  config: (base) => ({ ...base, mail: { ...base.mail, keepDays: 30, smtpUrl: smtp.url, from: 'shop@example.com', devMailbox: false } }),
})) as [FastifyInstance, FastifyInstance];
const settled = () => Promise.all([(a.mailer as OutboxMailer).settled(), (b.mailer as OutboxMailer).settled()]);

describe('two instances on one outbox', () => {
  it('deliver each queued mail once, however their flushes cross', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `once-${i}@example.com`);
    // Queued in committed transactions and not started: what a crash, or the other instance's order, leaves behind.
    await a.db.transaction().execute(async (trx) => {
      for (const to of addresses) await a.mailer.queue(trx, { to, subject: `For ${to}`, text: 'x', kind: 'test', ref: `ref-${to}` });
    });
    await Promise.all([a.mailer.flush(), b.mailer.flush(), a.mailer.flush(), b.mailer.flush()]);
    await settled();
    await Promise.all([a.mailer.flush(), b.mailer.flush()]);
    await settled();

    const delivered = smtp.received.map((mail) => mail.to[0]!).filter((to) => to.startsWith('once-'));
    expect(delivered.sort()).toEqual([...addresses].sort());
    const rows = await a.db
      .withTables<{ outbox: { to: string; status: string; ref: string | null; claimed_until: number | null } }>()
      .selectFrom('outbox')
      .select(['to', 'status', 'ref', 'claimed_until'])
      .where('to', 'like', 'once-%')
      .execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row).toEqual({ to: row.to, status: 'sent', ref: `ref-${row.to}`, claimed_until: null });
  });

  it('a mail held by a delivery (on an instance killed while sending) waits for the end of its lease, then goes out', async () => {
    const outbox = new OutboxRepository(a.db);
    const now = TEST_NOW.getTime();
    const id = await outbox.add({ to: 'held@example.com', subject: 'Held', text: 'x', html: null, kind: 'test' }, now);
    expect(await outbox.claim(id, 0, now, DELIVERY_LEASE_MS)).toBe(true);
    // Nobody else gets it while the lease runs, here or on the other instance.
    expect(await new OutboxRepository(b.db).claim(id, 0, now + 1000, DELIVERY_LEASE_MS)).toBe(false);
    expect((await outbox.due(now, 100)).map((mail) => mail.id)).not.toContain(id);
    await b.mailer.flush();
    await settled();
    expect(smtp.received.some((mail) => mail.to[0] === 'held@example.com')).toBe(false);
    // The lease's end is when the next flush is due.
    expect(await outbox.nextRetryAt()).toBe(now + DELIVERY_LEASE_MS);

    expect((await outbox.due(now + DELIVERY_LEASE_MS, 100)).map((mail) => mail.id)).toContain(id);
    expect(await new OutboxRepository(b.db).claim(id, 0, now + DELIVERY_LEASE_MS, DELIVERY_LEASE_MS)).toBe(true);
    await outbox.markSent(id, now + DELIVERY_LEASE_MS, 1);
    expect((await outbox.byId(id))?.status).toBe('sent');
    expect(await outbox.nextRetryAt()).toBeNull();
  });

  it('a delivery slower than its lease keeps its claim: the other instance never sends that mail too', async () => {
    const outbox = new OutboxRepository(a.db);
    let sends = 0;
    const slow: MailTransport = {
      sendMail: async () => {
        sends += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      },
    };
    const leaseMs = 300;
    const sender = new OutboxMailer(outbox, { from: 'shop@example.com', transport: slow, now: () => Date.now(), leaseMs });
    const id = await outbox.add({ to: 'slow@example.com', subject: 'Slow', text: 'x', html: null, kind: 'test' }, Date.now());
    await sender.flush();
    // Five leases pass while the send runs; the other instance keeps trying to take the mail.
    const other = new OutboxRepository(b.db);
    for (let tries = 0; tries < 10; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await other.claim(id, 0, Date.now(), leaseMs)).toBe(false);
    }
    await sender.settled();
    expect(sends).toBe(1);
    expect(await outbox.byId(id)).toMatchObject({ status: 'sent', attempts: 1 });
    sender.close();
  });

  it('a mail whose delivering instance was killed goes out by itself when the lease ends, with no other call', async () => {
    const leaseMs = 400;
    const outbox = new OutboxRepository(a.db);
    const id = await outbox.add({ to: 'orphan@example.com', subject: 'Orphan', text: 'x', html: null, kind: 'test' }, Date.now());
    // The killed instance claimed it and never came back to it.
    expect(await outbox.claim(id, 0, Date.now(), leaseMs)).toBe(true);
    const transport = await smtpTransport(smtp.url);
    const survivor = new OutboxMailer(new OutboxRepository(b.db), { from: 'shop@example.com', transport, now: () => Date.now(), leaseMs });
    await survivor.flush();
    await survivor.settled();
    expect(smtp.received.some((mail) => mail.to[0] === 'orphan@example.com')).toBe(false);
    const until = Date.now() + 10_000;
    while (!smtp.received.some((mail) => mail.to[0] === 'orphan@example.com') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await survivor.settled();
    expect(smtp.received.filter((mail) => mail.to[0] === 'orphan@example.com')).toHaveLength(1);
    expect((await outbox.byId(id))?.status).toBe('sent');
    survivor.close();
    transport.close();
  });
});
