/**
 * Places orders exactly once, inside the replication write that stores their document (decision orders). A
 * confirmed order document that was never placed is validated, priced from the catalogue with the cart's rules (the
 * client's prices and totals are ignored), its stock reserved with one conditional update, numbered from its store's
 * sequence and recorded with the write id that placed it, all in the write's SQLite transaction; the result fields
 * are written onto the same document, so they replicate back with it. A failure reserves nothing (the work is undone
 * to a savepoint) and writes the spec's message. Repeated, retried and concurrent pushes find the order row and
 * change nothing. On PostgreSQL the write holds its locks in one order (decision 041): the owner's clock, the stock
 * rows in sku order, then the store's number row, taken last, after every check that may refuse the order (numbers
 * stay gap-free: a refused order never takes one, and anything failing after it undoes it with the savepoint), then
 * the log head; the rows every order of a store or sku waits for are held for as few statements as can be. A deadlock
 * is not a refusal: it makes the whole push run again.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_STORE, isStoreCode, marketFor, type CurrencyRates, type Language, type Product } from '@shop/shared';
import { checkCustomSize, lineMemberSkus, resolveLine, type CartLineDoc } from '@shop/shared/cart/index';
import { lineOptionsOf, type LineOptionsSource } from '@shop/shared/cart/line-options';
import {
  BANK_TRANSFER_CODE,
  bankTransferInstructions,
  checkOrder,
  clientTotalsDiffer,
  formatIncrementId,
  ORDER_FAILURE_CODES,
  orderMessage,
  orderMessageKey,
  paymentRequired,
  paymentAllowedForTotal,
  KNOWN_PAYMENT_METHODS,
  purchaseOrderNumber,
  PURCHASE_ORDER_CODE,
  productsNotShippableTo,
  type BankAccount,
  type BankTransferInstructions,
  type OrderFieldProblem,
  type OrderTotals,
} from '@shop/shared/orders/index';
import { mailLanguage } from '@shop/shared/stores/shopper-locale';
import { ORDER_SERVER_OWNED_FIELDS, type OrderDoc } from '@shop/shared/sync/order.schema';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { quoteTotals } from '../cart/cart.totals.ts';
import type { Coupon } from '../cart/cart.repository.ts';
import type { Doc, Trx } from '../replication/replication.repository.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';
import { compiledOnce } from '../../storage/database.ts';
import { engineOf, isConcurrencyConflict, lockSkus } from '../../storage/engine.ts';
import type { OrderMailKind } from './order-mail.ts';
import { withOrderTables, withOrderTablesTrx, type OrderItemsTable, type OrdersTable, type OrderTables, type OrdersTrx, type StockReservationsTable } from './orders.tables.ts';

type FailureKind = 'invalidAddress' | 'validationError' | 'notAvailable' | 'notShippable' | 'paymentNotAllowed' | 'placingError';

/** What a refused order names: the field, the message (or the sku that is short), and the product it is about. */
interface PlacementProblem {
  field: string;
  message: string;
  sku?: string;
}

/** Thrown inside a placement to undo it to the savepoint and write the failure. */
type FailureValues = { product?: string; country?: string; method?: string; limit?: string };

class PlacementFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly problems: readonly (OrderFieldProblem | PlacementProblem)[] = [],
    /**
     * What the message names besides the contact address: the product and country of `notShippable`; the method code
     * and the limit in euros of `paymentNotAllowed`.
     */
    readonly values: FailureValues = {},
  ) {
    super(kind);
  }
}

export interface PlacementOptions {
  catalogue: CatalogueService;
  methods: CheckoutMethods;
  contactEmail: string;
  /** Units of each currency per catalogue euro (CURRENCY_RATES): an order is converted at the rate of its moment. */
  currencyRates: CurrencyRates;
  /** The shop's own tax country (TAX_COUNTRY). */
  taxCountry: string;
  /** The account bank transfers are paid to. */
  bankAccount: BankAccount;
  /** What the order's first mail says, from its payment method and total. */
  mailKind: (paymentMethod: string, grandTotal: number) => OrderMailKind;
  now: () => number;
  statusHash: (orderToken: string, incrementId: string) => string;
  /** Queues the order's confirmation mail in the placing transaction: it exists exactly when the order does. */
  queueConfirmation: (trx: Trx, order: PlacedOrderMail) => Promise<void>;
  log?: FastifyBaseLogger;
}

/** What the confirmation mail of a placed order says. */
export interface PlacedOrderMail {
  /** The order's id: the outbox names the order by it (`ref`). */
  orderId: string;
  to: string;
  store: string;
  language: Language;
  firstname: string;
  incrementId: string;
  currency: string;
  grandTotal: number;
  placedAt: number;
  items: ReadonlyArray<{ name: string; qty: number; row_total_incl_tax: number } & LineOptionsSource>;
  orderToken: string;
  hash: string;
  kind: OrderMailKind;
  bankTransfer?: BankTransferInstructions;
}

export interface PlacedResult {
  order_id: string;
  increment_id: string;
  status: string;
  totals: OrderTotals;
  payment_required: boolean;
  payment_method: string;
  order_token: string;
  hash: string;
  /** A bank transfer's instructions: the shop's account, the amount and the order number as reference. */
  bank_transfer?: BankTransferInstructions;
}

/** The store sequence prefix: the default store's numbers are bare (000000001), the others carry their code. */
function incrementPrefix(store: string): string {
  return store === DEFAULT_STORE ? '' : store.toUpperCase();
}

/*
 * The placing statements of fixed shape (and those of a one-line order), built and compiled once (`compiledOnce`):
 * Kysely's builder costs more than SQLite's work for them. Orders of several lines build theirs.
 */
const placedRow = compiledOnce<{ id: string }, { owner: string; order_token: string }>((db, value) =>
  withOrderTables(db).selectFrom('orders').select(['owner', 'order_token']).where('id', '=', value('id')),
);
/** The order document as its placing owner holds it (the copy whose result fields a moved shopper gets). */
const ownersCopy = compiledOnce<{ owner: string; id: string }, { data: string }>((db, value) =>
  db.selectFrom('replicated_documents').select('data').where('collection', '=', 'orders').where('owner', '=', value('owner')).where('id', '=', value('id')),
);
const cartCoupon = compiledOnce<{ owner: string }, Coupon>((db, value) =>
  db
    .selectFrom('carts')
    .innerJoin('coupons', 'coupons.code', 'carts.coupon_code')
    .select(['coupons.code', 'coupons.kind', 'coupons.amount', 'coupons.description'])
    .where('carts.owner', '=', value('owner'))
    .where('coupons.active', '=', 1),
);
const nextNumber = compiledOnce<{ store: string }, { last_value: number }>((db, value) =>
  withOrderTables(db)
    .insertInto('order_sequences')
    .values({ store: value('store'), last_value: 1 })
    .onConflict((oc) => oc.column('store').doUpdateSet({ last_value: sql<number>`order_sequences.last_value + 1` }))
    .returning('last_value'),
);
const setIncrementId = compiledOnce<{ id: string; increment_id: string }, never>((db, value) =>
  withOrderTables(db).updateTable('orders').set({ increment_id: value('increment_id') }).where('id', '=', value('id')),
);
/**
 * PostgreSQL: the store's next number and the order row's increment id in one statement (one round trip less while
 * the store's number row is locked), formatted as `formatIncrementId` does: the prefix, then at least 9 digits.
 */
const numberOrder = compiledOnce<{ store: string; prefix: string; id: string }, { last_value: number; increment_id: string }>((db, value) =>
  withOrderTables(db)
    .with('n', (w) =>
      w
        .insertInto('order_sequences')
        .values({ store: value('store'), last_value: 1 })
        .onConflict((oc) => oc.column('store').doUpdateSet({ last_value: sql<number>`order_sequences.last_value + 1` }))
        .returning('last_value'),
    )
    .updateTable('orders')
    .from('n')
    .set({ increment_id: sql<string>`cast(${value('prefix')} as text) || lpad(cast(n.last_value as text), greatest(9, length(cast(n.last_value as text))), '0')` })
    .where('orders.id', '=', value('id'))
    .returning(['n.last_value', 'orders.increment_id']),
);
const insertOrder = compiledOnce<OrdersTable, never>((db, value) =>
  withOrderTables(db)
    .insertInto('orders')
    .values({
      id: value('id'),
      owner: value('owner'),
      write_id: value('write_id'),
      store: value('store'),
      language: value('language'),
      increment_id: value('increment_id'),
      status: value('status'),
      currency: value('currency'),
      customer_email: value('customer_email'),
      payment_method: value('payment_method'),
      shipping_method: value('shipping_method'),
      grand_total: value('grand_total'),
      totals: value('totals'),
      addresses: value('addresses'),
      po_number: value('po_number'),
      order_token: value('order_token'),
      created_at: value('created_at'),
      updated_at: value('updated_at'),
      mailed_at: value('mailed_at'),
    }),
);
const insertOneItem = compiledOnce<OrderItemsTable, never>((db, value) =>
  withOrderTables(db)
    .insertInto('order_items')
    .values({
      order_id: value('order_id'),
      position: value('position'),
      sku: value('sku'),
      name: value('name'),
      qty: value('qty'),
      price: value('price'),
      price_incl_tax: value('price_incl_tax'),
      row_total_incl_tax: value('row_total_incl_tax'),
      tax_percent: value('tax_percent'),
    }),
);
const insertOneReservation = compiledOnce<StockReservationsTable, never>((db, value) =>
  withOrderTables(db)
    .insertInto('stock_reservations')
    .values({ order_id: value('order_id'), sku: value('sku'), qty: value('qty'), created_at: value('created_at'), released_at: value('released_at') }),
);
/** The conditional stock update of one sku, answering the sku when it took the quantity. */
const takeOne = compiledOnce<{ sku: string; qty: number }, { sku: string }>((db, value) => takeStock(withOrderTables(db), [value('sku')], sql<number>`${value('qty')}`));

/**
 * Takes `qty` (one value, or a `case sku when ... end` per row) from the managed, sufficient stock rows of `skus`,
 * answering the skus it took: the whole check-and-take is one conditional update.
 */
function takeStock(db: QueryCreator<Database & OrderTables>, skus: string[], qty: RawBuilder<number>) {
  return db
    .updateTable('stock_items')
    .set({ qty: sql<number>`qty - ${qty}`, is_in_stock: sql<number>`case when backorders = 1 or qty - ${qty} > 0 then 1 else 0 end` })
    .where('sku', 'in', skus)
    .where('manage_stock', '=', 1)
    .where((eb) => eb.or([eb('backorders', '=', 1), eb.and([eb('is_in_stock', '=', 1), eb('qty', '>=', qty)])]))
    .returning('sku');
}

/**
 * PostgreSQL: takes the stock (`takeStock`) and writes the reservations of what it took in one statement, answering
 * the skus it took. `qty` is the quantity per sku (one value, or a `case sku when ... end`).
 */
function takeAndReserve(db: OrdersTrx, orderId: string, skus: string[], qty: () => RawBuilder<number>, at: number) {
  return db
    .with('taken', (w) => takeStock(w, skus, qty()))
    .insertInto('stock_reservations')
    .columns(['order_id', 'sku', 'qty', 'created_at', 'released_at'])
    .expression((eb) =>
      eb
        .selectFrom('taken')
        .select([
          sql<string>`cast(${orderId} as text)`.as('order_id'),
          'taken.sku',
          sql<number>`cast(${qty()} as integer)`.as('qty'),
          sql<number>`cast(${at} as bigint)`.as('created_at'),
          sql<null>`cast(null as bigint)`.as('released_at'),
        ]),
    )
    .returning('sku');
}

export class OrderPlacement {
  constructor(private readonly options: PlacementOptions) {}

  /** The replication prepare step of the `orders` collection. */
  async prepare(docs: Doc[], context: { trx: Trx; owner: string; deleted: readonly boolean[]; pushed: readonly (Doc | undefined)[] }): Promise<Doc[]> {
    const placed: Doc[] = [];
    for (const [index, doc] of docs.entries()) {
      placed.push(context.deleted[index] ? doc : await this.placeOnce(context.trx, context.owner, doc as unknown as OrderDoc & Doc, context.pushed[index]));
    }
    return placed;
  }

  private async placeOnce(trx: Trx, owner: string, doc: OrderDoc & Doc, pushed: Doc | undefined): Promise<Doc> {
    // Offline orders wait for the shopper's confirmation (spec 2 §4).
    if (doc.confirmed !== true) return doc;
    // Answered already: placed (200) or refused for good (400, 409). Only a server failure (500) is tried again.
    if (doc.transmited === true && doc.resultCode !== 500) return doc;
    const orders = withOrderTablesTrx(trx);
    const existing = (await placedRow(trx, { id: doc.id })).rows[0];
    if (existing) {
      // Placed by an earlier write of this document: its result fields are already on the stored copy.
      if (existing.owner === owner) return doc;
      // Placed under another owner. The shopper who placed it and then moved to a new cart (a guest's next cart
      // token) pushes it with the order token the shop answered: that device gets the placed order's result again.
      // Anyone else gets a refusal and sees nothing of the order.
      const moved = tokenMatches(pushed, existing.order_token) ? await this.resultOf(trx, existing.owner, doc) : null;
      return moved ?? this.failed(doc, 'validationError', [{ field: 'id', message: 'The order id is already used' }]);
    }
    await sql`savepoint place_order`.execute(trx);
    try {
      const result = await this.place(trx, orders, owner, doc);
      // The savepoint is left to the commit (one statement less while the number row is locked): a later order of
      // the same push takes its own of the same name, and a rollback goes to the latest one.
      return this.succeeded(doc, result);
    } catch (error) {
      // PostgreSQL gave up on the whole transaction for a concurrent one (a deadlock): the push runs again whole
      // (`runTransaction`), which is no refusal of the order.
      if (isConcurrencyConflict(error)) throw error;
      await sql`rollback to savepoint place_order`.execute(trx);
      await sql`release savepoint place_order`.execute(trx);
      if (error instanceof PlacementFailure) return this.failed(doc, error.kind, error.problems, error.values);
      this.options.log?.error({ err: error, orderId: doc.id }, 'placing an order failed');
      return this.failed(doc, 'placingError');
    }
  }

  private async place(trx: Trx, orders: OrdersTrx, owner: string, doc: OrderDoc): Promise<PlacedResult> {
    const store = isStoreCode(doc.storeCode) ? doc.storeCode : DEFAULT_STORE;
    const language = mailLanguage({ storeCode: store, language: doc.language });
    const catalogue = this.options.catalogue;
    const skus = [...new Set(doc.items.map((item) => item.sku))];
    const products = new Map((await catalogue.productsBySkus(store, skus, { withDescriptions: false })).map((product) => [product.sku, product]));
    // What the lines take besides themselves: a bundle's pieces, a set's members, a parent's variants.
    const members = [...products.values()].flatMap(lineMemberSkus);
    if (members.length > 0) for (const member of await catalogue.productsBySkus(store, members, { withDescriptions: false })) products.set(member.sku, member);
    const itemTypes = doc.items.map((item) => products.get(item.sku)?.type_id ?? item.type_id);

    const check = checkOrder(doc, {
      countries: this.options.methods.shipToCountries,
      isShippingMethod: (carrier, method) => this.options.methods.shippingMethod(carrier, method, doc.shippingAddress.country) !== undefined,
      isPaymentMethod: (code) => this.options.methods.paymentMethod(code, itemTypes) !== undefined,
    });
    if (!check.ok) throw new PlacementFailure(check.kind, check.problems);

    const unavailable = doc.items.filter((item) => !sellable(products.get(item.sku)));
    if (unavailable.length > 0) throw new PlacementFailure('notAvailable', unavailable.map((item) => ({ field: 'items', message: item.sku })));

    // A product (or a piece of it) whose allowed countries leave out the shipping country is not sent there.
    const notShippable = productsNotShippableTo([...doc.items.map((item) => products.get(item.sku)), ...products.values()], doc.shippingAddress.country);
    if (notShippable.length > 0) throw notShippableFailure(notShippable, doc.shippingAddress.country);
    // The shopper's size (shared `checkCustomSize`, as the product page and the cart check it): a ring without one, or
    // a size on a product that takes none, refuses the order with the message, naming the line.
    const sizeProblems = doc.items.flatMap((item, index) => {
      const size = checkCustomSize(products.get(item.sku)?.custom_size_kind, item.custom_size, item.custom_size_unit);
      return size.ok ? [] : [{ field: `items.${index}.custom_size`, message: size.problem.message, sku: item.sku }];
    });
    if (sizeProblems.length > 0) throw new PlacementFailure('validationError', sizeProblems);

    const wanted = this.stockWanted(doc, products);

    const shipping = this.options.methods.shippingMethod(doc.shippingMethod.carrier_code, doc.shippingMethod.method_code, doc.shippingAddress.country)!;
    const payment = this.options.methods.paymentMethod(doc.paymentMethod.code, itemTypes)!;
    const lines = doc.items.map((item, index) => ({
      id: `${doc.id}:${index}`,
      sku: item.sku,
      qty: item.qty,
      type_id: item.type_id,
      checksum: item.checksum,
      ...(item.product_option ? { product_option: item.product_option } : {}),
      snapshot: { value: { name: item.name, price_incl_tax: item.price_incl_tax } },
    })) as unknown as CartLineDoc[];
    const quote = quoteTotals({
      lines,
      product: (sku) => products.get(sku),
      // The order is priced where it ships: that country's currency and VAT, as the checkout showed them.
      settings: { taxRules: catalogue.taxRules, rates: this.options.currencyRates, shopCountry: this.options.taxCountry },
      market: marketFor(doc.shippingAddress.country.trim() || this.options.taxCountry, this.options.currencyRates),
      coupon: await this.couponOf(orders, owner),
      shipping,
      paymentCostInclTax: payment.cost_incl_tax,
    });
    const totals: OrderTotals = {
      subtotal: quote.subtotal,
      subtotal_incl_tax: quote.subtotal_incl_tax,
      discount_amount: quote.discount_amount,
      shipping_incl_tax: quote.shipping_incl_tax,
      payment_incl_tax: quote.payment_incl_tax,
      tax_amount: quote.tax_amount,
      grand_total: quote.grand_total,
      currency: quote.quote_currency_code,
      currency_rate: quote.base_to_quote_rate,
      tax_country: quote.tax_country,
    };
    // Cheque and cash on delivery only up to the operator's limit (PAYMENT_OFFLINE_MAX, euros incl. VAT): the checkout
    // does not offer them above it, and an order placed with one anyway (an older page, offline) is refused here.
    const offlineMax = this.options.methods.offlinePaymentMax;
    if (!paymentAllowedForTotal(payment.code, quote.grand_total / quote.base_to_quote_rate, offlineMax)) {
      throw new PlacementFailure('paymentNotAllowed', [{ field: 'paymentMethod.code', message: payment.code }], { method: payment.code, limit: String(offlineMax) });
    }
    if (clientTotalsDiffer(doc.totals, totals)) {
      this.options.log?.warn({ orderId: doc.id, client: doc.totals, server: totals }, 'an order came with totals that are not the shop’s: the shop’s are used');
    }

    const at = this.options.now();
    const orderToken = randomBytes(24).toString('base64url');
    // The order row first with a stand-in number (unique like the id, never committed): the store's number row is
    // locked from the moment it hands out a number until the commit, so it is taken last (`number`), after every
    // check that may still refuse the order. Numbers stay gap-free: a refused order never took one.
    await insertOrder(orders, {
      id: doc.id,
      owner,
      write_id: doc.writeId,
      store,
      language,
      increment_id: `pending:${doc.id}`,
      status: 'pending',
      currency: totals.currency,
      customer_email: doc.customer_email.trim(),
      payment_method: payment.code,
      shipping_method: `${shipping.carrier_code}_${shipping.method_code}`,
      grand_total: totals.grand_total,
      totals: JSON.stringify(totals),
      addresses: JSON.stringify({ shipping: doc.shippingAddress, billing: doc.billingAddress }),
      po_number: payment.code === PURCHASE_ORDER_CODE ? purchaseOrderNumber(doc.po_number) : null,
      order_token: orderToken,
      created_at: at,
      updated_at: at,
      // The confirmation is queued below, in this transaction.
      mailed_at: at,
    });
    const items = quote.items.map((item, position): OrderItemsTable => ({
      order_id: doc.id,
      position,
      // A configurable parent's line is the variant it resolved to: the piece that is sent.
      sku: wanted.variants[position] ?? item.sku,
      name: item.name,
      qty: item.qty,
      price: item.price,
      price_incl_tax: item.price_incl_tax,
      row_total_incl_tax: item.row_total_incl_tax,
      tax_percent: item.tax_percent,
    }));
    await (items.length === 1 ? insertOneItem(orders, items[0]!) : orders.insertInto('order_items').values(items).execute());
    const comment = [payment.code === PURCHASE_ORDER_CODE ? `PO number ${purchaseOrderNumber(doc.po_number)}` : '', doc.comment?.trim() ?? ''].filter(Boolean).join(': ');
    if (comment) {
      await orders
        .insertInto('order_comments')
        .values({ order_id: doc.id, comment: comment.slice(0, 2000), status: 'pending', is_customer_notified: 0, is_visible_on_front: 1, created_at: at })
        .execute();
    }
    // After the order row (the reservations refer to it) and as late as the number allows: the stock rows stay locked
    // until the commit. A shortage undoes all of it to the savepoint.
    await this.reserve(orders, doc, wanted.qty);
    const incrementId = await this.number(orders, store, doc.id);
    const hash = this.options.statusHash(orderToken, incrementId);
    const bankTransfer = payment.code === BANK_TRANSFER_CODE ? bankTransferInstructions(this.options.bankAccount, { grand_total: totals.grand_total, currency: totals.currency, increment_id: incrementId }) : undefined;
    await this.options.queueConfirmation(trx, {
      orderId: doc.id,
      to: doc.customer_email.trim(),
      store,
      language,
      firstname: doc.billingAddress.firstName,
      incrementId,
      currency: totals.currency,
      grandTotal: totals.grand_total,
      placedAt: at,
      // The quote keeps the order's lines in their order: the options chosen for each come from the order's item.
      items: items.map((item, index) => ({ name: item.name, qty: item.qty, row_total_incl_tax: item.row_total_incl_tax, ...lineOptionsOf(doc.items[index]) })),
      orderToken,
      hash,
      kind: this.options.mailKind(payment.code, totals.grand_total),
      ...(bankTransfer ? { bankTransfer } : {}),
    });
    return {
      order_id: doc.id,
      increment_id: incrementId,
      status: 'pending',
      totals,
      payment_required: paymentRequired(payment.is_server_method, totals.grand_total),
      payment_method: payment.code,
      order_token: orderToken,
      hash,
      ...(bankTransfer ? { bank_transfer: bankTransfer } : {}),
    };
  }

  /**
   * Takes the ordered quantities from stock in one statement. A row is only updated while enough is left
   * (`qty >= n`), so the last item is sold once whatever runs beside it; products without managed stock, or with
   * backorders, are not limited. The update answers the skus it took; any other sku is looked up: without a stock row
   * or with unmanaged stock it is not limited, otherwise it is short, the order fails and the savepoint gives back
   * what was taken. The reservations are written in one insert.
   */
  private async reserve(orders: OrdersTrx, doc: OrderDoc, wanted: ReadonlyMap<string, number>): Promise<void> {
    const skus = [...wanted.keys()];
    const qty = () =>
      skus.length === 1 ? sql<number>`${wanted.get(skus[0]!)!}` : sql<number>`(case ${sql.ref('sku')} ${sql.join([...wanted].map(([sku, n]) => sql`when ${sku} then cast(${n} as integer)`), sql` `)} end)`;
    const at = this.options.now();
    const postgres = engineOf(orders) === 'postgres';
    // PostgreSQL: several rows in sku order first, so two orders of the same skus queue instead of deadlocking (one
    // row needs no order: the update locks just it); then the take and the reservations in one statement.
    if (postgres && skus.length > 1) await lockSkus(orders, skus);
    const taken = postgres
      ? await takeAndReserve(orders, doc.id, skus, qty, at).execute()
      : skus.length === 1
        ? (await takeOne(orders, { sku: skus[0]!, qty: wanted.get(skus[0]!)! })).rows
        : await takeStock(orders, skus, qty()).execute();
    const takenSkus = new Set(taken.map((row) => row.sku));
    const others = skus.filter((sku) => !takenSkus.has(sku));
    if (others.length > 0) {
      const limited = await orders.selectFrom('stock_items').select('sku').where('sku', 'in', others).where('manage_stock', '=', 1).execute();
      if (limited.length > 0) throw new PlacementFailure('notAvailable', limited.map((row) => ({ field: 'items', message: row.sku })));
    }
    if (postgres || takenSkus.size === 0) return;
    const reservations = skus.filter((sku) => takenSkus.has(sku)).map((sku): StockReservationsTable => ({ order_id: doc.id, sku, qty: wanted.get(sku)!, created_at: at, released_at: null }));
    await (reservations.length === 1 ? insertOneReservation(orders, reservations[0]!) : orders.insertInto('stock_reservations').values(reservations).execute());
  }

  /**
   * Every physical item the order takes, summed by sku (shared `resolveLine`): a simple line itself, a configurable
   * parent its variant (never the parent), a bundle each checked piece times its fixed quantity, a grouped set one of
   * each member, the bundle or set itself too (limited only when the shop manages its stock); each times the line's
   * quantity. A choice the catalogue does not offer refuses the order (a bundle choice as a validation error, a
   * variant that does not exist as not available, with the spec's message); a piece that cannot be sold refuses it as
   * not available, naming the piece.
   */
  private stockWanted(doc: OrderDoc, products: ReadonlyMap<string, Product>): { qty: Map<string, number>; variants: (string | undefined)[] } {
    const qty = new Map<string, number>();
    const variants: (string | undefined)[] = [];
    const unavailable = new Set<string>();
    for (const [index, item] of doc.items.entries()) {
      const resolution = resolveLine(products.get(item.sku)!, item.product_option);
      if (!resolution.ok) {
        const kind = resolution.problem.code === 'cart_bundle_options' ? 'validationError' : 'notAvailable';
        throw new PlacementFailure(kind, [{ field: `items.${index}.product_option`, message: resolution.problem.message, sku: item.sku }]);
      }
      variants.push(resolution.variantSku);
      for (const piece of resolution.pieces) {
        if (piece.sku !== item.sku && !sellable(products.get(piece.sku))) unavailable.add(piece.sku);
        qty.set(piece.sku, (qty.get(piece.sku) ?? 0) + piece.qty * item.qty);
      }
    }
    if (unavailable.size > 0) throw new PlacementFailure('notAvailable', [...unavailable].map((sku) => ({ field: 'items', message: sku })));
    return { qty, variants };
  }

  /**
   * The store's next order number, written onto the order row; the last step of a placement: from here to the commit
   * every order of the store waits for this one. On PostgreSQL one statement, on SQLite two.
   */
  private async number(orders: OrdersTrx, store: string, id: string): Promise<string> {
    const prefix = incrementPrefix(store);
    if (engineOf(orders) === 'postgres') {
      const row = (await numberOrder(orders, { store, prefix, id })).rows[0]!;
      const incrementId = formatIncrementId(Number(row.last_value), prefix);
      if (row.increment_id !== incrementId) throw new Error(`The order number ${row.increment_id} is not ${incrementId}`);
      return incrementId;
    }
    const incrementId = formatIncrementId(Number((await nextNumber(orders, { store })).rows[0]!.last_value), prefix);
    await setIncrementId(orders, { id, increment_id: incrementId });
    return incrementId;
  }

  /** The document with the server-owned fields of the copy the placing owner holds, or null when there is none. */
  private async resultOf(trx: Trx, placingOwner: string, doc: Doc): Promise<Doc | null> {
    const row = (await ownersCopy(trx, { owner: placingOwner, id: doc.id })).rows[0];
    if (!row) return null;
    const original = JSON.parse(row.data) as Record<string, unknown>;
    const copy: Doc = { ...doc };
    for (const field of ORDER_SERVER_OWNED_FIELDS) {
      if (original[field] === undefined) delete copy[field];
      else copy[field] = original[field];
    }
    return copy;
  }

  /** The active coupon applied to the owner's cart, read in the placing transaction (one statement). */
  private async couponOf(orders: OrdersTrx, owner: string): Promise<Coupon | null> {
    const row = (await cartCoupon(orders, { owner })).rows[0];
    if (!row || (row.kind !== 'percent' && row.kind !== 'fixed')) return null;
    return { code: row.code, kind: row.kind, amount: Number(row.amount), description: row.description };
  }

  private succeeded(doc: Doc, result: PlacedResult): Doc {
    return {
      ...doc,
      transmited: true,
      transmited_at: this.options.now(),
      resultCode: 200,
      result,
      // The order is in the currency the shop placed it in (its shipping country's), whatever the browser assumed.
      currency: result.totals.currency,
      increment_id: result.increment_id,
      orderNumber: result.increment_id,
      status: result.status,
    };
  }

  private failed(doc: Doc, kind: FailureKind, problems: readonly PlacementProblem[] = [], values: FailureValues = {}): Doc {
    const code = ORDER_FAILURE_CODES[kind];
    const email = this.options.contactEmail;
    const failedDoc: Doc = {
      ...doc,
      transmited: true,
      transmited_at: this.options.now(),
      resultCode: code,
      // The message names the country in English; `country` itself is the code, for the storefront to name.
      // The method is named by its English title and the limit in euros; `method` and `limit` themselves stay the code
      // and the number, for the storefront to name in the shopper's language.
      result: {
        message: orderMessage(kind, {
          email,
          ...values,
          ...(values.country ? { country: englishCountryName(values.country) } : {}),
          ...(values.method ? { method: KNOWN_PAYMENT_METHODS.find((known) => known.code === values.method)?.title ?? values.method } : {}),
          ...(values.limit ? { limit: EURO.format(Number(values.limit)) } : {}),
        }),
        key: orderMessageKey(kind),
        email,
        ...values,
        ...(problems.length ? { problems } : {}),
      },
    };
    for (const field of ['increment_id', 'orderNumber', 'status']) delete failedDoc[field];
    return failedDoc;
  }
}

/** Whether a pushed order document carries the order token the shop answered for it (compared in constant time). */
function tokenMatches(pushed: Doc | undefined, orderToken: string): boolean {
  const claimed = (pushed?.result as { order_token?: unknown } | undefined)?.order_token;
  if (typeof claimed !== 'string') return false;
  const a = Buffer.from(claimed);
  const b = Buffer.from(orderToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

const EURO = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const ENGLISH_COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const englishCountryName = (code: string) => ENGLISH_COUNTRY_NAMES.of(code) ?? code;

/**
 * The refusal of an order holding products that may not go to its shipping country: the message names the first
 * (the storefront translates it with `product` and the country code `country`), the problems name each.
 */
function notShippableFailure(products: readonly Product[], country: string): PlacementFailure {
  const code = country.trim().toUpperCase();
  return new PlacementFailure(
    'notShippable',
    products.map((product) => ({ field: 'shippingAddress.country', message: orderMessage('notShippable', { product: product.name, country: englishCountryName(code) }), sku: product.sku })),
    { product: products.map((product) => product.name).join(', '), country: code },
  );
}

/** A product the shop can sell now: in the catalogue, enabled, with a known price. */
function sellable(product: Product | undefined): boolean {
  if (!product || product.status !== 1) return false;
  return product.type_id === 'bundle' || (typeof product.price === 'number' && product.price > 0);
}
