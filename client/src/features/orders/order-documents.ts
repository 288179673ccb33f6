/**
 * The `orders` documents of this device: the order written from the cart and the checkout draft, its id minted once
 * per placement, the waiting (unconfirmed) ones confirmed or cancelled, and each one watched until the shop's answer
 * replicates back. The id is the idempotency key (decision 019): it is derived from the cart's lines (their ids,
 * quantities and last write ids) and an attempt number, and written under a Web Lock, so a double click, a retry, a
 * reload or a second tab placing the same cart all land on the same document; only a final refusal (400, 409) moves
 * the next attempt to a new id.
 */
import type { CartLineDoc } from '@shop/shared/cart/index';
import { cartTotals } from '@shop/shared/cart/index';
import type { ShippingMethod } from '@shop/shared/cart/totals';
import { purchaseOrderNumber, PURCHASE_ORDER_CODE } from '@shop/shared/orders/payment-methods';
import { cartFingerprint, placementIdOf } from '@shop/shared/orders/placement-id';
import type { Language } from '@shop/shared/stores/stores';
import type { OrderAddress, OrderDoc } from '@shop/shared/sync/order.schema';
import type { RxCollection } from 'rxdb/plugins/core';
import { map, type Observable } from 'rxjs';
import { newId } from '../sync/replica.ts';

export { newId };

export type OrdersCollection = RxCollection<OrderDoc>;


async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The order id of attempt `attempt` at placing this cart. */
export async function placementId(lines: readonly Pick<CartLineDoc, 'id' | 'qty' | 'writeId'>[], attempt: number): Promise<string> {
  return placementIdOf(await sha256(cartFingerprint(lines)), attempt);
}

/** Refused for good: a new attempt needs a new id (a 500 is retried with the same one). */
export function finallyRefused(order: Pick<OrderDoc, 'transmited' | 'resultCode'>): boolean {
  return order.transmited && (order.resultCode === 400 || order.resultCode === 409);
}

export interface OrderDraft {
  storeCode: string;
  /** The shopper's interface language when it is not the store's: the order's mails are written in it. */
  language?: Language | undefined;
  currency: string;
  personal: { firstName: string; lastName: string; emailAddress: string; phoneNumber?: string };
  shipping: OrderAddress;
  billing: OrderAddress;
  shippingMethod: ShippingMethod;
  payment: { code: string; costInclTax: number; additional?: Record<string, string> };
  poNumber?: string;
  comment?: string;
  /** The totals the checkout showed, in `currency` (the shopper's market); without them, the shared rule's in euros. */
  shownTotals?: { subtotal_incl_tax: number; shipping_incl_tax: number; grand_total: number } | undefined;
  /** Each line's unit price as the checkout showed it, in `currency` (null: not known, the line's catalogue price). */
  unitPrice?: ((line: CartLineDoc) => number | null) | undefined;
}

/** The request fields of an order from the cart's lines and the checkout's values. */
export function orderRequest(lines: readonly CartLineDoc[], draft: OrderDraft, at: number, confirmed: boolean): Omit<OrderDoc, 'id' | 'updatedAt' | 'writeId' | 'transmited'> {
  const shown = lines.filter((line) => line.qty > 0);
  const totals = cartTotals(shown, { shipping: draft.shippingMethod, paymentCostInclTax: draft.payment.costInclTax });
  const purchaseOrder = draft.payment.code === PURCHASE_ORDER_CODE;
  const comment = draft.comment?.trim();
  return {
    created_at: at,
    storeCode: draft.storeCode,
    ...(draft.language ? { language: draft.language } : {}),
    currency: draft.currency as OrderDoc['currency'],
    customer_email: draft.personal.emailAddress.trim(),
    personalDetails: {
      firstName: draft.personal.firstName.trim(),
      lastName: draft.personal.lastName.trim(),
      emailAddress: draft.personal.emailAddress.trim(),
      ...(draft.personal.phoneNumber ? { phoneNumber: draft.personal.phoneNumber.trim() } : {}),
    },
    shippingAddress: draft.shipping,
    billingAddress: draft.billing,
    shippingMethod: { carrier_code: draft.shippingMethod.carrier_code, method_code: draft.shippingMethod.method_code },
    paymentMethod: { code: draft.payment.code, ...(draft.payment.additional ? { additional: draft.payment.additional } : {}) },
    items: shown.map((line) => ({
      sku: line.sku,
      ...(line.parentSku ? { parentSku: line.parentSku } : {}),
      type_id: line.type_id,
      checksum: line.checksum,
      ...(line.product_option ? { product_option: line.product_option } : {}),
      ...(line.custom_size ? { custom_size: line.custom_size } : {}),
      ...(line.custom_size_unit ? { custom_size_unit: line.custom_size_unit } : {}),
      ...(line.snapshot.value.options?.length ? { options: line.snapshot.value.options } : {}),
      qty: line.qty,
      name: line.snapshot.value.name,
      price_incl_tax: draft.unitPrice?.(line) ?? line.snapshot.value.price_incl_tax,
    })),
    totals: draft.shownTotals
      ? { subtotal_incl_tax: draft.shownTotals.subtotal_incl_tax, shipping_incl_tax: draft.shownTotals.shipping_incl_tax, grand_total: draft.shownTotals.grand_total }
      : { subtotal_incl_tax: totals.subtotal_incl_tax, shipping_incl_tax: totals.shipping_incl_tax, grand_total: totals.grand_total },
    ...(purchaseOrder ? { po_number: purchaseOrderNumber(draft.poNumber) } : {}),
    ...(comment ? { comment: comment.slice(0, 2000) } : {}),
    confirmed,
  };
}

async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  let answer: T | undefined;
  await navigator.locks.request(name, async () => {
    answer = await work();
  });
  return answer as T;
}

/**
 * Writes the order of this cart, or finds the one this placement wrote already. Online it is confirmed (the server
 * places it on arrival); offline it waits unconfirmed for the shopper (spec 2 §4 "Offline orders").
 */
export async function writeOrder(
  orders: OrdersCollection,
  lines: readonly CartLineDoc[],
  draft: OrderDraft,
  options: { online: boolean; now: number },
): Promise<{ orderId: string; queued: boolean }> {
  if (!lines.some((line) => line.qty > 0)) throw new Error('cart.empty');
  return withLock('shop-place-order', async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const id = await placementId(lines, attempt);
      const existing = await orders.findOne(id).exec();
      if (existing && finallyRefused(existing)) continue;
      if (existing) {
        const current = existing.toJSON() as OrderDoc;
        const retry = current.transmited && current.resultCode === 500;
        // Queued offline and now placed online, or the shop failed last time: one more write of the same order.
        if ((!current.confirmed && options.online) || retry) {
          await existing.incrementalModify((doc) => ({ ...doc, ...orderRequest(lines, draft, doc.created_at, true), writeId: newId() }));
        }
        return { orderId: id, queued: !(current.confirmed || options.online) };
      }
      await orders.insert({ id, updatedAt: 0, writeId: newId(), transmited: false, ...orderRequest(lines, draft, options.now, options.online) } as OrderDoc);
      return { orderId: id, queued: !options.online };
    }
    throw new Error('Too many refused attempts at this cart');
  });
}

/** Sets `confirmed: true` on waiting orders (each a new write, so the server hears it). */
export async function confirmOrders(orders: OrdersCollection, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const doc = await orders.findOne(id).exec();
    if (doc && !doc.confirmed) await doc.incrementalModify((order) => (order.confirmed ? order : { ...order, confirmed: true, writeId: newId() }));
  }
}

/** Deletes waiting orders; a new write id makes the server take the deletion. */
export async function cancelOrders(orders: OrdersCollection, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const doc = await orders.findOne(id).exec();
    if (doc && !doc.confirmed) await doc.incrementalModify((order) => ({ ...order, writeId: newId(), _deleted: true }) as OrderDoc);
  }
}

/** The ids of the orders waiting for the shopper's confirmation. */
export function waitingOrders$(orders: OrdersCollection): Observable<string[]> {
  return orders.find({ selector: { confirmed: false } }).$.pipe(map((docs) => docs.map((doc) => doc.id).sort()));
}

/** The order's current document (null once deleted), on every change in any tab. */
export function order$(orders: OrdersCollection, id: string): Observable<OrderDoc | null> {
  return orders.findOne(id).$.pipe(map((doc) => (doc ? (doc.toJSON() as OrderDoc) : null)));
}
