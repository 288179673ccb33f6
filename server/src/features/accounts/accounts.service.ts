/**
 * The customer account rules (the accounts contract, spec 2 §4 "User session", §7, §8): registration, login with
 * rate limits and the guest cart merge, refresh-token rotation with reuse detection, logout, password reset and
 * change, the profile and the order history. Routes validate and call this; tables are behind the repository.
 */
import { DomainError } from '@shop/shared';
import {
  ACCOUNT_MESSAGES,
  normaliseEmail,
  orderHistoryPage,
  type ChangePasswordBody,
  type CreateCustomerBody,
  type CreatePasswordBody,
  type CustomerProfile,
  type LoginBody,
  type OrderHistory,
  type OrderClaim,
  type OrderHistoryQuery,
  type UpdateCustomerBody,
} from '@shop/shared/account/index';
import type { OrderDoc } from '@shop/shared/sync/index';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { CartRepository } from '../cart/cart.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReplicationRepository } from '../replication/replication.repository.ts';
import type { Trx } from '../../storage/database.ts';
import type { AccountsRepository, CustomerRecord } from './accounts.repository.ts';
import type { GuestMerge } from './guest-merge.ts';
import type { MailLocale } from '../mail/mail-locale.ts';
import { accountWelcomeMail, resetPasswordMail } from './mail-texts.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { PasswordPolicy } from './breached-passwords.ts';
import { hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from './tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Who an access token speaks for. */
export interface CustomerIdentity {
  customerId: number;
  sessionId: string;
}

export interface IssuedTokens {
  token: string;
  refreshToken: string;
  /** Seconds the access token is valid. */
  expiresIn: number;
}

export function customerOwner(customerId: number): string {
  return `customer:${customerId}`;
}

/** Where the links of an account mail point (the shop's public address and the shopper's store) and its language. */
export interface MailLink extends MailLocale {
  origin: string;
}

export interface AccountsDependencies {
  repository: AccountsRepository;
  /** Refuses a new password found in a breached-password list (400 with the field message). */
  passwordPolicy: PasswordPolicy;
  guestMerge: GuestMerge;
  /** Gives a new customer the guest orders named at registration (features/orders/order-claims.ts). */
  claimOrders: (claims: readonly OrderClaim[], customer: { owner: string; email: string }) => Promise<string[]>;
  carts: CartRepository;
  replication: ReplicationRepository;
  mailer: Mailer;
  secret: string;
  config: AppConfig['accounts'];
  now: () => number;
  log?: FastifyBaseLogger;
}

const signInIncorrect = () => new DomainError('account_sign_in_incorrect', ACCOUNT_MESSAGES.signInIncorrect, { status: 401 });
const refreshRefused = () => new DomainError('account_refresh_refused', ACCOUNT_MESSAGES.refreshRefused, { status: 401 });
const tokenRefused = () => new DomainError('unauthorized', ACCOUNT_MESSAGES.tokenInvalid, { status: 401 });

export class AccountsService {
  private lastPrune = 0;

  constructor(private readonly deps: AccountsDependencies) {}

  private get now(): number {
    return this.deps.now();
  }

  /** Creates the account and mails a welcome in the shopper's language (a mail problem does not undo the account). */
  async register(body: CreateCustomerBody, link: MailLink): Promise<CustomerProfile> {
    const { repository } = this.deps;
    const email = normaliseEmail(body.customer.email);
    const emailExists = () => new DomainError('account_email_exists', ACCOUNT_MESSAGES.emailExists);
    if (await repository.byEmail(email)) throw emailExists();
    await this.deps.passwordPolicy.check(body.password, 'password');
    const customer = await repository.createCustomer({
      email,
      firstname: body.customer.firstname.trim(),
      lastname: body.customer.lastname.trim(),
      passwordHash: await hashPassword(body.password),
      now: this.now,
    });
    if (!customer) throw emailExists();
    if (body.customer.addresses?.length) await repository.replaceAddresses(customer.id, body.customer.addresses, this.now);
    // An account made in checkout owns the order it was made with.
    if (body.orders?.length) await this.deps.claimOrders(body.orders, { owner: customerOwner(customer.id), email });
    const welcome = accountWelcomeMail(link.language, { to: customer.email, firstname: customer.firstname, url: `${link.origin}/${link.store}/my-account` });
    await this.deps.mailer.send(welcome).catch((error: unknown) => this.deps.log?.error({ err: error }, 'the account welcome mail could not be written'));
    return repository.profile((await repository.byId(customer.id))!);
  }

  /**
   * Checks the password (the routes throttle the attempts: account-throttle.ts), opens a session, and merges the guest cart `cartId` into the customer's cart, whose token is answered.
   */
  async login(body: LoginBody): Promise<IssuedTokens & { cartId: string }> {
    const { repository } = this.deps;
    await this.prune();
    const email = normaliseEmail(body.username);
    const customer = await repository.byEmail(email);
    const matches = await verifyPassword(body.password, customer?.passwordHash ?? (await decoyHash()));
    if (!customer || !matches) throw signInIncorrect();
    if (needsRehash(customer.passwordHash)) await repository.setPasswordHash(customer.id, await hashPassword(body.password), this.now);

    const tokens = await this.openSession(customer.id);
    const owner = customerOwner(customer.id);
    const cart = await this.deps.carts.forOwner(owner);
    const guestCart = body.cartId?.trim();
    if (guestCart && guestCart !== cart.token) await this.deps.guestMerge.merge(guestCart, owner);
    return { ...tokens, cartId: cart.token };
  }

  /**
   * Spends a refresh token for a new pair. Every refresh token is single use: one presented a second time means it
   * was copied, so its whole family (the session) is revoked, the newer tokens of that login included.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const { repository } = this.deps;
    const spent = await repository.spendRefreshToken(hashToken(refreshToken), this.now);
    if (spent.status === 'reused') {
      await repository.revokeSession(spent.sessionId, 'refresh token reused', this.now);
      throw refreshRefused();
    }
    if (spent.status !== 'spent') throw refreshRefused();
    return this.issue(spent.customerId, spent.sessionId);
  }

  /** Ends every session of the customer: other devices are logged out at their next call or refresh. */
  async logout(identity: CustomerIdentity): Promise<void> {
    await this.deps.repository.revokeCustomerSessions(identity.customerId, 'logout', this.now);
  }

  /**
   * Mails a single-use link valid for an hour (the routes throttle the requests, so the form cannot be used to flood
   * a mailbox); an unknown address is answered 404 as the spec asks.
   */
  async requestPasswordReset(emailText: string, link: MailLink): Promise<void> {
    const { repository } = this.deps;
    const email = normaliseEmail(emailText);
    const customer = await repository.byEmail(email);
    if (!customer) throw new DomainError('account_email_unknown', ACCOUNT_MESSAGES.emailUnknown, { status: 404 });
    const token = newOpaqueToken();
    await repository.addResetToken(hashToken(token), customer.id, this.now, this.now + RESET_TOKEN_TTL_MS);
    const url = `${link.origin}/${link.store}/create-password?email=${encodeURIComponent(customer.email)}&token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send(resetPasswordMail(link.language, { to: customer.email, firstname: customer.firstname, url }));
    } catch {
      throw new DomainError('internal', ACCOUNT_MESSAGES.resetMailFailed, { status: 503 });
    }
  }

  /** Sets a new password with a reset link's token (single use, one hour); every session of the customer ends. */
  async createPassword(body: CreatePasswordBody): Promise<void> {
    const { repository } = this.deps;
    const customer = await repository.byEmail(normaliseEmail(body.email));
    const spent = customer ? await repository.spendResetToken(hashToken(body.resetToken.trim()), customer.id, this.now) : false;
    if (!customer || !spent) throw new DomainError('account_reset_token_invalid', ACCOUNT_MESSAGES.resetTokenInvalid);
    await this.deps.passwordPolicy.check(body.newPassword, 'newPassword');
    await repository.setPasswordHash(customer.id, await hashPassword(body.newPassword), this.now);
    await repository.expireResetTokens(customer.id, this.now);
    await repository.revokeCustomerSessions(customer.id, 'password created', this.now);
  }

  /**
   * Changes the password after checking the current one (the routes count failures like failed logins). Every session ends,
   * this device's too, which gets a new session: its fresh tokens are answered.
   */
  async changePassword(identity: CustomerIdentity, body: ChangePasswordBody): Promise<IssuedTokens> {
    const { repository } = this.deps;
    const customer = await this.customer(identity);
    if (!(await verifyPassword(body.currentPassword, customer.passwordHash))) {
      throw new DomainError('account_current_password_wrong', ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    await this.deps.passwordPolicy.check(body.newPassword, 'newPassword');
    await repository.setPasswordHash(customer.id, await hashPassword(body.newPassword), this.now);
    await repository.expireResetTokens(customer.id, this.now);
    await repository.revokeCustomerSessions(customer.id, 'password changed', this.now);
    return this.openSession(customer.id);
  }

  /** The customer's e-mail address (what the routes' throttles count against). */
  async emailOf(identity: CustomerIdentity): Promise<string> {
    return (await this.customer(identity)).email;
  }

  async profile(identity: CustomerIdentity): Promise<CustomerProfile> {
    return this.deps.repository.profile(await this.customer(identity));
  }

  /** Names, e-mail (unique) and addresses; the id and group are not the customer's to change. */
  /**
   * Changes the profile; with `trx` (a queued call, task-receipts.ts) every read and write runs in that transaction,
   * so the change and the call's receipt are stored together.
   */
  async updateProfile(identity: CustomerIdentity, body: UpdateCustomerBody, trx?: Trx): Promise<CustomerProfile> {
    const repository = trx ? this.deps.repository.within(trx) : this.deps.repository;
    const customer = await this.customer(identity, repository);
    const email = body.customer.email ? normaliseEmail(body.customer.email) : customer.email;
    const updated = await repository.updateCustomer(customer.id, { email, firstname: body.customer.firstname.trim(), lastname: body.customer.lastname.trim(), now: this.now });
    if (!updated) throw new DomainError('account_email_exists', ACCOUNT_MESSAGES.emailExists);
    if (body.customer.addresses) await repository.replaceAddresses(customer.id, body.customer.addresses, this.now);
    return repository.profile((await repository.byId(customer.id))!);
  }

  /** The customer's `orders` documents: newest first, one per increment id, paged. */
  async orderHistory(identity: CustomerIdentity, query: OrderHistoryQuery): Promise<OrderHistory> {
    const orders = (await this.deps.replication.list('orders', customerOwner(identity.customerId))) as unknown as OrderDoc[];
    return orderHistoryPage(orders, query);
  }

  /** The customer's own cart token (made once per customer). */
  async customerCart(identity: CustomerIdentity): Promise<string> {
    return (await this.deps.carts.forOwner(customerOwner(identity.customerId))).token;
  }

  /** The customer and session of a valid access token whose session is still open, or null. */
  async authenticate(token: string): Promise<CustomerIdentity | null> {
    const claims = verifyAccessToken(token, this.deps.secret, Math.floor(this.now / 1000));
    if (!claims) return null;
    const customerId = await this.deps.repository.openSession(claims.sessionId);
    return customerId === claims.customerId ? { customerId, sessionId: claims.sessionId } : null;
  }

  /** Like `authenticate`, or a 401 the client's token lock reacts to. */
  async identify(token: string | null): Promise<CustomerIdentity> {
    const identity = token ? await this.authenticate(token) : null;
    if (!identity) throw tokenRefused();
    return identity;
  }

  /** For the replication and cart calls (owner.ts): `customer:<id>` of a valid token, else null. */
  readonly ownerOfToken = async (token: string): Promise<string | null> => {
    const identity = await this.authenticate(token);
    return identity ? customerOwner(identity.customerId) : null;
  };

  private async customer(identity: CustomerIdentity, repository = this.deps.repository): Promise<CustomerRecord> {
    const customer = await repository.byId(identity.customerId);
    if (!customer) throw tokenRefused();
    return customer;
  }

  private async openSession(customerId: number): Promise<IssuedTokens> {
    const sessionId = await this.deps.repository.createSession(customerId, this.now);
    return this.issue(customerId, sessionId);
  }

  private async issue(customerId: number, sessionId: string): Promise<IssuedTokens> {
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = this.deps.config;
    const refreshToken = newOpaqueToken();
    await this.deps.repository.addRefreshToken(hashToken(refreshToken), sessionId, this.now, this.now + refreshTokenTtlSeconds * 1000);
    const token = signAccessToken({ customerId, sessionId, expiresAt: Math.floor(this.now / 1000) + accessTokenTtlSeconds }, this.deps.secret);
    return { token, refreshToken, expiresIn: accessTokenTtlSeconds };
  }

  private async prune(): Promise<void> {
    if (this.now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = this.now;
    await this.deps.repository.prune(this.now);
  }
}
