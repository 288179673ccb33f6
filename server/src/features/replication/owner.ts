/**
 * Who a request acts for. A shopper is the owner `guest:<cart token>` of a cart made by POST /api/cart/create and
 * passed as `?cartId=`; the owner is never taken from a document. Customer tokens (`?token=`) arrive with accounts:
 * until then `customerOwner` answers null and such a request is refused, which tells the client to use a guest cart
 * (spec 1 §4 "Connecting the cart").
 */
import { DomainError } from '@shop/shared';
import type { Db } from '../../storage/database.ts';

export interface RequestOwner {
  /** `guest:<token>` or, with accounts, `customer:<id>`. */
  owner: string;
  /** The guest cart token the request named. */
  cartToken: string | null;
}

/** Answers the owner of a customer token, or null when the token is not (or no longer) valid. */
export type CustomerOwnerResolver = (token: string) => Promise<string | null>;

export const noCustomerAccounts: CustomerOwnerResolver = async () => null;

export function guestOwner(cartToken: string): string {
  return `guest:${cartToken}`;
}

const MAX_TOKEN_LENGTH = 200;

function queryText(value: unknown, name: string): string {
  if (Array.isArray(value)) throw new DomainError('bad_request', `Give ${name} once`);
  return typeof value === 'string' ? value.trim() : '';
}

function unauthorized(message: string): DomainError {
  return new DomainError('unauthorized', message, { status: 401 });
}

export class Owners {
  constructor(
    private readonly db: Db,
    private readonly customerOwner: CustomerOwnerResolver = noCustomerAccounts,
  ) {}

  /** The owner named by `token` (a customer) or `cartId` (a guest cart); 401 when neither names a known one. */
  async resolve(query: { token?: unknown; cartId?: unknown }): Promise<RequestOwner> {
    const token = queryText(query.token, 'token');
    const cartId = queryText(query.cartId, 'cartId');
    if (token) {
      if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('The customer token is not valid');
      const owner = await this.customerOwner(token);
      if (!owner) throw unauthorized('The customer token is not valid or has expired; use a guest cart token (?cartId=) instead');
      return { owner, cartToken: cartId || null };
    }
    if (!cartId) throw unauthorized('A cart token is required: create a cart with POST /api/cart/create and pass its token as ?cartId=');
    return this.guest(cartId);
  }

  /** The guest owner of a cart token; 401 when there is no such cart. */
  async guest(cartId: string): Promise<RequestOwner> {
    if (cartId.length > MAX_TOKEN_LENGTH) throw unauthorized('Unknown cart token');
    const cart = await this.db.selectFrom('carts').select(['token', 'owner']).where('token', '=', cartId).executeTakeFirst();
    if (!cart) throw unauthorized(`Unknown cart token ${cartId}: create a cart with POST /api/cart/create`);
    return { owner: cart.owner, cartToken: cart.token };
  }
}
