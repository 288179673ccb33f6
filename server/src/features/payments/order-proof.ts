/**
 * Who may touch an order and its payment (issue 13, the ownership contract): the order's customer with their
 * `Authorization: Bearer` access token, or whoever holds the order's own token (`X-Order-Token`: the placing device
 * got it in the order's result, the order-status link carries it) or the order-status link's hash (`X-Order-Hash`,
 * an HMAC of the token and the order number). An order id alone proves nothing: it travels in a provider's return
 * address. A refusal looks exactly like "no such order".
 */
import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@shop/shared';
import type { IncomingHttpHeaders } from 'node:http';
import { ORDER_HASH_HEADER, ORDER_TOKEN_HEADER } from '@shop/shared/payments/index';
import { bearerToken, type CustomerOwnerResolver } from '../replication/owner.ts';
import type { PlacedOrder } from './order-port.ts';

export interface OrderProof {
  /** `customer:<id>` of a valid bearer token, else null. */
  customer: string | null;
  /** A bearer token was sent but is not (or no longer) valid: refused with 401 unless another proof holds. */
  customerTokenRefused: boolean;
  orderToken: string | null;
  statusHash: string | null;
}

export const NO_PROOF: OrderProof = Object.freeze({ customer: null, customerTokenRefused: false, orderToken: null, statusHash: null });

const MAX_PROOF_LENGTH = 512;

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > MAX_PROOF_LENGTH ? null : trimmed;
}

/** Reads the proofs a request carries; a bearer token is resolved to its customer. */
export async function orderProofOf(headers: IncomingHttpHeaders, customerOwner: CustomerOwnerResolver): Promise<OrderProof> {
  const token = bearerToken(headers.authorization);
  const customer = token && token.length <= MAX_PROOF_LENGTH ? await customerOwner(token) : null;
  return { customer, customerTokenRefused: token !== '' && customer === null, orderToken: header(headers, ORDER_TOKEN_HEADER), statusHash: header(headers, ORDER_HASH_HEADER) };
}

function same(given: string, expected: string): boolean {
  const left = Buffer.from(given, 'utf8');
  const right = Buffer.from(expected, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the proof shows the order is the caller's. */
export function provesOrder(order: Pick<PlacedOrder, 'owner' | 'order_token' | 'status_hash'>, proof: OrderProof): boolean {
  if (proof.customer !== null && order.owner === proof.customer) return true;
  if (proof.orderToken !== null && same(proof.orderToken, order.order_token)) return true;
  return proof.statusHash !== null && same(proof.statusHash, order.status_hash);
}

/**
 * The refusal of an order the caller cannot prove is theirs: the same answer as for an order that does not exist
 * (`notFound`), or, when the only proof was an expired or invalid customer token, the 401 that makes the client renew
 * it (given whether the order exists or not).
 */
export function orderRefusal(proof: OrderProof, notFound: () => DomainError): DomainError {
  if (proof.customerTokenRefused) return new DomainError('unauthorized', 'The customer token is not valid or has expired', { status: 401 });
  return notFound();
}
