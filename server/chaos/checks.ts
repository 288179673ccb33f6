/**
 * The chaos run's verdict: the shop's promises checked against its database (through `openDatabase`, either engine)
 * and what the shoppers and the mail sink saw. Each check answers how many things it looked at and every violation
 * it found, each with enough detail to point at its cause.
 */
import { canonicalJson } from '@shop/shared/sync/canonical';
import { sql } from 'kysely';
import type { ReceivedMail } from '../src/features/mail/smtp-sink.ts';
import type { Db } from '../src/storage/database.ts';
import type { ChaosCollection, Doc } from './shopper.ts';

/** A mail at the sink, as the checks read it: `sender` is the instance process that delivered it (e.g. "i1-3"). */
export type Delivery = Pick<ReceivedMail, 'sender' | 'to' | 'subject' | 'at'>;

export interface CheckResult {
  name: string;
  /** How many things were checked (orders, skus, documents, mails, events). */
  checked: number;
  violations: string[];
  /** Facts worth printing that are not violations (e.g. an excused duplicate mail). */
  notes: string[];
}

export interface DeviceState {
  name: string;
  owner: string;
  documents: Record<ChaosCollection, Doc[]>;
}

export interface RunRecord {
  /** Order id → the increment id a device saw answered with 200. */
  acknowledged: ReadonlyMap<string, { incrementId: string; owner: string }>;
  /** Orders answered with two different increment ids (seen by the devices). */
  contradictions: readonly string[];
  /** One placement intent (owner and cart) → the order ids written for it. */
  intents: ReadonlyMap<string, ReadonlySet<string>>;
  /** Stock (`stock_items.qty`) of managed skus before the shoppers started. */
  initialStock: ReadonlyMap<string, number>;
  devices: readonly DeviceState[];
  deliveries: readonly Delivery[];
  /** Instance lives killed with SIGKILL (their SMTP login) and when. */
  kills: ReadonlyArray<{ name: string; at: number }>;
  /** A duplicate delivery is excused when its first sender was killed within this many ms after delivering it. */
  holdWindowMs?: number;
}

const num = (value: unknown) => Number(value);

/** The sequence number of an increment id (its trailing digits) and its store prefix. */
export function parseIncrementId(incrementId: string): { prefix: string; sequence: number } | null {
  const match = /^([A-Z]*)(\d+)$/.exec(incrementId);
  return match ? { prefix: match[1]!, sequence: Number(match[2]) } : null;
}

/** The increment id a confirmation mail is about, from its subject ("Your order #000000012"). */
export function incrementIdInSubject(subject: string): string | null {
  return /#([A-Z]*\d+)/.exec(subject)?.[1] ?? null;
}

interface OrderRow {
  id: string;
  owner: string;
  store: string;
  increment_id: string;
}

async function orderRows(db: Db): Promise<OrderRow[]> {
  return (await db
    .withTables<{ orders: OrderRow }>()
    .selectFrom('orders')
    .select(['id', 'owner', 'store', 'increment_id'])
    .execute()) as OrderRow[];
}

/** Every acknowledged order exists with the increment id the shopper was told. */
export async function checkAcknowledged(db: Db, run: RunRecord): Promise<CheckResult> {
  const rows = new Map((await orderRows(db)).map((row) => [row.id, row]));
  const violations: string[] = [...run.contradictions.map((text) => `order answered with two numbers: ${text}`)];
  for (const [id, { incrementId, owner }] of run.acknowledged) {
    const row = rows.get(id);
    if (!row) violations.push(`acknowledged order ${id} (${incrementId}, ${owner}) has no orders row: lost`);
    else if (row.increment_id !== incrementId) violations.push(`acknowledged order ${id} was told ${incrementId} but the shop holds ${row.increment_id}`);
  }
  return { name: 'acknowledged orders exist', checked: run.acknowledged.size, violations, notes: [] };
}

/** No intent placed twice; increment ids unique and gap-free per store (1..n). */
export async function checkOrdersOnce(db: Db, run: RunRecord): Promise<CheckResult> {
  const rows = await orderRows(db);
  const ids = new Set(rows.map((row) => row.id));
  const violations: string[] = [];
  for (const [intent, orderIds] of run.intents) {
    const placed = [...orderIds].filter((id) => ids.has(id));
    if (placed.length > 1) violations.push(`one placement (${intent.slice(0, 80)}…) was placed ${placed.length} times: ${placed.join(', ')}`);
  }
  const byStore = new Map<string, number[]>();
  const seen = new Map<string, string>();
  for (const row of rows) {
    const other = seen.get(row.increment_id);
    if (other) violations.push(`increment id ${row.increment_id} is used by orders ${other} and ${row.id}`);
    seen.set(row.increment_id, row.id);
    const parsed = parseIncrementId(row.increment_id);
    if (!parsed) {
      violations.push(`order ${row.id} has an unreadable increment id ${row.increment_id}`);
      continue;
    }
    const list = byStore.get(row.store) ?? [];
    list.push(parsed.sequence);
    byStore.set(row.store, list);
  }
  for (const [store, sequences] of byStore) {
    const sorted = [...new Set(sequences)].sort((a, b) => a - b);
    const missing: number[] = [];
    for (let expected = 1, index = 0; index < sorted.length; expected++) {
      if (sorted[index] === expected) index++;
      else missing.push(expected);
      if (missing.length > 20) break;
    }
    if (missing.length > 0) violations.push(`store ${store}: increment ids are not gap-free (${sorted.length} orders, highest ${sorted.at(-1)}); missing ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`);
  }
  return { name: 'orders placed once, numbers unique and gap-free', checked: rows.length, violations, notes: [] };
}

/** Per sku: qty ≥ 0 and initial − qty = Σ unreleased reservations; a one-of-a-kind piece has at most one live one. */
export async function checkStock(db: Db, run: RunRecord): Promise<CheckResult> {
  const stock = new Map(
    (await db.withTables<{ stock_items: { sku: string; qty: number; manage_stock: number; backorders: number } }>().selectFrom('stock_items').select(['sku', 'qty', 'manage_stock', 'backorders']).execute()).map((row) => [
      row.sku,
      { qty: num(row.qty), managed: num(row.manage_stock) === 1, backorders: num(row.backorders) === 1 },
    ]),
  );
  const reservations = await db
    .withTables<{ stock_reservations: { order_id: string; sku: string; qty: number; released_at: number | null } }>()
    .selectFrom('stock_reservations')
    .select(['order_id', 'sku', 'qty'])
    .where('released_at', 'is', null)
    .execute();
  const reserved = new Map<string, { qty: number; count: number; orders: string[] }>();
  for (const row of reservations) {
    const entry = reserved.get(row.sku) ?? { qty: 0, count: 0, orders: [] };
    entry.qty += num(row.qty);
    entry.count += 1;
    entry.orders.push(row.order_id);
    reserved.set(row.sku, entry);
  }
  const violations: string[] = [];
  for (const [sku, initial] of run.initialStock) {
    const now = stock.get(sku);
    if (!now) {
      violations.push(`sku ${sku}: its stock row is gone`);
      continue;
    }
    const taken = reserved.get(sku) ?? { qty: 0, count: 0, orders: [] };
    if (now.managed && !now.backorders && now.qty < 0) violations.push(`sku ${sku}: stock is ${now.qty} (oversold)`);
    if (initial - now.qty !== taken.qty) violations.push(`sku ${sku}: initial ${initial} − now ${now.qty} = ${initial - now.qty}, but the live reservations hold ${taken.qty} (${taken.count} of them)`);
    if (initial === 1 && taken.count > 1) violations.push(`one-of-a-kind ${sku} has ${taken.count} live reservations (orders ${taken.orders.join(', ')}): sold more than once`);
  }
  return { name: 'stock never oversold, reservations add up', checked: run.initialStock.size, violations, notes: [] };
}

/** Per owner: every device's live documents equal the server's (replicated_documents, not deleted). */
export async function checkConvergence(db: Db, run: RunRecord): Promise<CheckResult> {
  const violations: string[] = [];
  let checked = 0;
  const owners = [...new Set(run.devices.map((device) => device.owner))];
  const server = new Map<string, Map<string, Doc>>();
  for (const part of chunk(owners, 200)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('replicated_documents')
      .select(['collection', 'owner', 'id', 'data'])
      .where('owner', 'in', part)
      .where('collection', 'in', ['cart', 'wishlist', 'orders'])
      .where('deleted', '=', 0)
      .execute();
    for (const row of rows) {
      const key = `${row.owner}|${row.collection}`;
      const docs = server.get(key) ?? new Map<string, Doc>();
      docs.set(row.id, JSON.parse(row.data) as Doc);
      server.set(key, docs);
    }
  }
  for (const device of run.devices) {
    for (const collection of Object.keys(device.documents) as ChaosCollection[]) {
      const theirs = server.get(`${device.owner}|${collection}`) ?? new Map<string, Doc>();
      const mine = new Map(device.documents[collection].map((doc) => [doc.id, doc]));
      for (const [id, doc] of mine) {
        checked++;
        const master = theirs.get(id);
        if (!master) violations.push(`${device.name} ${collection}/${id}: the device shows it, the shop has it deleted or not at all`);
        else if (canonicalJson(master) !== canonicalJson(doc)) violations.push(`${device.name} ${collection}/${id}: ${describeDifference(doc, master)}`);
      }
      for (const id of theirs.keys()) if (!mine.has(id)) violations.push(`${device.name} ${collection}/${id}: the shop has it, the device does not`);
    }
  }
  const kinds = {
    'stale copy (same write; the shop’s stamped copy never reached the device)': violations.filter((text) => text.includes('same write')).length,
    'a different write': violations.filter((text) => text.includes('a different write')).length,
    'missing on the device': violations.filter((text) => text.includes('the device does not')).length,
    'deleted or unknown at the shop': violations.filter((text) => text.includes('deleted or not at all')).length,
  };
  const notes = Object.entries(kinds)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} × ${kind}`);
  return { name: 'every device converged', checked, violations, notes };
}

/** What differs between a device's copy and the shop's: which fields, and whether it is the same write. */
export function describeDifference(device: Doc, master: Doc): string {
  const fields = [...new Set([...Object.keys(device), ...Object.keys(master)])].filter((field) => canonicalJson(device[field]) !== canonicalJson(master[field]));
  const sameWrite = device.writeId === master.writeId;
  return `${sameWrite ? 'same write, but the device never got the shop’s copy' : 'a different write'}; fields differ: ${fields.join(', ')}`;
}

interface OutboxRow {
  id: number;
  subject: string;
  kind: string;
  status: string;
  ref?: string | null;
}

/**
 * Exactly one confirmation per placed order: one outbox row (by its `ref` when the column exists, else by the order
 * number in the subject) and one delivery at the mail sink. A second delivery is excused only when every earlier
 * sender of it was killed within `holdWindowMs` after delivering it (it held the mail: delivered, not yet marked sent).
 */
export async function checkMail(db: Db, run: RunRecord): Promise<CheckResult> {
  const holdWindow = run.holdWindowMs ?? 5_000;
  const orders = await orderRows(db);
  const violations: string[] = [];
  const notes: string[] = [];
  let outbox: OutboxRow[];
  let byRef = true;
  try {
    outbox = (await sql<OutboxRow>`select id, subject, kind, status, ref from outbox where kind = 'order-confirmation'`.execute(db)).rows;
  } catch {
    byRef = false;
    outbox = (await sql<OutboxRow>`select id, subject, kind, status from outbox where kind = 'order-confirmation'`.execute(db)).rows;
  }
  notes.push(byRef ? 'outbox rows matched by ref' : 'outbox has no ref column: rows matched by the order number in the subject');
  const rowsOf = new Map<string, OutboxRow[]>();
  const byIncrement = new Map(orders.map((order) => [order.increment_id, order]));
  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const row of outbox) {
    const order = byRef && row.ref ? (byId.get(row.ref) ?? byIncrement.get(row.ref)) : byIncrement.get(incrementIdInSubject(row.subject) ?? '');
    if (!order) {
      violations.push(`outbox confirmation ${row.id} ("${row.subject}") belongs to no placed order`);
      continue;
    }
    const list = rowsOf.get(order.id) ?? [];
    list.push(row);
    rowsOf.set(order.id, list);
  }
  const deliveriesOf = new Map<string, Delivery[]>();
  for (const delivery of run.deliveries) {
    const incrementId = incrementIdInSubject(delivery.subject);
    if (!incrementId) continue;
    const list = deliveriesOf.get(incrementId) ?? [];
    list.push(delivery);
    deliveriesOf.set(incrementId, list);
  }
  for (const order of orders) {
    const rows = rowsOf.get(order.id) ?? [];
    if (rows.length === 0) violations.push(`order ${order.increment_id} (${order.id}) has no confirmation in the outbox`);
    if (rows.length > 1) violations.push(`order ${order.increment_id} has ${rows.length} confirmations in the outbox (ids ${rows.map((row) => row.id).join(', ')})`);
    const delivered = (deliveriesOf.get(order.increment_id) ?? []).sort((a, b) => a.at - b.at);
    if (delivered.length === 0) violations.push(`order ${order.increment_id}: its confirmation was never delivered (outbox status ${rows.map((row) => row.status).join(', ') || 'none'})`);
    if (delivered.length > 1) {
      // Every delivery but the last must have been made by a process killed right after it (it held the mail).
      const excused = delivered.slice(0, -1).every((first) => run.kills.some((kill) => kill.name === first.sender && kill.at >= first.at && kill.at - first.at <= holdWindow));
      const who = delivered.map((delivery) => delivery.sender).join(' and ');
      if (excused) notes.push(`order ${order.increment_id}: delivered ${delivered.length} times (${who}); the earlier sender was killed while holding it`);
      else violations.push(`order ${order.increment_id}: confirmation delivered ${delivered.length} times (by ${who}) with no kill to explain it`);
    }
  }
  for (const [incrementId] of deliveriesOf) if (!byIncrement.has(incrementId)) violations.push(`a confirmation for ${incrementId} was delivered but there is no such order`);
  return { name: 'one confirmation mail per order', checked: orders.length, violations, notes };
}

/** The event log: seq 1..max with count = max, one event per applied write, each write id once. */
export async function checkEventLog(db: Db): Promise<CheckResult> {
  const violations: string[] = [];
  const events = await sql<{ count: number; max: number | null; min: number | null; writes: number }>`
    select count(*) as count, max(seq) as max, min(seq) as min, count(distinct write_id) as writes from replication_events`.execute(db);
  const applied = await sql<{ count: number }>`select count(*) as count from applied_writes`.execute(db);
  const { count, max, min, writes } = events.rows[0]!;
  const total = num(count);
  const highest = max === null ? 0 : num(max);
  if (total > 0 && num(min) !== 1) violations.push(`the event log starts at seq ${min}, not 1`);
  if (total !== highest) {
    const seqs = (await sql<{ seq: number }>`select seq from replication_events order by seq`.execute(db)).rows.map((row) => num(row.seq));
    const gaps: string[] = [];
    let previous = 0;
    for (const seq of seqs) {
      if (seq !== previous + 1) gaps.push(seq - previous === 2 ? String(previous + 1) : `${previous + 1}–${seq - 1}`);
      previous = seq;
      if (gaps.length > 20) break;
    }
    violations.push(`the event log has ${total} events but its highest seq is ${highest}: gaps at ${gaps.slice(0, 20).join(', ')}${gaps.length > 20 ? ', …' : ''}`);
  }
  if (num(applied.rows[0]!.count) !== total) violations.push(`${total} events but ${num(applied.rows[0]!.count)} applied writes`);
  if (num(writes) !== total) violations.push(`${total} events but ${num(writes)} distinct write ids: a write was logged twice`);
  return { name: 'event log gap-free, one event per write', checked: total, violations, notes: [] };
}

/**
 * The server's own error log lines (level 50 and up, pino JSON) of every instance, grouped by message: a 5xx the
 * client never saw (the dropped copy of a duplicated request) shows up here.
 */
export function checkServerErrors(logs: readonly string[]): CheckResult {
  const byMessage = new Map<string, number>();
  let checked = 0;
  for (const text of logs) {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      checked++;
      let entry: { level?: number; msg?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if ((entry.level ?? 0) < 50) continue;
      const key = `${entry.msg ?? ''}: ${(entry.err?.message ?? '').slice(0, 160)}`;
      byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
    }
  }
  const violations = [...byMessage].sort((a, b) => b[1] - a[1]).map(([message, count]) => `${count} × ${message}`);
  return { name: 'no server errors in the instances’ logs', checked, violations, notes: [] };
}

export async function runChecks(db: Db, run: RunRecord): Promise<CheckResult[]> {
  return [await checkAcknowledged(db, run), await checkOrdersOnce(db, run), await checkStock(db, run), await checkConvergence(db, run), await checkMail(db, run), await checkEventLog(db)];
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < items.length; index += size) parts.push(items.slice(index, index + size));
  return parts;
}
