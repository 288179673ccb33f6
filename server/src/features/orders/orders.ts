/**
 * Puts the orders feature together for app.ts: the placing step inside the `orders` replication writes, the
 * confirmation mail once the write committed, and the service the payment flow uses.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { compiledOnce, type Db } from '../../storage/database.ts';
import { loadTokenSecret } from '../accounts/token-secret.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Doc, ReplicationRepository } from '../replication/replication.repository.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';
import { orderConfirmationMail } from './order-mail.ts';
import { OrderPlacement } from './order-placement.ts';
import { OrdersService } from './orders.service.ts';
import { withOrderTables, type OrderItemsTable, type OrdersTable } from './orders.tables.ts';

/** Claims an order's confirmation (sets `mailed_at` unless set) and answers what the mail needs; compiled once. */
const claimMail = compiledOnce<{ id: string; at: number }, Pick<OrdersTable, 'customer_email' | 'store' | 'addresses' | 'increment_id' | 'currency' | 'grand_total' | 'order_token'>>(
  (db, value) =>
    withOrderTables(db)
      .updateTable('orders')
      .set({ mailed_at: value('at') })
      .where('id', '=', value('id'))
      .where('mailed_at', 'is', null)
      .returning(['customer_email', 'store', 'addresses', 'increment_id', 'currency', 'grand_total', 'order_token']),
);
const itemsOf = compiledOnce<{ orderId: string }, Pick<OrderItemsTable, 'name' | 'qty' | 'row_total_incl_tax'>>((db, value) =>
  withOrderTables(db).selectFrom('order_items').select(['name', 'qty', 'row_total_incl_tax']).where('order_id', '=', value('orderId')).orderBy('position'),
);

export interface OrdersFeature {
  service: OrdersService;
  /** Sends the confirmation of every placed order not mailed yet (after a crash between commit and mail). */
  mailPending(): Promise<number>;
}

export function createOrders(deps: {
  db: Db;
  replication: ReplicationRepository;
  catalogue: CatalogueService;
  methods: CheckoutMethods;
  mailer: Mailer;
  config: Pick<AppConfig, 'orders' | 'accounts' | 'dataDir'>;
  now: () => number;
  log?: FastifyBaseLogger;
}): OrdersFeature {
  const secret = loadTokenSecret(deps.config.dataDir, deps.config.accounts.tokenSecret);
  const service = new OrdersService({ db: deps.db, replication: deps.replication, secret, now: deps.now, ...(deps.log ? { log: deps.log } : {}) });
  const placement = new OrderPlacement({
    catalogue: deps.catalogue,
    methods: deps.methods,
    contactEmail: deps.config.orders.contactEmail,
    now: deps.now,
    statusHash: (token, incrementId) => service.statusHash(token, incrementId),
    ...(deps.log ? { log: deps.log } : {}),
  });
  deps.replication.onPrepare('orders', (docs, context) => placement.prepare(docs, context));

  const db = withOrderTables(deps.db);
  /** Claims the order's mail (mailed_at) so that two writers never send it twice, then queues it. */
  const mail = async (orderId: string): Promise<boolean> => {
    // The claim answers the row it claimed: the order just written is not read again.
    const order = (await claimMail(deps.db, { id: orderId, at: deps.now() })).rows[0];
    if (!order) return false;
    const { rows: items } = await itemsOf(deps.db, { orderId });
    const addresses = JSON.parse(order.addresses) as { billing?: { firstName?: string } };
    const hash = service.statusHash(order.order_token, order.increment_id);
    await deps.mailer.send(
      orderConfirmationMail({
        to: order.customer_email,
        store: order.store,
        firstname: addresses.billing?.firstName ?? '',
        incrementId: order.increment_id,
        currency: order.currency,
        grandTotal: Number(order.grand_total),
        items: items.map((item) => ({ name: item.name, qty: item.qty, row_total_incl_tax: Number(item.row_total_incl_tax) })),
        // The storefront's order-status page lives under the order's store (/<store>/order-status/...).
        statusUrl: `${deps.config.accounts.publicUrl}/${order.store}/order-status/${order.order_token}?hash=${hash}`,
      }),
    );
    return true;
  };
  deps.replication.onStored('orders', async (documents) => {
    for (const document of documents as unknown as Array<Doc & { resultCode?: number; transmited?: boolean }>) {
      if (document.transmited !== true || document.resultCode !== 200) continue;
      // The order is placed and committed: a mail problem must not fail the shopper's push.
      await mail(document.id).catch((error: unknown) => deps.log?.error({ err: error, orderId: document.id }, 'the order confirmation could not be queued'));
    }
  });

  return {
    service,
    async mailPending() {
      const waiting = await db.selectFrom('orders').select('id').where('mailed_at', 'is', null).execute();
      let sent = 0;
      for (const { id } of waiting) if (await mail(id)) sent++;
      return sent;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Placed orders (features/orders): read, comment, status, stock release. */
    orders: OrdersService;
  }
}
