/**
 * The account tables: customers and their addresses, sessions (refresh-token families), refresh and reset token
 * hashes. No rules here beyond what one statement guarantees (single use of a token is one conditional update).
 */
import { randomUUID } from 'node:crypto';
import type { CustomerAddress, CustomerProfile } from '@shop/shared/account/index';
import { withAccountTables, type AccountsDb } from './accounts.tables.ts';
import type { Trx } from '../../storage/database.ts';
import { engineOf, isUniqueViolation } from '../../storage/engine.ts';

export interface CustomerRecord {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  groupId: number;
  passwordHash: string;
  defaultShipping: number | null;
  defaultBilling: number | null;
  createdAt: number;
}

interface CustomerRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  password_hash: string;
  default_shipping: number | null;
  default_billing: number | null;
  created_at: number | string;
}

const CUSTOMER_COLUMNS = ['id', 'email', 'firstname', 'lastname', 'group_id', 'password_hash', 'default_shipping', 'default_billing', 'created_at'] as const;

function fromRow(row: CustomerRow): CustomerRecord {
  return {
    id: Number(row.id),
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    groupId: Number(row.group_id),
    passwordHash: row.password_hash,
    defaultShipping: row.default_shipping === null ? null : Number(row.default_shipping),
    defaultBilling: row.default_billing === null ? null : Number(row.default_billing),
    createdAt: Number(row.created_at),
  };
}

export type TokenSpend = { status: 'spent'; sessionId: string; customerId: number } | { status: 'reused'; sessionId: string } | { status: 'refused' };

export class AccountsRepository {
  constructor(private readonly db: AccountsDb) {}

  /** The same calls inside a transaction of the caller's (a queued call's work and its receipt, task-receipts.ts). */
  within(trx: Trx): AccountsRepository {
    return new AccountsRepository(withAccountTables(trx));
  }

  /** A new customer, or null when the e-mail address has an account already. */
  async createCustomer(values: { email: string; firstname: string; lastname: string; passwordHash: string; now: number }): Promise<CustomerRecord | null> {
    try {
      const row = await this.db
        .insertInto('customers')
        .values({ email: values.email, firstname: values.firstname, lastname: values.lastname, password_hash: values.passwordHash, default_shipping: null, default_billing: null, created_at: values.now, updated_at: values.now })
        .returning(CUSTOMER_COLUMNS)
        .executeTakeFirstOrThrow();
      return fromRow(row);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async byEmail(email: string): Promise<CustomerRecord | null> {
    const row = await this.db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('email', '=', email).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async byId(id: number): Promise<CustomerRecord | null> {
    const row = await this.db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Changes names and e-mail; false when the new e-mail address belongs to another account. */
  async updateCustomer(id: number, values: { email: string; firstname: string; lastname: string; now: number }): Promise<boolean> {
    try {
      await this.db.updateTable('customers').set({ email: values.email, firstname: values.firstname, lastname: values.lastname, updated_at: values.now }).where('id', '=', id).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async setPasswordHash(id: number, passwordHash: string, now: number): Promise<void> {
    await this.db.updateTable('customers').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
  }

  async addresses(customerId: number): Promise<Array<CustomerAddress & { id: number }>> {
    const rows = await this.db.selectFrom('customer_addresses').select(['id', 'data']).where('customer_id', '=', customerId).orderBy('id').execute();
    return rows.map((row) => ({ ...(JSON.parse(row.data) as CustomerAddress), id: Number(row.id) }));
  }

  /**
   * Makes the customer's addresses the given list: an address with the id of one of the customer's updates it, one
   * without (or with someone else's id) is added, the customer's addresses not listed are removed. The defaults follow
   * the `default_shipping` / `default_billing` flags (the first flagged address wins). On PostgreSQL the customer's
   * row is locked first, so two saves at once (two devices, two instances) run one after the other and the second
   * reads the addresses the first one left (SQLite runs them one after the other anyway). Inside a caller's
   * transaction it runs in that one.
   */
  async replaceAddresses(customerId: number, addresses: readonly CustomerAddress[], now: number): Promise<void> {
    const inTransaction = (work: (trx: AccountsDb) => Promise<void>) => (this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work));
    await inTransaction(async (trx) => {
      if (engineOf(trx) === 'postgres') await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
      const existing = new Set((await trx.selectFrom('customer_addresses').select('id').where('customer_id', '=', customerId).execute()).map((row) => Number(row.id)));
      const kept: number[] = [];
      let defaultShipping: number | null = null;
      let defaultBilling: number | null = null;
      for (const address of addresses) {
        const { id, default_shipping, default_billing, ...data } = address;
        let addressId: number;
        if (id !== undefined && existing.has(id) && !kept.includes(id)) {
          await trx.updateTable('customer_addresses').set({ data: JSON.stringify(data) }).where('id', '=', id).where('customer_id', '=', customerId).execute();
          addressId = id;
        } else {
          const row = await trx.insertInto('customer_addresses').values({ customer_id: customerId, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow();
          addressId = Number(row.id);
        }
        kept.push(addressId);
        if (default_shipping && defaultShipping === null) defaultShipping = addressId;
        if (default_billing && defaultBilling === null) defaultBilling = addressId;
      }
      const removed = [...existing].filter((id) => !kept.includes(id));
      if (removed.length) await trx.deleteFrom('customer_addresses').where('customer_id', '=', customerId).where('id', 'in', removed).execute();
      await trx.updateTable('customers').set({ default_shipping: defaultShipping, default_billing: defaultBilling, updated_at: now }).where('id', '=', customerId).execute();
    });
  }

  async profile(customer: CustomerRecord): Promise<CustomerProfile> {
    const addresses = (await this.addresses(customer.id)).map((address) => ({
      ...address,
      ...(address.id === customer.defaultShipping ? { default_shipping: true } : {}),
      ...(address.id === customer.defaultBilling ? { default_billing: true } : {}),
    }));
    return {
      id: customer.id,
      email: customer.email,
      firstname: customer.firstname,
      lastname: customer.lastname,
      group_id: customer.groupId,
      addresses,
      ...(customer.defaultShipping !== null ? { default_shipping: customer.defaultShipping } : {}),
      ...(customer.defaultBilling !== null ? { default_billing: customer.defaultBilling } : {}),
      created_at: new Date(customer.createdAt).toISOString(),
    };
  }

  // Sessions: one per login; its refresh tokens are one family.

  async createSession(customerId: number, now: number): Promise<string> {
    const id = randomUUID();
    await this.db.insertInto('customer_sessions').values({ id, customer_id: customerId, created_at: now, last_used_at: now, revoked_at: null, revoked_reason: null }).execute();
    return id;
  }

  /** The customer of an open session, or null when it is unknown or revoked. */
  async openSession(sessionId: string): Promise<number | null> {
    const row = await this.db.selectFrom('customer_sessions').select(['customer_id', 'revoked_at']).where('id', '=', sessionId).executeTakeFirst();
    return row && row.revoked_at === null ? Number(row.customer_id) : null;
  }

  async revokeSession(sessionId: string, reason: string, now: number): Promise<void> {
    await this.db.updateTable('customer_sessions').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** Ends every open session of the customer (except `keep`); answers how many ended. */
  async revokeCustomerSessions(customerId: number, reason: string, now: number, keep?: string): Promise<number> {
    let query = this.db.updateTable('customer_sessions').set({ revoked_at: now, revoked_reason: reason }).where('customer_id', '=', customerId).where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async addRefreshToken(tokenHash: string, sessionId: string, now: number, expiresAt: number): Promise<void> {
    await this.db.insertInto('refresh_tokens').values({ token_hash: tokenHash, session_id: sessionId, created_at: now, expires_at: expiresAt, used_at: null }).execute();
  }

  /**
   * Spends a refresh token: marks it used if it is unused, unexpired and its session open ('spent'). A token used
   * before is 'reused' (the caller revokes its family); anything else is 'refused'. The conditional update makes two
   * refreshes racing with one token spend it once.
   */
  async spendRefreshToken(tokenHash: string, now: number): Promise<TokenSpend> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .innerJoin('customer_sessions', 'customer_sessions.id', 'refresh_tokens.session_id')
        .select(['refresh_tokens.session_id', 'refresh_tokens.expires_at', 'refresh_tokens.used_at', 'customer_sessions.customer_id', 'customer_sessions.revoked_at'])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return { status: 'refused' };
      if (row.used_at !== null) return { status: 'reused', sessionId: row.session_id };
      if (row.revoked_at !== null || Number(row.expires_at) <= now) return { status: 'refused' };
      const updated = await trx.updateTable('refresh_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { status: 'reused', sessionId: row.session_id };
      await trx.updateTable('customer_sessions').set({ last_used_at: now }).where('id', '=', row.session_id).execute();
      return { status: 'spent', sessionId: row.session_id, customerId: Number(row.customer_id) };
    });
  }

  async addResetToken(tokenHash: string, customerId: number, now: number, expiresAt: number): Promise<void> {
    await this.db.insertInto('password_reset_tokens').values({ token_hash: tokenHash, customer_id: customerId, created_at: now, expires_at: expiresAt, used_at: null }).execute();
  }

  /** Spends a reset token of this customer: true once, when it is unused and unexpired. */
  async spendResetToken(tokenHash: string, customerId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new password ends every reset link the customer still holds. */
  async expireResetTokens(customerId: number, now: number): Promise<void> {
    await this.db.updateTable('password_reset_tokens').set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
  }

  /** Drops refresh tokens and reset links that can no longer be used by anyone. */
  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('password_reset_tokens').where('expires_at', '<=', now).execute();
  }
}
