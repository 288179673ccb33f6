/**
 * Where the shop's newsletter subscribers live, behind one interface (decision content): the local subscriber table
 * by default, a Mailchimp audience with NEWSLETTER_PROVIDER=mailchimp. E-mail addresses arrive trimmed and in
 * lower case.
 */
import type { NewsletterStatus } from '@shop/shared/content/index';
import type { StoreCode } from '@shop/shared';
import type { Db } from '../../storage/database.ts';

export interface Subscription {
  email: string;
  firstname: string | null;
  store: StoreCode;
  /** A subscription without proof of the address: a known address keeps its name and store (only its status). */
  keepDetails?: boolean;
}

export interface NewsletterProvider {
  readonly name: 'local' | 'mailchimp';
  status(email: string): Promise<NewsletterStatus>;
  subscribe(subscription: Subscription): Promise<void>;
  unsubscribe(email: string): Promise<void>;
}

interface NewsletterSubscribersTable {
  email: string;
  firstname: string | null;
  status: 'subscribed' | 'unsubscribed';
  store: string;
  created_at: number;
  updated_at: number;
}

export class LocalNewsletter implements NewsletterProvider {
  readonly name = 'local' as const;
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<{ newsletter_subscribers: NewsletterSubscribersTable }>();
  }

  async status(email: string): Promise<NewsletterStatus> {
    const row = await this.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirst();
    return row?.status ?? 'not-subscribed';
  }

  async subscribe({ email, firstname, store, keepDetails }: Subscription): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('newsletter_subscribers')
      .values({ email, firstname, status: 'subscribed', store, created_at: at, updated_at: at })
      .onConflict((oc) =>
        keepDetails
          ? oc.column('email').doUpdateSet({ status: 'subscribed', updated_at: at }).where('newsletter_subscribers.status', '!=', 'subscribed')
          : oc.column('email').doUpdateSet((eb) => ({ status: 'subscribed', firstname: eb.fn.coalesce(eb.val(firstname), eb.ref('newsletter_subscribers.firstname')), store, updated_at: at })),
      )
      .execute();
  }

  /** Keeps the row (with its dates) as 'unsubscribed'; an address never subscribed stays unknown. */
  async unsubscribe(email: string): Promise<void> {
    await this.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed', updated_at: this.now() }).where('email', '=', email).execute();
  }
}
