/**
 * Puts the orders feature together for app.ts: the placing step inside the `orders` replication writes (with the
 * confirmation mail queued in the same transaction, delivered once it committed), and the service the payment flow
 * uses.
 */
import { DEFAULT_STORE, isLanguage, isStoreCode, taxDefaultCountry } from '@shop/shared';
import { mailLanguage } from '@shop/shared/stores/shopper-locale';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { compiledOnce, type Db, type Trx } from '../../storage/database.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReplicationRepository } from '../replication/replication.repository.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';
import { BANK_TRANSFER_CODE, bankTransferInstructions, KNOWN_PAYMENT_METHODS, paymentRequired } from '@shop/shared/orders/index';
import { lineOptionsOf, type LineOptionsSource } from '@shop/shared/cart/line-options';
import { orderConfirmationMail, type OrderMailKind } from './order-mail.ts';
import { OrderPlacement, type PlacedOrderMail } from './order-placement.ts';
import { OrdersService, type StatusChange } from './orders.service.ts';
import { withOrderTables, type OrderItemsTable, type OrdersTable, type OrdersTrx } from './orders.tables.ts';

/** What a placed order's first mail says: waiting for an online payment, for a bank transfer, or simply placed. */
export function placedMailKind(paymentMethod: string, grandTotal: number): OrderMailKind {
  const method = KNOWN_PAYMENT_METHODS.find((known) => known.code === paymentMethod);
  if (method && paymentRequired(method.is_server_method, grandTotal)) return 'awaitingPayment';
  return paymentMethod === BANK_TRANSFER_CODE ? 'awaitingTransfer' : 'placed';
}

/** Claims an order's confirmation (sets `mailed_at` unless set) and answers what the mail needs; compiled once. */
type MailedOrder = Pick<OrdersTable, 'customer_email' | 'store' | 'language' | 'addresses' | 'increment_id' | 'currency' | 'grand_total' | 'order_token' | 'payment_method' | 'created_at'>;
const MAILED_FIELDS = ['customer_email', 'store', 'language', 'addresses', 'increment_id', 'currency', 'grand_total', 'order_token', 'payment_method', 'created_at'] as const;
const claimMail = compiledOnce<{ id: string; at: number }, MailedOrder>((db, value) =>
  withOrderTables(db).updateTable('orders').set({ mailed_at: value('at') }).where('id', '=', value('id')).where('mailed_at', 'is', null).returning([...MAILED_FIELDS]),
);
const itemsOf = compiledOnce<{ orderId: string }, Pick<OrderItemsTable, 'name' | 'qty' | 'row_total_incl_tax'>>((db, value) =>
  withOrderTables(db).selectFrom('order_items').select(['name', 'qty', 'row_total_incl_tax']).where('order_id', '=', value('orderId')).orderBy('position'),
);
/** The order document as placed (the placing owner's copy), whose items keep the options and size of each line. */
const placedDocument = compiledOnce<{ orderId: string }, { data: string }>((db, value) =>
  withOrderTables(db)
    .selectFrom('orders')
    .innerJoin('replicated_documents', (join) => join.onRef('replicated_documents.id', '=', 'orders.id').onRef('replicated_documents.owner', '=', 'orders.owner'))
    .select('replicated_documents.data')
    .where('orders.id', '=', value('orderId'))
    .where('replicated_documents.collection', '=', 'orders'),
);

/** Each item's chosen options and size, by position, as the order document holds them (none when it cannot be read). */
async function placedLineOptions(trx: Trx, orderId: string): Promise<LineOptionsSource[]> {
  const { rows } = await placedDocument(trx, { orderId });
  if (!rows[0]) return [];
  try {
    const items = (JSON.parse(rows[0].data) as { items?: unknown }).items;
    return Array.isArray(items) ? items.map((item) => lineOptionsOf(item as LineOptionsSource)) : [];
  } catch {
    return [];
  }
}

export interface OrdersFeature {
  service: OrdersService;
  /** Queues the confirmation of every placed order that has none yet (the mailer's flush delivers it); answers how many. */
  mailPending(): Promise<number>;
}

export function createOrders(deps: {
  db: Db;
  replication: ReplicationRepository;
  catalogue: CatalogueService;
  methods: CheckoutMethods;
  mailer: Mailer;
  config: Pick<AppConfig, 'orders' | 'accounts' | 'currencyRates' | 'taxCountry'>;
  /** The token secret (token-secret.ts, loaded once in app.ts): it signs the order-status links. */
  secret: string;
  now: () => number;
  /** Hears the skus a canceled order gave back (after the commit). */
  stockReleased?: (skus: string[]) => Promise<unknown>;
  log?: FastifyBaseLogger;
}): OrdersFeature {
  const secret = deps.secret;
  /**
   * The mail of a placed order, with its order-status link (under the order's store); its outbox `ref` names the order
   * (one confirmation per order, whatever instance placed it).
   */
  const confirmation = (order: PlacedOrderMail) => ({
    ...orderConfirmationMail({
      ...order,
      statusUrl: `${deps.config.accounts.publicUrl}/${order.store}/order-status/${order.orderToken}?hash=${order.hash}`,
    }),
    ref: order.orderId,
  });
  /** The mail of an order as stored, of the given kind (its outbox `ref` is the order id). */
  const mailOf = async (trx: Trx | OrdersTrx, orderId: string, order: MailedOrder, kind: OrderMailKind) => {
    const { rows: items } = await itemsOf(trx as Trx, { orderId });
    // The same rows under each line as the first mail (the size of a ring, the pieces of a set).
    const options = await placedLineOptions(trx as Trx, orderId);
    const addresses = JSON.parse(order.addresses) as { billing?: { firstName?: string } };
    const grandTotal = Number(order.grand_total);
    return confirmation({
      orderId,
      to: order.customer_email,
      store: order.store,
      language: mailLanguage({ storeCode: isStoreCode(order.store) ? order.store : DEFAULT_STORE, language: isLanguage(order.language) ? order.language : null }),
      firstname: addresses.billing?.firstName ?? '',
      incrementId: order.increment_id,
      currency: order.currency,
      grandTotal,
      placedAt: Number(order.created_at),
      items: items.map((item, index) => ({ name: item.name, qty: item.qty, row_total_incl_tax: Number(item.row_total_incl_tax), ...options[index] })),
      orderToken: order.order_token,
      hash: service.statusHash(order.order_token, order.increment_id),
      kind,
      ...(kind === 'awaitingTransfer' ? { bankTransfer: bankTransferInstructions(deps.config.orders.bankAccount, { grand_total: grandTotal, currency: order.currency, increment_id: order.increment_id }) } : {}),
    });
  };
  /** Paid (from waiting) and canceled are told to the shopper, in the transaction that changes the status. */
  const statusMail = {
    async queue(trx: OrdersTrx, change: StatusChange) {
      const kind: OrderMailKind | null = change.to === 'canceled' ? 'canceled' : change.to === 'processing' && (change.from === 'pending' || change.from === 'pending_payment') ? 'paid' : null;
      if (!kind) return;
      const order = await trx.selectFrom('orders').select([...MAILED_FIELDS]).where('id', '=', change.orderId).executeTakeFirst();
      if (order) await deps.mailer.queue(trx as unknown as Trx, await mailOf(trx, change.orderId, order, kind));
    },
    deliver: () => deps.mailer.flush(),
  };
  const service = new OrdersService({ db: deps.db, replication: deps.replication, secret, now: deps.now, statusMail, ...(deps.stockReleased ? { stockReleased: deps.stockReleased } : {}), ...(deps.log ? { log: deps.log } : {}) });
  const placement = new OrderPlacement({
    catalogue: deps.catalogue,
    methods: deps.methods,
    contactEmail: deps.config.orders.contactEmail,
    currencyRates: deps.config.currencyRates,
    taxCountry: taxDefaultCountry(deps.config.taxCountry),
    bankAccount: deps.config.orders.bankAccount,
    mailKind: placedMailKind,
    now: deps.now,
    statusHash: (token, incrementId) => service.statusHash(token, incrementId),
    queueConfirmation: (trx, order) => deps.mailer.queue(trx, confirmation(order)),
    ...(deps.log ? { log: deps.log } : {}),
  });
  deps.replication.onPrepare('orders', (docs, context) => placement.prepare(docs, context));
  deps.replication.onStored('orders', async (documents) => {
    // A placed order's confirmation was queued in its transaction: deliver it now that it committed. A mail problem
    // must not fail the shopper's push (the mail stays queued and is delivered at the next start).
    if (!documents.some((document) => document.transmited === true && document.resultCode === 200)) return;
    await deps.mailer.flush().catch((error: unknown) => deps.log?.error({ err: error }, 'the order confirmations could not be delivered'));
  });

  const db = withOrderTables(deps.db);
  /** Claims a placed order's mail (mailed_at) and queues it in the same transaction; false when it had one. */
  const queueLate = async (trx: Trx, orderId: string): Promise<boolean> => {
    const order = (await claimMail(trx, { id: orderId, at: deps.now() })).rows[0];
    if (!order) return false;
    await deps.mailer.queue(trx, await mailOf(trx, orderId, order, placedMailKind(order.payment_method, Number(order.grand_total))));
    return true;
  };
  return {
    service,
    async mailPending() {
      // Orders placed before confirmations were queued in the placing transaction may still have none.
      const waiting = await db.selectFrom('orders').select('id').where('mailed_at', 'is', null).execute();
      let queued = 0;
      for (const { id } of waiting) if (await deps.db.transaction().execute((trx) => queueLate(trx, id))) queued++;
      return queued;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Placed orders (features/orders): read, comment, status, stock release. */
    orders: OrdersService;
  }
}
