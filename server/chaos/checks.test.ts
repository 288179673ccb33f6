/**
 * The chaos checks on a hand-made database (either engine: the server and server-pg projects both run this file): a
 * sound state passes every check, and each kind of violation is flagged, naming what it is about.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../src/storage/database.ts';
import { openTestDatabase } from '../src/test/open-test-database.ts';
import { checkAcknowledged, checkConvergence, checkEventLog, checkMail, checkOrdersOnce, checkServerErrors, checkStock, incrementIdInSubject, parseIncrementId, type RunRecord } from './checks.ts';
import type { Doc } from './shopper.ts';

let dir: string;
let db: Db;

const ALICE = 'guest:alice-cart';
const line = (writeId: string, updatedAt: number): Doc => ({ id: 'RING-1:0000000000000000', updatedAt, writeId, sku: 'RING-1', qty: 1 });

async function insertOrder(id: string, increment: string, store = 'nl'): Promise<void> {
  await sql`insert into orders (id, owner, write_id, store, increment_id, status, currency, customer_email, payment_method, shipping_method, grand_total, totals, addresses, order_token, created_at, updated_at)
    values (${id}, ${ALICE}, ${`w-${id}`}, ${store}, ${increment}, 'pending', 'EUR', 'a@example.com', 'banktransfer', 'flatrate_flatrate', 10, '{}', '{}', ${`token-${id}`}, 1, 1)`.execute(db);
}
async function insertReservation(orderId: string, sku: string, qty: number, releasedAt: number | null = null): Promise<void> {
  await sql`insert into stock_reservations (order_id, sku, qty, created_at, released_at) values (${orderId}, ${sku}, ${qty}, 1, ${releasedAt})`.execute(db);
}
async function insertMail(increment: string, status = 'sent'): Promise<void> {
  await sql`insert into outbox ("to", subject, text, kind, created_at, status) values ('a@example.com', ${`Your order #${increment}`}, 'text', 'order-confirmation', 1, ${status})`.execute(db);
}
async function insertEvent(writeId: string, doc: Doc): Promise<void> {
  await sql`insert into replication_events (collection, owner, doc_id, write_id, at, data) values ('cart', ${ALICE}, ${doc.id}, ${writeId}, ${doc.updatedAt}, ${JSON.stringify(doc)})`.execute(db);
  await sql`insert into applied_writes (write_id, collection, owner, at) values (${writeId}, 'cart', ${ALICE}, ${doc.updatedAt})`.execute(db);
}
async function storeDocument(doc: Doc, deleted = false): Promise<void> {
  await sql`insert into replicated_documents (collection, owner, id, data, updated_at, deleted) values ('cart', ${ALICE}, ${doc.id}, ${JSON.stringify(doc)}, ${doc.updatedAt}, ${deleted ? 1 : 0})`.execute(db);
}

/** A sound state: two orders (one of them of the one-of-a-kind ring), their mails, a cart line both devices hold. */
async function soundState(): Promise<RunRecord> {
  await sql`insert into products (id, sku, type_id, status, visibility, price, tax_class_id, created_at, updated_at, data) values
    (1, 'RING-1', 'simple', 1, 4, 100, 2, '', '', '{}'), (2, 'WATCH-1', 'simple', 1, 4, 200, 2, '', '', '{}')`.execute(db);
  await sql`insert into stock_items (product_id, sku, qty, is_in_stock, manage_stock, backorders) values (1, 'RING-1', 0, 0, 1, 0), (2, 'WATCH-1', 3, 1, 1, 0)`.execute(db);
  await insertOrder('o-1', '000000001');
  await insertOrder('o-2', '000000002');
  await insertReservation('o-1', 'RING-1', 1);
  await insertReservation('o-2', 'WATCH-1', 2);
  await insertMail('000000001');
  await insertMail('000000002');
  const doc = line('w-line-2', 20);
  await insertEvent('w-line-1', line('w-line-1', 10));
  await insertEvent('w-line-2', doc);
  await storeDocument(doc);
  return {
    acknowledged: new Map([
      ['o-1', { incrementId: '000000001', owner: ALICE }],
      ['o-2', { incrementId: '000000002', owner: ALICE }],
    ]),
    contradictions: [],
    intents: new Map([
      ['alice|ring', new Set(['o-1'])],
      ['alice|watch', new Set(['o-2', 'o-2-refused'])],
    ]),
    initialStock: new Map([
      ['RING-1', 1],
      ['WATCH-1', 5],
    ]),
    devices: [
      { name: 'alice/a', owner: ALICE, documents: { cart: [doc], wishlist: [], orders: [] } },
      { name: 'alice/b', owner: ALICE, documents: { cart: [{ ...doc }], wishlist: [], orders: [] } },
    ],
    deliveries: [
      { sender: 'i1-1', to: ['a@example.com'], subject: 'Your order #000000001', at: 1000 },
      { sender: 'i1-1', to: ['a@example.com'], subject: 'Your order #000000002', at: 2000 },
    ],
    kills: [],
  };
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-checks-'));
  db = await openTestDatabase(dir);
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the chaos checks', () => {
  it('pass a sound state', async () => {
    const run = await soundState();
    for (const check of [checkAcknowledged, checkOrdersOnce, checkStock, checkConvergence, checkMail]) {
      const result = await check(db, run);
      expect(result.violations, result.name).toEqual([]);
      expect(result.checked, result.name).toBeGreaterThan(0);
    }
    expect((await checkEventLog(db)).violations).toEqual([]);
  });

  it('flag an acknowledged order that is lost, or that holds another number', async () => {
    const run = await soundState();
    const acknowledged = new Map(run.acknowledged);
    acknowledged.set('o-3', { incrementId: '000000003', owner: ALICE });
    acknowledged.set('o-2', { incrementId: '000000009', owner: ALICE });
    const result = await checkAcknowledged(db, { ...run, acknowledged, contradictions: ['o-1: answered 000000001 and 000000004'] });
    expect(result.violations).toEqual([
      'order answered with two numbers: o-1: answered 000000001 and 000000004',
      'acknowledged order o-2 was told 000000009 but the shop holds 000000002',
      'acknowledged order o-3 (000000003, guest:alice-cart) has no orders row: lost',
    ]);
  });

  it('flag an intent placed twice and a gap in the numbers', async () => {
    const run = await soundState();
    await insertOrder('o-2-again', '000000004');
    const intents = new Map(run.intents);
    intents.set('alice|watch', new Set(['o-2', 'o-2-again']));
    const result = await checkOrdersOnce(db, { ...run, intents });
    expect(result.violations).toHaveLength(2);
    expect(result.violations[0]).toMatch(/was placed 2 times: o-2, o-2-again/);
    expect(result.violations[1]).toMatch(/store nl: increment ids are not gap-free .*missing 3/);
  });

  it('flag oversold stock, reservations that do not add up, and a one-of-a-kind piece reserved twice', async () => {
    const run = await soundState();
    await insertOrder('o-3', '000000003');
    await insertReservation('o-3', 'RING-1', 1);
    await sql`update stock_items set qty = -1 where sku = 'RING-1'`.execute(db);
    await sql`update stock_items set qty = 2 where sku = 'WATCH-1'`.execute(db);
    const result = await checkStock(db, run);
    expect(result.violations).toEqual([
      'sku RING-1: stock is -1 (oversold)',
      'one-of-a-kind RING-1 has 2 live reservations (orders o-1, o-3): sold more than once',
      'sku WATCH-1: initial 5 − now 2 = 3, but the live reservations hold 2 (1 of them)',
    ]);
    // A released reservation gave its stock back: it no longer counts.
    await sql`update stock_items set qty = 3 where sku = 'WATCH-1'`.execute(db);
    await insertOrder('o-4', '000000004');
    await insertReservation('o-4', 'WATCH-1', 1, 5);
    expect((await checkStock(db, run)).violations.filter((text) => text.includes('WATCH-1'))).toEqual([]);
  });

  it('flag a device that holds a stale copy, a document the shop deleted, or misses one', async () => {
    const run = await soundState();
    const stale = line('w-line-2', 15);
    const ghost: Doc = { id: 'GHOST:0000000000000000', updatedAt: 5, writeId: 'w-ghost', sku: 'GHOST', qty: 1 };
    await storeDocument(ghost, true);
    const devices = [
      { name: 'alice/a', owner: ALICE, documents: { cart: [stale, ghost], wishlist: [], orders: [] } },
      { name: 'alice/b', owner: ALICE, documents: { cart: [], wishlist: [], orders: [] } },
    ];
    const result = await checkConvergence(db, { ...run, devices });
    expect(result.violations).toEqual([
      'alice/a cart/RING-1:0000000000000000: same write, but the device never got the shop’s copy; fields differ: updatedAt',
      'alice/a cart/GHOST:0000000000000000: the device shows it, the shop has it deleted or not at all',
      'alice/b cart/RING-1:0000000000000000: the shop has it, the device does not',
    ]);
  });

  it('flag a missing, doubled or never delivered confirmation, and a duplicate delivery no kill explains', async () => {
    const run = await soundState();
    await insertOrder('o-3', '000000003');
    await insertMail('000000002', 'queued');
    const deliveries = [
      ...run.deliveries,
      // Delivered again by another live instance: the outbox has no lease.
      { sender: 'i2-1', to: ['a@example.com'], subject: 'Your order #000000002', at: 2005 },
    ];
    const result = await checkMail(db, { ...run, deliveries });
    expect(result.violations).toEqual([
      'order 000000002 has 2 confirmations in the outbox (ids 2, 3)',
      'order 000000002: confirmation delivered 2 times (by i1-1 and i2-1) with no kill to explain it',
      'order 000000003 (o-3) has no confirmation in the outbox',
      'order 000000003: its confirmation was never delivered (outbox status none)',
    ]);
  });

  it('excuse a second delivery only when its first sender was killed while holding the mail', async () => {
    const run = await soundState();
    const deliveries = [...run.deliveries, { sender: 'i1-2', to: ['a@example.com'], subject: 'Your order #000000001', at: 9000 }];
    const heldWhenKilled = await checkMail(db, { ...run, deliveries, kills: [{ name: 'i1-1', at: 1200 }] });
    expect(heldWhenKilled.violations).toEqual([]);
    expect(heldWhenKilled.notes).toContain('order 000000001: delivered 2 times (i1-1 and i1-2); the earlier sender was killed while holding it');
    // Killed long after it delivered: it had marked the mail sent, so the second delivery is a real duplicate.
    const killedLater = await checkMail(db, { ...run, deliveries, kills: [{ name: 'i1-1', at: 60_000 }] });
    expect(killedLater.violations).toEqual(['order 000000001: confirmation delivered 2 times (by i1-1 and i1-2) with no kill to explain it']);
  });

  it('flag a gap in the event log, an event without its applied write, and a write logged twice', async () => {
    await soundState();
    await sql`delete from replication_events where write_id = 'w-line-1'`.execute(db);
    await sql`insert into applied_writes (write_id, collection, owner, at) values ('w-orphan', 'cart', ${ALICE}, 1)`.execute(db);
    await sql`insert into replication_events (collection, owner, doc_id, write_id, at, data) values ('cart', ${ALICE}, 'x', 'w-line-2', 30, '{}')`.execute(db);
    const result = await checkEventLog(db);
    expect(result.violations).toEqual([
      'the event log starts at seq 2, not 1',
      'the event log has 2 events but its highest seq is 3: gaps at 1',
      '2 events but 3 applied writes',
      '2 events but 1 distinct write ids: a write was logged twice',
    ]);
  });

  it('flag error lines in the instances’ logs, grouped by message', () => {
    const error = JSON.stringify({ level: 50, msg: 'request failed', err: { message: 'duplicate key value violates unique constraint "applied_writes_pkey"' } });
    const info = JSON.stringify({ level: 30, msg: 'Shop open at http://127.0.0.1:1/nl' });
    const result = checkServerErrors([`${info}\n${error}\n`, `${error}\nnot json\n`]);
    expect(result.violations).toEqual(['2 × request failed: duplicate key value violates unique constraint "applied_writes_pkey"']);
    expect(checkServerErrors([info]).violations).toEqual([]);
  });

  it('read increment ids from orders and mail subjects', () => {
    expect(parseIncrementId('000000012')).toEqual({ prefix: '', sequence: 12 });
    expect(parseIncrementId('DE000000003')).toEqual({ prefix: 'DE', sequence: 3 });
    expect(parseIncrementId('12-a')).toBeNull();
    expect(incrementIdInSubject('Ihre Bestellung #DE000000003: bitte überweisen')).toBe('DE000000003');
    expect(incrementIdInSubject('Welcome to the shop')).toBeNull();
  });
});
