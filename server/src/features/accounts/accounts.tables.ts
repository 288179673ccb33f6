/**
 * Kysely types of the account tables (migration 004). Kept beside the feature and added to the shared database type
 * with `withAccountTables(db)`, so the storage schema file stays the catalogue's and replication's.
 */
import type { Generated } from 'kysely';
import type { Db } from '../../storage/database.ts';

export interface CustomersTable {
  id: Generated<number>;
  /** Lower case (normaliseEmail). */
  email: string;
  firstname: string;
  lastname: string;
  group_id: Generated<number>;
  /** `scrypt$N$r$p$salt$hash` (passwords.ts). */
  password_hash: string;
  default_shipping: number | null;
  default_billing: number | null;
  created_at: number;
  updated_at: number;
}

export interface CustomerAddressesTable {
  id: Generated<number>;
  customer_id: number;
  /** JSON: the address without its id. */
  data: string;
}

export interface CustomerSessionsTable {
  id: string;
  customer_id: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  customer_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

// A type alias, not an interface: Kysely's `withTables` wants a record type.
export type AccountTables = {
  customers: CustomersTable;
  customer_addresses: CustomerAddressesTable;
  customer_sessions: CustomerSessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  /** The column 004 adds to 003's carts: the customer owner a merged guest cart went to. */
  carts: { merged_into: string | null };
};

export type AccountsDb = ReturnType<typeof withAccountTables>;

export function withAccountTables(db: Db) {
  return db.withTables<AccountTables>();
}
