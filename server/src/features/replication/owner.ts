/**
 * Who a request acts for. A shopper is the owner `guest:<cart token>` of a cart made by POST /api/cart/create and
 * sent as the header `X-Cart-Id` (or, where the spec names it, `?cartId=`); a logged-in customer is `customer:<id>`,
 * named by an access token sent as `Authorization: Bearer <token>` or, when USER_TOKEN_IN_URL is on, as `?token=`
 * (the event stream takes a ticket instead, stream-tickets.ts). The owner is never taken from a document. A customer's cart cannot be used as a guest cart,
 * and a guest cart merged into a customer's at login is closed: both answer 401, which tells the client to make a new
 * guest cart (spec 1 §4 "Connecting the cart").
 */
import { DomainError } from '@shop/shared';
import type { Db } from '../../storage/database.ts';
import { withAccountTables, type AccountsDb } from '../accounts/accounts.tables.ts';

export interface RequestOwner {
  /** `guest:<token>` or `customer:<id>`. */
  owner: string;
  /** The cart the request acts on: the guest cart named, or the customer's own cart (null until it is made). */
  cartToken: string | null;
  /** What named the owner (the stream re-checks it while it runs). */
  credential: { token: string } | { cartId: string };
}

/** Answers the owner of a customer token, or null when the token is not (or no longer) valid. */
export type CustomerOwnerResolver = (token: string) => Promise<string | null>;

export const noCustomerAccounts: CustomerOwnerResolver = async () => null;

export function guestOwner(cartToken: string): string {
  return `guest:${cartToken}`;
}

const MAX_TOKEN_LENGTH = 512;

function queryText(value: unknown, name: string): string {
  if (Array.isArray(value)) throw new DomainError('bad_request', `Give ${name} once`);
  return typeof value === 'string' ? value.trim() : '';
}

/** The token of an `Authorization: Bearer <token>` header, '' when there is none. */
export function bearerToken(header: unknown): string {
  if (typeof header !== 'string') return '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/** The credentials a request carries in its headers: the bearer token and the guest cart id. */
export function ownerHeaders(request: { headers: Record<string, unknown> }): { authorization: unknown; cartId: unknown } {
  return { authorization: request.headers.authorization, cartId: request.headers['x-cart-id'] };
}

function unauthorized(message: string): DomainError {
  return new DomainError('unauthorized', message, { status: 401 });
}

export interface OwnerOptions {
  /** Accept `?token=` (USER_TOKEN_IN_URL); the bearer header is always accepted. */
  tokenInUrl?: boolean;
}

export class Owners {
  private readonly db: AccountsDb;

  constructor(
    db: Db,
    private readonly customerOwner: CustomerOwnerResolver = noCustomerAccounts,
    private readonly options: OwnerOptions = {},
  ) {
    this.db = withAccountTables(db);
  }

  /**
   * The owner named by a customer token (bearer header, or `token` in the query) or by a guest cart id (the
   * `X-Cart-Id` header, or `cartId` in the query); 401 when neither names a valid one.
   */
  async resolve(query: { token?: unknown; cartId?: unknown }, request: { authorization?: unknown; cartId?: unknown } = {}): Promise<RequestOwner> {
    const fromHeader = bearerToken(request.authorization);
    const fromQuery = queryText(query.token, 'token');
    const cartId = queryText(request.cartId, 'X-Cart-Id') || queryText(query.cartId, 'cartId');
    if (!fromHeader && fromQuery && this.options.tokenInUrl === false) {
      throw unauthorized('Send the customer token in an Authorization: Bearer header; this shop does not accept it in the address');
    }
    const token = fromHeader || fromQuery;
    if (token) {
      if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('The customer token is not valid');
      const owner = await this.customerOwner(token);
      if (!owner) throw unauthorized('The customer token is not valid or has expired; use a guest cart token (?cartId=) instead');
      const cart = await this.db.selectFrom('carts').select('token').where('owner', '=', owner).executeTakeFirst();
      return { owner, cartToken: cart?.token ?? null, credential: { token } };
    }
    if (!cartId) throw unauthorized('A cart token is required: create a cart with POST /api/cart/create and pass its token as ?cartId=');
    return this.guest(cartId);
  }

  /** The guest owner of a cart token; 401 when there is no such open guest cart. */
  async guest(cartId: string): Promise<RequestOwner> {
    if (cartId.length > MAX_TOKEN_LENGTH) throw unauthorized('Unknown cart token');
    const cart = await this.db.selectFrom('carts').select(['token', 'owner', 'merged_into']).where('token', '=', cartId).executeTakeFirst();
    if (!cart) throw unauthorized(`Unknown cart token ${cartId}: create a cart with POST /api/cart/create`);
    if (!cart.owner.startsWith('guest:')) throw unauthorized('This cart belongs to a customer account: log in to use it');
    if (cart.merged_into !== null) throw unauthorized('This cart was merged into a customer cart at login: create a new cart with POST /api/cart/create');
    return { owner: cart.owner, cartToken: cart.token, credential: { cartId: cart.token } };
  }
}
