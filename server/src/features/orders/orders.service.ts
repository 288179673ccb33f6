/**
 * The placed orders of the shop, for the payment flow and the order-status page (contract of issue 6). Orders are
 * placed by `OrderPlacement` inside the replication write of their document; this service reads them, records
 * comments, changes their status (the replicated document follows, so every device of the owner sees it) and gives
 * reserved stock back, once. Nobody sees an order without its `order_token` and the HMAC of token and increment id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { canChangeOrderStatus, isOrderStatus, ORDER_STATUS_LABELS, toMinorUnits, type OrderStatus } from '@shop/shared/orders/index';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { OrderItem } from '@shop/shared/sync/order.schema';
import type { Db } from '../../storage/database.ts';
import { runTransaction } from '../../storage/engine.ts';
import type { ReplicationRepository } from '../replication/replication.repository.ts';
import { withOrderTables, withOrderTablesTrx, type OrdersDb, type OrdersTable, type OrdersTrx } from './orders.tables.ts';

export type { OrderStatus } from '@shop/shared/orders/index';

/** An order as the payment flow and the status page need it. */
export interface PlacedOrder {
  /** The client-made order id: the idempotency key up to the payment provider. */
  id: string;
  increment_id: string;
  /** `guest:<cart token>` or `customer:<id>`. */
  owner: string;
  store: string;
  currency: string;
  /** In the currency's major units, as the totals show it (e.g. 1215.5). */
  grand_total: number;
  /** The same amount in minor units (cents), as payment providers take it. */
  grand_total_minor: number;
  status: OrderStatus;
  customer_email: string;
  /** The chosen payment method's code (e.g. multisafepay_ideal, banktransfer). */
  payment_method: string;
  /** The random token of the order-status page (/order-status/:order_token). */
  order_token: string;
  /** HMAC of order_token + increment_id: the `hash` the status page must bring. */
  status_hash: string;
  created_at: number;
}

export interface OrderCommentInput {
  comment: string;
  status: OrderStatus;
  is_customer_notified: boolean;
  is_visible_on_front: boolean;
}

export interface OrderComment extends OrderCommentInput {
  id: number;
  created_at: number;
}

/** A status change the shopper hears about (the paid and canceled mails). */
export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
}

export interface OrdersServiceOptions {
  db: Db;
  replication: ReplicationRepository;
  /** The key of the status-page hash. */
  secret: string;
  now: () => number;
  /** Queues the mail of a status change in the transaction that makes it; `deliver` runs after the commit. */
  statusMail?: { queue(trx: OrdersTrx, change: StatusChange): Promise<void>; deliver(): Promise<void> };
  /** Hears the skus whose reserved stock a cancel gave back, after the commit (the stock alerts look at them). */
  stockReleased?: (skus: string[]) => Promise<unknown>;
  log?: FastifyBaseLogger;
}

const ORDERS = 'orders';

export class OrdersService {
  private readonly db: OrdersDb;
  private readonly hashKey: Buffer;

  constructor(private readonly options: OrdersServiceOptions) {
    this.db = withOrderTables(options.db);
    this.hashKey = createHmac('sha256', options.secret).update('order-status-hash').digest();
  }

  /** The hash the order-status page needs beside the token. */
  statusHash(orderToken: string, incrementId: string): string {
    return createHmac('sha256', this.hashKey).update(`${orderToken}${incrementId}`).digest('base64url');
  }

  /** Whether a hash given with a token is the order's; compared in constant time. */
  verifyStatusHash(order: Pick<PlacedOrder, 'order_token' | 'increment_id'>, hash: string): boolean {
    const expected = Buffer.from(this.statusHash(order.order_token, order.increment_id));
    const given = Buffer.from(hash);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async getOrder(orderId: string): Promise<PlacedOrder | null> {
    const row = await this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    return row ? this.placed(row) : null;
  }

  async findByIncrementId(incrementId: string): Promise<PlacedOrder | null> {
    const row = await this.db.selectFrom('orders').selectAll().where('increment_id', '=', incrementId).executeTakeFirst();
    return row ? this.placed(row) : null;
  }

  /** The order of a status-page token (check the hash with `verifyStatusHash`). */
  async findByToken(orderToken: string): Promise<PlacedOrder | null> {
    const row = await this.db.selectFrom('orders').selectAll().where('order_token', '=', orderToken).executeTakeFirst();
    return row ? this.placed(row) : null;
  }

  /** The owner's placed orders, newest first. */
  async listForOwner(owner: string): Promise<PlacedOrder[]> {
    const rows = await this.db.selectFrom('orders').selectAll().where('owner', '=', owner).orderBy('created_at', 'desc').orderBy('increment_id', 'desc').execute();
    return rows.map((row) => this.placed(row));
  }

  /** Orders placed before `placedBefore` with one of `methods` that still wait for their payment (pending). */
  async awaitingPayment(placedBefore: number, methods: readonly string[]): Promise<PlacedOrder[]> {
    if (methods.length === 0) return [];
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', ['pending', 'pending_payment'])
      .where('payment_method', 'in', [...methods])
      .where('created_at', '<', placedBefore)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => this.placed(row));
  }

  /** The items of a placed order as it was placed (the placing owner's copy of the order document). */
  async orderedItems(orderId: string): Promise<OrderItem[]> {
    const row = await this.db
      .selectFrom('orders')
      .innerJoin('replicated_documents', (join) => join.onRef('replicated_documents.id', '=', 'orders.id').onRef('replicated_documents.owner', '=', 'orders.owner'))
      .select('replicated_documents.data')
      .where('orders.id', '=', orderId)
      .where('replicated_documents.collection', '=', ORDERS)
      .executeTakeFirst();
    if (!row) return [];
    const items = (JSON.parse(row.data) as { items?: unknown }).items;
    return Array.isArray(items) ? (items as OrderItem[]) : [];
  }

  /** Records a comment in the order's history (spec 2 §3 "Order comment payload"); the status is not changed here. */
  async addComment(orderId: string, input: OrderCommentInput): Promise<void> {
    await this.insertComment(this.db, orderId, input);
  }

  async comments(orderId: string): Promise<OrderComment[]> {
    const rows = await this.db.selectFrom('order_comments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      comment: row.comment,
      status: isOrderStatus(row.status) ? row.status : 'pending',
      is_customer_notified: row.is_customer_notified === 1,
      is_visible_on_front: row.is_visible_on_front === 1,
      created_at: Number(row.created_at),
    }));
  }

  /**
   * Changes the order's status and its replicated document (a server write: stamped, logged, replicated to the
   * owner's devices), with `reason` as a comment. A change the status rules refuse (e.g. a late payment of a
   * canceled order) changes nothing and is recorded as a hidden comment. Canceling gives the stock back (once).
   */
  async setStatus(orderId: string, status: OrderStatus, reason?: string): Promise<void> {
    const row = await this.db.selectFrom('orders').select(['owner', 'status']).where('id', '=', orderId).executeTakeFirst();
    if (!row) throw new Error(`There is no placed order ${orderId}`);
    let mailed = false;
    let released: string[] = [];
    await this.options.replication.writeServerSide(ORDERS, row.owner, orderId, async (current, trx) => {
      released = [];
      const orders = withOrderTablesTrx(trx);
      const stored = await orders.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirstOrThrow();
      const from = isOrderStatus(stored.status) ? stored.status : 'pending';
      const at = this.options.now();
      if (from === status && !reason) return null;
      if (!canChangeOrderStatus(from, status)) {
        await this.insertComment(orders, orderId, { comment: `Status ${ORDER_STATUS_LABELS[status]} refused: the order is ${ORDER_STATUS_LABELS[from]}${reason ? ` (${reason})` : ''}`, status: from, is_customer_notified: false, is_visible_on_front: false });
        return null;
      }
      await orders.updateTable('orders').set({ status, updated_at: at }).where('id', '=', orderId).execute();
      if (reason) await this.insertComment(orders, orderId, { comment: reason, status, is_customer_notified: false, is_visible_on_front: false });
      if (status === 'canceled') released = await this.releaseIn(orders, orderId);
      if (from !== status) {
        await this.options.statusMail?.queue(orders, { orderId, from, to: status });
        mailed = true;
      }
      if (!current || from === status) return null;
      const { writeId: _previous, ...data } = current.data;
      return { data: { ...data, status }, deleted: current.deleted };
    });
    await this.mirrorStatus(orderId, row.owner);
    if (released.length > 0) await this.options.stockReleased?.(released);
    if (mailed) await this.options.statusMail?.deliver().catch((error: unknown) => this.options.log?.error({ err: error }, 'an order status mail could not be delivered'));
  }

  /**
   * Brings the copies other owners hold of a placed order (a guest who moved to a new cart pushed it again, decision
   * 019) to the order's status.
   */
  private async mirrorStatus(orderId: string, placingOwner: string): Promise<void> {
    const copies = await this.db
      .selectFrom('replicated_documents')
      .select('owner')
      .where('collection', '=', ORDERS)
      .where('id', '=', orderId)
      .where('owner', '!=', placingOwner)
      .where('deleted', '=', 0)
      .execute();
    if (copies.length === 0) return;
    const { status } = await this.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    for (const { owner } of copies) {
      await this.options.replication.writeServerSide(ORDERS, owner, orderId, async (current) => {
        if (!current || current.deleted || current.data.resultCode !== 200 || current.data.status === status) return null;
        const { writeId: _previous, ...data } = current.data;
        return { data: { ...data, status } };
      });
    }
  }

  /** Gives the order's reserved stock back; a second call gives nothing. Answers whether anything was released. */
  async releaseStock(orderId: string): Promise<boolean> {
    const released = await runTransaction(this.options.db, (trx) => this.releaseIn(withOrderTablesTrx(trx), orderId));
    if (released.length > 0) await this.options.stockReleased?.(released);
    return released.length > 0;
  }

  /**
   * Claims the order's unreleased reservations first (one conditional update), then gives back exactly what it
   * claimed: two releases at once (two instances expiring unpaid orders beside a payment notification) cannot both
   * give the stock back, since the second one's update waits for the first and then finds nothing left to claim.
   * The stock rows are updated in sku order, the order placing locks them in.
   */
  private async releaseIn(trx: OrdersTrx, orderId: string): Promise<string[]> {
    const at = this.options.now();
    const claimed = await trx.updateTable('stock_reservations').set({ released_at: at }).where('order_id', '=', orderId).where('released_at', 'is', null).returning(['sku', 'qty']).execute();
    const reserved = [...claimed].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    for (const { sku, qty } of reserved) {
      await trx
        .updateTable('stock_items')
        .set({ qty: sql<number>`qty + ${qty}`, is_in_stock: sql<number>`case when qty + ${qty} > 0 then 1 else is_in_stock end` })
        .where('sku', '=', sku)
        .execute();
    }
    return reserved.map((r) => r.sku);
  }

  private async insertComment(db: OrdersDb | OrdersTrx, orderId: string, input: OrderCommentInput): Promise<void> {
    await db
      .insertInto('order_comments')
      .values({
        order_id: orderId,
        comment: input.comment.slice(0, 2000),
        status: input.status,
        is_customer_notified: input.is_customer_notified ? 1 : 0,
        is_visible_on_front: input.is_visible_on_front ? 1 : 0,
        created_at: this.options.now(),
      })
      .execute();
  }

  private placed(row: OrdersTable): PlacedOrder {
    const grandTotal = Number(row.grand_total);
    return {
      id: row.id,
      increment_id: row.increment_id,
      owner: row.owner,
      store: row.store,
      currency: row.currency,
      grand_total: grandTotal,
      grand_total_minor: toMinorUnits(grandTotal),
      status: isOrderStatus(row.status) ? row.status : 'pending',
      customer_email: row.customer_email,
      payment_method: row.payment_method,
      order_token: row.order_token,
      status_hash: this.statusHash(row.order_token, row.increment_id),
      created_at: Number(row.created_at),
    };
  }
}
