/**
 * An account made during checkout ("create an account" in Personal Details) takes the guest order it was made with:
 * the registration names the order with the order token the shop answered when placing it, which only the device that
 * placed it holds. An order is taken only when that token matches, the order is still a guest's, and it was placed
 * with the new account's e-mail address. Taking it makes the customer its owner (the orders row) and gives the
 * customer's devices its document (My orders); the guest's copy stays with the device that placed it, and status
 * changes reach it as they reach every other owner's copy (orders.service.ts, mirrorStatus).
 */
import { timingSafeEqual } from 'node:crypto';
import type { OrderClaim } from '@shop/shared/account/account.schema';
import type { ReplicationRepository } from '../replication/replication.repository.ts';
import { withOrderTablesTrx } from './orders.tables.ts';

function sameSecret(claimed: string, stored: string): boolean {
  const a = Buffer.from(claimed);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ORDERS = 'orders';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Gives the new customer (`owner`, `email`) the guest orders named by `claims`; answers the ids taken. */
export async function claimGuestOrders(replication: ReplicationRepository, claims: readonly OrderClaim[], customer: { owner: string; email: string }): Promise<string[]> {
  const taken: string[] = [];
  for (const claim of claims) {
    const written = await replication.writeServerSide(ORDERS, customer.owner, claim.id, async (current, trx) => {
      if (current) return null;
      const orders = withOrderTablesTrx(trx);
      const row = await orders.selectFrom('orders').select(['owner', 'order_token', 'customer_email']).where('id', '=', claim.id).executeTakeFirst();
      if (!row || !row.owner.startsWith('guest:') || !sameSecret(claim.token, row.order_token) || !sameEmail(row.customer_email, customer.email)) return null;
      const copy = await trx.selectFrom('replicated_documents').select('data').where('collection', '=', ORDERS).where('owner', '=', row.owner).where('id', '=', claim.id).executeTakeFirst();
      if (!copy) return null;
      await orders.updateTable('orders').set({ owner: customer.owner }).where('id', '=', claim.id).where('owner', '=', row.owner).execute();
      // A new write of the customer's: the guest's write id stays the guest's.
      const { writeId: _guestWrite, updatedAt: _guestTime, ...data } = JSON.parse(copy.data) as Record<string, unknown>;
      return { data };
    });
    if (written) taken.push(claim.id);
  }
  return taken;
}
