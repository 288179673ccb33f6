/**
 * The shop's record of payments (migrations 007, 009): every payment attempt of an order (the shopper may pay again
 * after a payment that did not succeed), the notifications already handled, and the payment flow's comments, each
 * written once.
 */
import type { PaymentProviderName, PaymentStatusGroup } from '@shop/shared/payments/index';
import type { Db } from '../../storage/database.ts';

export interface PaymentsTable {
  order_id: string;
  /** 1 for the order's first payment, then 2, 3, ... for each payment made again. */
  attempt: number;
  provider: PaymentProviderName;
  provider_payment_id: string;
  increment_id: string;
  order_token: string;
  amount: number;
  currency: string;
  method: string;
  gateway_url: string;
  status: string;
  status_group: PaymentStatusGroup;
  applied_group: PaymentStatusGroup | null;
  created_at: number;
  updated_at: number;
}

interface PaymentNotificationsTable {
  provider: string;
  event_id: string;
  received_at: number;
}

interface PaymentCommentsTable {
  id?: number;
  order_id: string;
  status: string;
  comment: string;
  created_at: number;
}

type PaymentTables = { payments: PaymentsTable; payment_notifications: PaymentNotificationsTable; payment_comments: PaymentCommentsTable };

export type PaymentRecord = PaymentsTable;

function normalise(row: PaymentsTable): PaymentRecord {
  return { ...row, attempt: Number(row.attempt), amount: Number(row.amount), created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

export class PaymentsRepository {
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<PaymentTables>();
  }

  /** The order's latest payment attempt. */
  async byOrder(orderId: string): Promise<PaymentRecord | null> {
    const row = await this.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** Every payment attempt of the order, the first one first. */
  async attempts(orderId: string): Promise<PaymentRecord[]> {
    const rows = await this.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('attempt').execute();
    return rows.map(normalise);
  }

  async byProviderId(provider: PaymentProviderName, providerPaymentId: string): Promise<PaymentRecord | null> {
    const row = await this.db.selectFrom('payments').selectAll().where('provider', '=', provider).where('provider_payment_id', '=', providerPaymentId).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** The latest payment attempt of the order with this status-page token. */
  async byOrderToken(orderToken: string): Promise<PaymentRecord | null> {
    const row = await this.db.selectFrom('payments').selectAll().where('order_token', '=', orderToken).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** Records a new payment attempt; answers false when that attempt exists already (the caller reads it). */
  async insert(record: Omit<PaymentRecord, 'created_at' | 'updated_at' | 'applied_group'>): Promise<boolean> {
    const at = this.now();
    const result = await this.db
      .insertInto('payments')
      .values({ ...record, applied_group: null, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['order_id', 'attempt']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async updateStatus(payment: Pick<PaymentRecord, 'order_id' | 'attempt'>, status: string, group: PaymentStatusGroup): Promise<void> {
    await this.db.updateTable('payments').set({ status, status_group: group, updated_at: this.now() }).where('order_id', '=', payment.order_id).where('attempt', '=', payment.attempt).execute();
  }

  /**
   * Marks a group as applied to the order for this attempt; answers true for the one caller that changed it, so two
   * notifications arriving together apply an outcome once.
   */
  async claimApplied(payment: Pick<PaymentRecord, 'order_id' | 'attempt'>, group: PaymentStatusGroup): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ applied_group: group, updated_at: this.now() })
      .where('order_id', '=', payment.order_id)
      .where('attempt', '=', payment.attempt)
      .where((eb) => eb.or([eb('applied_group', 'is', null), eb('applied_group', '!=', group)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Remembers a notification's event id; false when it was seen before (a replay). */
  async firstNotification(provider: PaymentProviderName, eventId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('payment_notifications')
      .values({ provider, event_id: eventId, received_at: this.now() })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Remembers a comment for an order; false when the same comment with the same status was recorded before. */
  async firstComment(orderId: string, status: string, comment: string): Promise<boolean> {
    const result = await this.db
      .insertInto('payment_comments')
      .values({ order_id: orderId, status, comment, created_at: this.now() })
      .onConflict((oc) => oc.columns(['order_id', 'status', 'comment']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
}
