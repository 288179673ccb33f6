/**
 * The orders this device placed, remembered so that their after-order steps run once (spec 2 §4 'Order placing':
 * "clear the cart without server sync"): per order id, the cart token it was placed from and when its steps ran. An
 * order this device did not place (a customer's order pulled from the shop, an order placed before an update) is not
 * in it and clears nothing. Kept in localStorage, which every tab reads at once; in this tab's memory when storage is
 * refused.
 */
import type { OrderDoc } from '@shop/shared/sync/order.schema';

export const PLACEMENTS_KEY = 'shop.orders.placements';
/** Records older than this are dropped: a finished one has done its work, an unanswered one's cart moved on. */
export const PLACEMENT_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export interface Placement {
  /** The cart token the order was placed from (null: the cart had no server cart yet, e.g. offline). */
  cart: string | null;
  at: number;
  /** When its after-order steps ran. */
  finishedAt?: number;
}

export type Placements = Record<string, Placement>;

/** What the after-order steps do for an order: clear its cart, only remember they ran, or nothing at all. */
export type AfterOrderStep = 'clear' | 'remember' | 'none';

/**
 * The rule: a placed order (answered 200) clears the cart it was placed from, once, and nothing else. An order not
 * placed here, not placed, or already finished does nothing; one whose cart is no longer this device's cart (another
 * token) is remembered as finished without clearing the cart that is there now.
 */
export function afterOrderStep(order: Pick<OrderDoc, 'transmited' | 'resultCode'>, placement: Placement | undefined, currentCart: string | null): AfterOrderStep {
  if (!order.transmited || order.resultCode !== 200 || !placement || placement.finishedAt !== undefined) return 'none';
  if (placement.cart !== null && currentCart !== null && placement.cart !== currentCart) return 'remember';
  return 'clear';
}

/** The records still worth keeping at `now`. */
export function prunePlacements(placements: Placements, now: number): Placements {
  return Object.fromEntries(Object.entries(placements).filter(([, placement]) => now - (placement.finishedAt ?? placement.at) < PLACEMENT_KEEP_MS));
}

function isPlacement(value: unknown): value is Placement {
  if (typeof value !== 'object' || value === null) return false;
  const { cart, at, finishedAt } = value as Partial<Placement>;
  return (cart === null || typeof cart === 'string') && typeof at === 'number' && (finishedAt === undefined || typeof finishedAt === 'number');
}

let memory: Placements = {};

export function readPlacements(): Placements {
  let text: string | null;
  try {
    text = localStorage.getItem(PLACEMENTS_KEY);
  } catch {
    return memory;
  }
  if (text === null) return memory;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return {};
    // Stored data is untrusted: a record of another shape is no record.
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, Placement] => isPlacement(entry[1])));
  } catch {
    return {};
  }
}

function writePlacements(placements: Placements): void {
  memory = placements;
  try {
    localStorage.setItem(PLACEMENTS_KEY, JSON.stringify(placements));
  } catch {
    // Kept in this tab's memory.
  }
}

export function placementOf(orderId: string): Placement | undefined {
  return readPlacements()[orderId];
}

/** Remembers that this device placed `orderId` from `cart`; a placement already known keeps its first cart. */
export function recordPlacement(orderId: string, cart: string | null, now: number): void {
  const placements = prunePlacements(readPlacements(), now);
  if (placements[orderId]) return;
  writePlacements({ ...placements, [orderId]: { cart, at: now } });
}

/** Remembers that the order's after-order steps ran. */
export function markFinished(orderId: string, now: number): void {
  const placements = readPlacements();
  const placement = placements[orderId];
  if (!placement || placement.finishedAt !== undefined) return;
  writePlacements(prunePlacements({ ...placements, [orderId]: { ...placement, finishedAt: now } }, now));
}
