/** Puts the accounts feature together for app.ts: tables, password policy, guest merge, order claims and the service. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { CartRepository } from '../cart/cart.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { claimGuestOrders } from '../orders/order-claims.ts';
import type { ReplicationRepository } from '../replication/replication.repository.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { AccountsService } from './accounts.service.ts';
import { withAccountTables } from './accounts.tables.ts';
import { GuestMerge } from './guest-merge.ts';
import { passwordPolicy } from './breached-passwords.ts';

export function createAccounts(deps: {
  db: Db;
  replication: ReplicationRepository;
  carts: CartRepository;
  mailer: Mailer;
  config: Pick<AppConfig, 'accounts'>;
  /** The token secret (token-secret.ts, loaded once in app.ts). */
  secret: string;
  now: () => number;
  log?: FastifyBaseLogger;
}): AccountsService {
  const db = withAccountTables(deps.db);
  return new AccountsService({
    repository: new AccountsRepository(db),
    passwordPolicy: passwordPolicy({ online: deps.config.accounts.breachOnline, ...(deps.log ? { log: deps.log } : {}) }),
    guestMerge: new GuestMerge(db, deps.replication, deps.now),
    claimOrders: (claims, customer) => claimGuestOrders(deps.replication, claims, customer),
    carts: deps.carts,
    replication: deps.replication,
    mailer: deps.mailer,
    secret: deps.secret,
    config: deps.config.accounts,
    now: deps.now,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
