/**
 * The server cart's own row (token, coupon, chosen shipping, item id counter) and the coupons. The cart's lines are
 * not here: they are the owner's documents of the replicated `cart` collection (decision 010).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/database.ts';
import type { Trx } from '../replication/replication.repository.ts';
import { guestOwner } from '../replication/owner.ts';

export interface Cart {
  token: string;
  owner: string;
  createdAt: number;
  updatedAt: number;
  couponCode: string | null;
  shippingAddress: Record<string, unknown> | null;
  shippingMethod: { carrier_code: string; method_code: string } | null;
}

export interface Coupon {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  description: string;
}

interface CartRow {
  token: string;
  owner: string;
  created_at: number | string;
  updated_at: number | string;
  coupon_code: string | null;
  shipping_address: string | null;
  shipping_method: string | null;
}

function fromRow(row: CartRow): Cart {
  const [carrier_code, method_code] = row.shipping_method?.split(':') ?? [];
  return {
    token: row.token,
    owner: row.owner,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    couponCode: row.coupon_code,
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as Record<string, unknown>) : null,
    shippingMethod: carrier_code && method_code ? { carrier_code, method_code } : null,
  };
}

export class CartRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new guest cart; its token is unguessable (it is the shopper's only key to the cart). */
  async create(purchaserId: string | null): Promise<Cart> {
    const token = randomBytes(24).toString('base64url');
    const at = this.now();
    await this.db
      .insertInto('carts')
      .values({ token, owner: guestOwner(token), created_at: at, updated_at: at, purchaser_id: purchaserId, coupon_code: null, shipping_address: null, shipping_method: null })
      .execute();
    return (await this.byToken(token))!;
  }

  /** The cart of a customer owner (`customer:<id>`), made on first use: one per customer (a unique index holds it). */
  async forOwner(owner: string): Promise<Cart> {
    const existing = await this.db.selectFrom('carts').select('token').where('owner', '=', owner).executeTakeFirst();
    if (existing) return (await this.byToken(existing.token))!;
    const token = randomBytes(24).toString('base64url');
    const at = this.now();
    await this.db
      .insertInto('carts')
      .values({ token, owner, created_at: at, updated_at: at, purchaser_id: null, coupon_code: null, shipping_address: null, shipping_method: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // A concurrent first login may have made it a moment earlier: the one stored is the customer's cart.
    const stored = await this.db.selectFrom('carts').select('token').where('owner', '=', owner).executeTakeFirstOrThrow();
    return (await this.byToken(stored.token))!;
  }

  async byToken(token: string): Promise<Cart | null> {
    const row = await this.db
      .selectFrom('carts')
      .select(['token', 'owner', 'created_at', 'updated_at', 'coupon_code', 'shipping_address', 'shipping_method'])
      .where('token', '=', token)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async setCoupon(token: string, code: string | null): Promise<void> {
    await this.db.updateTable('carts').set({ coupon_code: code, updated_at: this.now() }).where('token', '=', token).execute();
  }

  async setShipping(token: string, address: Record<string, unknown>, method: { carrier_code: string; method_code: string }): Promise<void> {
    await this.db
      .updateTable('carts')
      .set({ shipping_address: JSON.stringify(address), shipping_method: `${method.carrier_code}:${method.method_code}`, updated_at: this.now() })
      .where('token', '=', token)
      .execute();
  }

  /** Hands out `count` item ids of the owner's cart inside the write that stores the lines; answers the first. */
  async nextItemIds(trx: Trx, owner: string, count: number): Promise<number | null> {
    const row = await trx
      .updateTable('carts')
      .set((eb) => ({ last_item_id: eb('last_item_id', '+', count) }))
      .where('owner', '=', owner)
      .returning('last_item_id')
      .executeTakeFirst();
    return row ? Number(row.last_item_id) - count + 1 : null;
  }

  /** The owner's stored cart lines (not deleted), oldest change first, read inside a write (the stock sync). */
  async storedLines(trx: Trx, owner: string): Promise<Array<{ id: string; sku: string; qty: number }>> {
    const rows = await trx
      .selectFrom('replicated_documents')
      .select(['id', 'data'])
      .where('collection', '=', 'cart')
      .where('owner', '=', owner)
      .where('deleted', '=', 0)
      .orderBy('updated_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const data = JSON.parse(row.data) as { sku: string; qty: number };
      return { id: row.id, sku: data.sku, qty: data.qty };
    });
  }

  /** An active coupon by its code, ignoring case and surrounding spaces. */
  async coupon(code: string): Promise<Coupon | null> {
    const row = await this.db
      .selectFrom('coupons')
      .select(['code', 'kind', 'amount', 'description'])
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code.trim().toUpperCase()))
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!row || (row.kind !== 'percent' && row.kind !== 'fixed')) return null;
    return { code: row.code, kind: row.kind, amount: Number(row.amount), description: row.description };
  }
}
