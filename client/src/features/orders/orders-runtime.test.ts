import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import type { ShopDatabase } from '../../app/database.ts';
import { closeTestDatabasesAfterEach, eventually, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { writeUser } from '../account/session-store.ts';
import type { CartRuntime } from '../cart/cart-runtime.ts';
import { recordPlacement } from './order-placements.ts';
import { LAST_ORDER_KEY } from './orders-config.ts';
import { createOrdersRuntime } from './orders-runtime.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const placedOrder = (id: string): OrderDoc => ({ ...SAMPLE_DOCS.orders, id, transmited: true, resultCode: 200, increment_id: '000000042', status: 'pending' });

/** Time for the runtime's own look at the stored orders (its query answers asynchronously) before checking what it did not do. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The part of the cart runtime the orders runtime uses: its token, its clear, a stopped connection and replication. */
function fakeCart(database: ShopDatabase, token: string | null) {
  const clear = vi.fn();
  const connection = {
    getSnapshot: () => ({ matches: (state: string) => state === 'disconnected', context: { token } }),
    subscribe: () => ({ unsubscribe: () => {} }),
    send: vi.fn(),
  };
  const sync = { scope: () => null, reSync: () => {}, whenStopped: async () => true };
  return { cart: { database, connection, sync, token: () => token, clear } as unknown as CartRuntime, clear };
}

describe('the after-order steps', () => {
  beforeEach(async () => {
    localStorage.clear();
    await initI18n('en');
    // A customer keeps their orders on the device (My orders shows them): every page load finds them again.
    writeUser({ token: 't', refreshToken: 'r', expiresAt: 0, sessionId: 's', current: null, orders_history: [], orders_total: 0, session_started: 0 });
  });
  afterEach(() => writeUser(null));

  it('clear the cart a placed order came from once, and not again on the next page load', async () => {
    const database = await testDatabase();
    recordPlacement('o-1', 'cart-1', Date.now());
    await database.collections.orders.insert(placedOrder('o-1'));

    const first = fakeCart(database, 'cart-1');
    await createOrdersRuntime(first.cart);
    await eventually(() => expect(first.clear).toHaveBeenCalledWith({ sync: false, disconnect: true }));
    expect(JSON.parse(localStorage.getItem(LAST_ORDER_KEY)!)).toMatchObject({ orderId: 'o-1', incrementId: '000000042' });

    // The next page load: the same customer cart token, a new cart filled since; the order is still on the device.
    const reload = fakeCart(database, 'cart-1');
    const runtime = await createOrdersRuntime(reload.cart);
    await runtime.finish(placedOrder('o-1'));
    await settle();
    expect(reload.clear).not.toHaveBeenCalled();
    expect(first.clear).toHaveBeenCalledTimes(1);
  });

  it('clear nothing for orders this device did not place (pulled from the shop after a login)', async () => {
    const database = await testDatabase();
    await database.collections.orders.insert(placedOrder('o-elsewhere'));
    const { cart, clear } = fakeCart(database, 'cart-1');
    const runtime = await createOrdersRuntime(cart);
    await runtime.finish(placedOrder('o-elsewhere'));
    await settle();
    expect(clear).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_ORDER_KEY)).toBeNull();
  });

  it('leave a cart with another token alone', async () => {
    const database = await testDatabase();
    recordPlacement('o-2', 'cart-1', Date.now());
    const { cart, clear } = fakeCart(database, 'cart-2');
    const runtime = await createOrdersRuntime(cart);
    await runtime.finish(placedOrder('o-2'));
    expect(clear).not.toHaveBeenCalled();
    // Done all the same: it never clears a later cart either.
    const later = fakeCart(database, 'cart-1');
    await (await createOrdersRuntime(later.cart)).finish(placedOrder('o-2'));
    expect(later.clear).not.toHaveBeenCalled();
  });
});
