/**
 * Back-in-stock and price-drop alerts (issue 19, migration 017). A logged-in customer subscribes to a piece; when it
 * can be bought again (an order canceled gives its stock back, an import brings stock) or its price falls below the
 * price they saw (an import, a special price that starts), the alert gets exactly one mail, in the customer's
 * language with a link to the piece, and is marked notified.
 *
 * `notifyDue` is the one way alerts are mailed: it reads the pending alerts, decides with the shared rule
 * (`stockAlertDue`) from the stock table and the synced prices, and for each due alert, in one transaction, claims it
 * (a conditional update of `notified_at`) and writes its mail to the outbox. Two sweeps at once (two instances on
 * PostgreSQL hearing the same import, a cancel beside the minute's sweep) cannot both claim an alert: the second
 * update waits for the first's row lock and then finds it notified. The mail exists exactly when the claim committed.
 * A sweep runs after every stock or catalogue change this instance sees, and every minute as a safety net.
 */
import {
  DomainError,
  formatPrice,
  isLanguage,
  isStoreCode,
  STOCK_ALERT_GONE,
  STOCK_ALERT_NOT_FOUND,
  STOCK_ALERTS_MAX_PENDING,
  STOCK_ALERTS_TOO_MANY,
  stockAlertDue,
  type Language,
  type StockAlert,
  type StockAlertKind,
  type StockAlertSubscribe,
  type StoreCode,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Generated } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';
import { runTransaction } from '../../storage/engine.ts';
import type { CustomersTable } from '../accounts/accounts.tables.ts';
import { escapeHtml } from '../mail/mailbox.page.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { MailLocale } from '../mail/mail-locale.ts';
import { StockRepository } from './stock.repository.ts';

export interface StockAlertsTable {
  id: Generated<number>;
  customer_id: number;
  sku: string;
  kind: string;
  subscribed_price: number | null;
  store: string;
  language: string;
  created_at: number | string;
  notified_at: number | string | null;
  notified_price: number | null;
}

type AlertsDb = ReturnType<typeof withAlertTables>;

function withAlertTables(db: Db | Trx) {
  return db.withTables<{ stock_alerts: StockAlertsTable; customers: CustomersTable }>();
}


/** The current prices of pieces (the catalogue's price sync): unknown or disabled skus are left out. */
export interface AlertPrices {
  syncedPrices(skus: readonly string[]): ReadonlyArray<{ sku: string; final_price_incl_tax: number }>;
}

export interface StockAlertsOptions {
  db: Db;
  prices: AlertPrices;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  log?: FastifyBaseLogger;
}

/** Pending alerts read per page while sweeping. */
const SWEEP_PAGE = 500;

export class StockAlerts {
  private readonly stock: StockRepository;
  /** A sweep under way, and whether another was asked for meanwhile (one runs again after it). */
  private sweeping: Promise<number> | null = null;
  private again = false;

  constructor(private readonly options: StockAlertsOptions) {
    this.stock = new StockRepository(options.db);
  }

  private get db(): AlertsDb {
    return withAlertTables(this.options.db);
  }

  /**
   * Subscribes the customer inside `trx` (the queued call's transaction). A second subscription to the same piece and
   * kind while the first waits answers the first. The price of a price-drop alert is the shop's own, computed now.
   */
  async subscribe(trx: Trx, customerId: number, input: StockAlertSubscribe, locale: MailLocale): Promise<StockAlert> {
    const price = this.options.prices.syncedPrices([input.sku])[0];
    if (!price) throw new DomainError('bad_request', STOCK_ALERT_NOT_FOUND);
    const db = withAlertTables(trx);
    const existing = await db
      .selectFrom('stock_alerts')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('sku', '=', input.sku)
      .where('kind', '=', input.kind)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (existing) return (await this.read(db, customerId, existing.id))!;
    const pending = await db.selectFrom('stock_alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).where('notified_at', 'is', null).executeTakeFirst();
    if (Number(pending?.n ?? 0) >= STOCK_ALERTS_MAX_PENDING) throw new DomainError('bad_request', STOCK_ALERTS_TOO_MANY);
    const row = await db
      .insertInto('stock_alerts')
      .values({
        customer_id: customerId,
        sku: input.sku,
        kind: input.kind,
        subscribed_price: input.kind === 'price_drop' ? price.final_price_incl_tax : null,
        store: locale.store,
        language: locale.language,
        created_at: this.options.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.read(db, customerId, Number(row.id)))!;
  }

  /** The customer's alerts, newest first (pending and notified). */
  async list(customerId: number): Promise<StockAlert[]> {
    const rows = await this.rows(this.db).where('a.customer_id', '=', customerId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(1000).execute();
    return rows.map(toAlert);
  }

  /** Removes one of the customer's alerts; another customer's alert is not found, exactly like a missing one. */
  async remove(customerId: number, id: number, trx?: Trx): Promise<void> {
    const removed = await (trx ? withAlertTables(trx) : this.db).deleteFrom('stock_alerts').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new DomainError('not_found', STOCK_ALERT_GONE, { status: 404 });
  }

  /**
   * Mails every due pending alert once (of `skus`, or all); answers how many were mailed. One sweep at a time per
   * instance: a call during a sweep makes it run once more afterwards (the change it heard may have come too late).
   */
  async notifyDue(skus?: readonly string[]): Promise<number> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      let mailed = 0;
      do {
        const all = this.again || skus === undefined;
        this.again = false;
        mailed += await this.sweep(all ? undefined : skus);
      } while (this.again);
      if (mailed > 0) await this.options.mailer.flush();
      return mailed;
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** Like `notifyDue`, never throwing: a failure is logged and the next sweep tries again. */
  notifyDueQuietly(skus?: readonly string[]): Promise<number> {
    return this.notifyDue(skus).catch((error: unknown) => {
      this.options.log?.error({ err: error }, 'stock alerts could not be checked');
      return 0;
    });
  }

  private async sweep(skus: readonly string[] | undefined): Promise<number> {
    if (skus && skus.length === 0) return 0;
    let mailed = 0;
    for (let after = 0; ; ) {
      let query = this.db
        .selectFrom('stock_alerts')
        .select(['id', 'sku', 'kind', 'subscribed_price'])
        .where('notified_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(SWEEP_PAGE);
      if (skus) query = query.where('sku', 'in', [...skus]);
      const page = await query.execute();
      if (page.length === 0) break;
      const wanted = [...new Set(page.map((alert) => alert.sku))];
      const stock = new Map((await this.stock.bySkus(wanted)).map((item) => [item.sku, item]));
      const prices = new Map(this.options.prices.syncedPrices(wanted).map((p) => [p.sku, p.final_price_incl_tax]));
      for (const alert of page) {
        const price = prices.get(alert.sku) ?? null;
        // A piece that left the catalogue (no price: unknown or disabled) is not announced, whatever its stock row says.
        const due = price !== null && stockAlertDue({ kind: alert.kind as StockAlertKind, subscribed_price: alert.subscribed_price === null ? null : Number(alert.subscribed_price) }, { stock: stock.get(alert.sku) ?? null, price });
        if (due && (await this.mailOne(alert.id, price))) mailed += 1;
      }
      if (page.length < SWEEP_PAGE) break;
      after = page.at(-1)!.id;
    }
    return mailed;
  }

  /** Claims one alert and writes its mail in the same transaction; answers false when another sweep had it. */
  private async mailOne(id: number, price: number): Promise<boolean> {
    return runTransaction(
      this.options.db,
      async (trx) => {
        const db = withAlertTables(trx);
        const claimed = await db
          .updateTable('stock_alerts')
          .set({ notified_at: this.options.now(), notified_price: price })
          .where('id', '=', id)
          .where('notified_at', 'is', null)
          .returning(['customer_id', 'sku', 'kind', 'subscribed_price', 'store', 'language'])
          .executeTakeFirst();
        if (!claimed) return false;
        const customer = await db.selectFrom('customers').select(['email', 'firstname']).where('id', '=', claimed.customer_id).executeTakeFirst();
        if (!customer) return true;
        const store: StoreCode = isStoreCode(claimed.store) ? claimed.store : 'nl';
        const product = await trx
          .selectFrom('products')
          .innerJoin('product_texts', 'product_texts.product_id', 'products.id')
          .select(['product_texts.name', 'product_texts.url_path'])
          .where('products.sku', '=', claimed.sku)
          .where('product_texts.store_code', '=', store)
          .executeTakeFirst();
        const language: Language = isLanguage(claimed.language) ? claimed.language : 'nl';
        await this.options.mailer.queue(
          trx,
          stockAlertMail(language, {
            to: customer.email,
            firstname: customer.firstname,
            kind: claimed.kind as StockAlertKind,
            name: product?.name ?? claimed.sku,
            url: `${this.options.publicUrl.replace(/\/+$/, '')}/${store}/${product?.url_path ?? ''}`,
            price,
            was: claimed.subscribed_price === null ? null : Number(claimed.subscribed_price),
            alertId: id,
          }),
        );
        return true;
      },
      { retries: 3 },
    );
  }

  private rows(db: AlertsDb) {
    return db
      .selectFrom('stock_alerts as a')
      .leftJoin('products as p', 'p.sku', 'a.sku')
      .leftJoin('product_texts as t', (join) => join.onRef('t.product_id', '=', 'p.id').onRef('t.store_code', '=', 'a.store'))
      .select(['a.id', 'a.sku', 'a.kind', 'a.store', 'a.subscribed_price', 'a.created_at', 'a.notified_at', 't.name', 't.url_path']);
  }

  private async read(db: AlertsDb, customerId: number, id: number): Promise<StockAlert | null> {
    const row = await this.rows(db).where('a.id', '=', id).where('a.customer_id', '=', customerId).executeTakeFirst();
    return row ? toAlert(row) : null;
  }
}

function toAlert(row: {
  id: number;
  sku: string;
  kind: string;
  store: string;
  subscribed_price: number | null;
  created_at: number | string;
  notified_at: number | string | null;
  name: string | null;
  url_path: string | null;
}): StockAlert {
  return {
    id: Number(row.id),
    sku: row.sku,
    kind: row.kind === 'price_drop' ? 'price_drop' : 'back_in_stock',
    name: row.name ?? null,
    url_path: row.url_path ?? null,
    store: row.store,
    subscribed_price: row.subscribed_price === null ? null : Number(row.subscribed_price),
    created_at: new Date(Number(row.created_at)).toISOString(),
    notified_at: row.notified_at === null ? null : new Date(Number(row.notified_at)).toISOString(),
  };
}

const LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

type MailTexts = {
  subject: Record<StockAlertKind, (name: string) => string>;
  greeting: (name: string) => string;
  body: Record<StockAlertKind, (name: string, price: string, was: string) => string>;
  link: string;
  closing: string;
};

const TEXTS: Record<Language, MailTexts> = {
  en: {
    subject: { back_in_stock: (name) => `Back in stock: ${name}`, price_drop: (name) => `Price drop: ${name}` },
    greeting: (name) => `Dear ${name},`,
    body: {
      back_in_stock: (name) => `Good news: the ${name} you asked about is available again. Pieces like this rarely stay long.`,
      price_drop: (name, price, was) => `Good news: the price of the ${name} you follow has dropped from ${was} to ${price}.`,
    },
    link: 'View the piece:',
    closing: 'You asked us to tell you once; this alert is now done. You manage your alerts in your account.',
  },
  nl: {
    subject: { back_in_stock: (name) => `Weer op voorraad: ${name}`, price_drop: (name) => `Prijsverlaging: ${name}` },
    greeting: (name) => `Beste ${name},`,
    body: {
      back_in_stock: (name) => `Goed nieuws: de ${name} waarnaar u vroeg is weer beschikbaar. Stukken als deze blijven zelden lang.`,
      price_drop: (name, price, was) => `Goed nieuws: de prijs van de ${name} die u volgt is verlaagd van ${was} naar ${price}.`,
    },
    link: 'Bekijk het stuk:',
    closing: 'U vroeg ons u eenmaal te berichten; deze melding is nu afgerond. U beheert uw meldingen in uw account.',
  },
  de: {
    subject: { back_in_stock: (name) => `Wieder verfügbar: ${name}`, price_drop: (name) => `Preissenkung: ${name}` },
    greeting: (name) => `Guten Tag ${name},`,
    body: {
      back_in_stock: (name) => `Gute Nachricht: Die ${name}, nach der Sie gefragt haben, ist wieder verfügbar. Stücke wie dieses bleiben selten lange.`,
      price_drop: (name, price, was) => `Gute Nachricht: Der Preis der ${name}, der Sie folgen, wurde von ${was} auf ${price} gesenkt.`,
    },
    link: 'Zum Stück:',
    closing: 'Sie wollten einmal benachrichtigt werden; dieser Alarm ist damit erledigt. Ihre Benachrichtigungen verwalten Sie in Ihrem Konto.',
  },
};

/** The one mail of an alert, in the customer's language, with the link to the piece. */
export function stockAlertMail(
  language: Language,
  values: { to: string; firstname: string; kind: StockAlertKind; name: string; url: string; price: number; was: number | null; alertId: number },
): OutgoingMail {
  const t = TEXTS[language];
  const locale = LOCALES[language];
  const price = formatPrice(values.price, 'EUR', locale);
  const was = values.was === null ? price : formatPrice(values.was, 'EUR', locale);
  const greeting = t.greeting(values.firstname);
  const body = t.body[values.kind](values.name, price, was);
  return {
    to: values.to,
    subject: t.subject[values.kind](values.name),
    kind: values.kind === 'price_drop' ? 'stock-alert-price-drop' : 'stock-alert-back-in-stock',
    ref: `stock-alert:${values.alertId}`,
    text: `${greeting}\n\n${body}\n\n${t.link}\n${values.url}\n\n${t.closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.link)} <a href="${escapeHtml(values.url)}">${escapeHtml(values.name)}</a></p><p>${escapeHtml(t.closing)}</p>`,
  };
}
