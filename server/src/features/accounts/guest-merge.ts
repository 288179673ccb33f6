/**
 * Logging in with a guest cart (the accounts contract): the guest's cart lines, wishlist and compare entries join the
 * customer's, then the guest cart is closed.
 * - Cart lines: a line only the guest has is copied with its ops (so the browser's own copy of it merges without
 *   change); a line both have keeps the LARGER quantity, set by a server op that comes after the ops of both copies,
 *   never the sum: the shopper added the item once, on whichever device, and the browser's own copy of the guest line
 *   (which it pushes to the customer after the login) adds nothing to it.
 * - Wishlist and compare: add-wins set union per sku (mergeSkuSetEntry).
 * Each step is idempotent (max and union), and the closed guest cart cannot be merged or used again, so logging in
 * twice with one guest cart doubles nothing.
 */
import { compactCartOps, isCartLineVisible, setCartLineQty, type CartLineDoc } from '@shop/shared/cart/index';
import { isInSkuSet, mergeSkuSetEntry, sameContent, type SkuSetEntryDoc } from '@shop/shared/sync/index';
import { SERVER_REPLICA, serverWriteId, type ReplicationRepository } from '../replication/replication.repository.ts';
import type { AccountsDb } from './accounts.tables.ts';

export interface GuestMergeResult {
  merged: boolean;
  lines: number;
  wishlist: number;
  compare: number;
}

/** The document as the customer will store it: the server stamps `updatedAt`, makes a `writeId` and item ids anew. */
function transferable<T extends Record<string, unknown>>(doc: T): Omit<T, 'updatedAt' | 'writeId' | '_deleted' | 'serverItemId'> {
  const { updatedAt: _u, writeId: _w, _deleted: _d, serverItemId: _s, ...rest } = doc;
  return rest;
}

export class GuestMerge {
  constructor(
    private readonly db: AccountsDb,
    private readonly replication: ReplicationRepository,
    private readonly now: () => number,
  ) {}

  /**
   * Merges the guest cart `guestToken` into the customer's documents. Nothing happens (merged: false) when the token
   * names no open guest cart: unknown, already merged, or a customer's cart.
   */
  async merge(guestToken: string, customerOwner: string): Promise<GuestMergeResult> {
    const none = { merged: false, lines: 0, wishlist: 0, compare: 0 };
    const cart = await this.db.selectFrom('carts').select(['owner', 'merged_into']).where('token', '=', guestToken).executeTakeFirst();
    if (!cart || cart.merged_into !== null || !cart.owner.startsWith('guest:')) return none;
    const guestOwner = cart.owner;

    const lines = await this.mergeCart(guestOwner, customerOwner);
    const wishlist = await this.mergeSkuSet('wishlist', guestOwner, customerOwner);
    const compare = await this.mergeSkuSet('compare', guestOwner, customerOwner);
    const closed = await this.db.updateTable('carts').set({ merged_into: customerOwner, updated_at: this.now() }).where('token', '=', guestToken).where('merged_into', 'is', null).executeTakeFirst();
    return { merged: Number(closed.numUpdatedRows) === 1, lines, wishlist, compare };
  }

  private async mergeCart(guestOwner: string, customerOwner: string): Promise<number> {
    let changed = 0;
    const guestLines = (await this.replication.list('cart', guestOwner)) as unknown as CartLineDoc[];
    for (const guest of guestLines.filter(isCartLineVisible)) {
      const written = await this.replication.writeServerSide('cart', customerOwner, guest.id, async (copy) => {
        const mine = copy ? (copy.data as unknown as CartLineDoc) : null;
        if (!mine) return { data: transferable(guest as unknown as Record<string, unknown>) };
        // A removed line of the customer's comes back at the guest's quantity; a smaller one grows to it; a larger one
        // stays. The guest's ops join the line under the set, so that they no longer count when the browser pushes them.
        const qty = copy!.deleted ? guest.qty : Math.max(mine.qty, guest.qty);
        const joined = { ...mine, ops: compactCartOps([...mine.ops, ...guest.ops]) };
        return { data: { ...setCartLineQty(joined, qty, { id: serverWriteId(), at: this.now(), replica: SERVER_REPLICA }) } };
      });
      if (written) changed += 1;
    }
    return changed;
  }

  private async mergeSkuSet(collection: 'wishlist' | 'compare', guestOwner: string, customerOwner: string): Promise<number> {
    let changed = 0;
    const entries = (await this.replication.list(collection, guestOwner)) as unknown as SkuSetEntryDoc[];
    for (const guest of entries.filter((entry) => isInSkuSet(entry))) {
      const written = await this.replication.writeServerSide(collection, customerOwner, guest.id, async (copy) => {
        if (!copy) return { data: transferable(guest as unknown as Record<string, unknown>) };
        const mine = copy.data as unknown as SkuSetEntryDoc;
        const merged = mergeSkuSetEntry(mine, guest);
        if (!copy.deleted && sameContent(merged, mine)) return null;
        return { data: transferable(merged as unknown as Record<string, unknown>) };
      });
      if (written) changed += 1;
    }
    return changed;
  }
}
