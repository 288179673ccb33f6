// @vitest-environment node
import { BehaviorSubject } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../app/database.ts';
import { FakeSyncServer } from '../../test/fake-sync-server.ts';
import { closeTestDatabasesAfterEach, eventually, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { addToList, readList } from '../wishlist/sku-list.collection.ts';
import { createSyncRuntime, syncScope, type SyncRuntime } from './sync-runtime.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const ring = { name: 'Ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'ring' };
const watch = { ...ring, name: 'Watch' };

function writer(replica: string) {
  let n = 0;
  return () => ({ id: `${replica}-${(n += 1)}`, at: Date.now() + n, replica });
}

/** A browser: its database, its session (a login's session id and access token) and the cart connection's token. */
class Device {
  login: string | null = null;
  token: string | null = null;
  readonly cartToken$ = new BehaviorSubject<string | null>(null);
  readonly write: ReturnType<typeof writer>;
  private readonly listeners = new Set<() => void>();
  sync!: SyncRuntime;

  constructor(
    readonly db: ShopDatabase,
    private readonly server: FakeSyncServer,
    replica: string,
  ) {
    this.write = writer(replica);
  }

  start(channelName: string | null = null): this {
    this.sync = createSyncRuntime({
      database: this.db,
      login: { current: () => this.login, subscribe: (listener) => (this.listeners.add(listener), () => this.listeners.delete(listener)) },
      cartToken$: this.cartToken$,
      // The customer's token goes along with a login's calls (the API gate does this in the browser).
      fetchFor: (login) => (input, init = {}) =>
        this.server.fetch(input, login && this.token ? { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${this.token}` } } : init),
      openStream: (url) => this.server.openStream(url),
      channelName,
      replication: { collections: ['cart', 'wishlist', 'compare'], waitForLeadership: false, retryTime: 50, baseUrl: 'http://shop.test', listenForOnline: false },
    });
    return this;
  }

  logIn(login: string, token: string): void {
    this.login = login;
    this.token = token;
    for (const listener of this.listeners) listener();
  }

  logOut(): void {
    this.login = null;
    this.token = null;
    for (const listener of this.listeners) listener();
  }

  wishlist(): Promise<string[]> {
    return readList(this.db.collections.wishlist).then((items) => items.map((item) => item.sku).sort());
  }
}

async function device(server: FakeSyncServer, replica: string, channelName: string | null = null): Promise<Device> {
  return new Device(await testDatabase(), server, replica).start(channelName);
}

const skus = (docs: Array<Record<string, unknown>>) => docs.filter((doc) => (doc.adds as unknown[]).length > (doc.removed as unknown[]).length).map((doc) => doc.sku).sort();

describe('whose documents replicate', () => {
  it('a login, whatever the cart; a guest only with a cart token', () => {
    expect(syncScope('session-1', null)).toEqual({ kind: 'customer', login: 'session-1' });
    expect(syncScope('session-1', 'cart-1')).toEqual({ kind: 'customer', login: 'session-1' });
    expect(syncScope(null, 'cart-1')).toEqual({ kind: 'guest', cartToken: 'cart-1' });
    expect(syncScope(null, null)).toBeNull();
  });
});

describe('the sync runtime', () => {
  it("replicates a customer's wishlist and compare list without any cart token, and a second device of the customer sees them", async () => {
    const server = new FakeSyncServer();
    const customer = server.createCustomer();
    const phone = await device(server, 'phone');
    phone.logIn('session-phone', customer.token);
    // No cart token at all (an emptied cart after an order): the lists still reach the customer's account.
    await addToList(phone.db.collections.wishlist, 'RING-1', ring, phone.write);
    await addToList(phone.db.collections.compare, 'WATCH-1', watch, phone.write);
    await eventually(() => expect(skus(server.list('wishlist', customer.owner))).toEqual(['RING-1']));
    await eventually(() => expect(skus(server.list('compare', customer.owner))).toEqual(['WATCH-1']));

    const laptop = await device(server, 'laptop');
    laptop.logIn('session-laptop', server.loginAgain(customer.owner));
    await eventually(async () => expect(await laptop.wishlist()).toEqual(['RING-1']));
    await Promise.all([phone.sync.stop(), laptop.sync.stop()]);
  });

  it('follows the owner: the guest cart, then the login (the guest lists go along), then nobody after the logout', async () => {
    const server = new FakeSyncServer();
    const customer = server.createCustomer();
    const cart = server.createCart();
    const phone = await device(server, 'phone');
    expect(phone.sync.scope()).toBeNull();
    phone.cartToken$.next(cart);
    expect(phone.sync.scope()).toEqual({ kind: 'guest', cartToken: cart });
    await addToList(phone.db.collections.wishlist, 'RING-1', ring, phone.write);
    await eventually(() => expect(skus(server.list('wishlist', cart))).toEqual(['RING-1']));

    // Logged in: the cart connection drops the guest token (an ordered cart, a new login's cart not yet adopted).
    phone.logIn('session-phone', customer.token);
    phone.cartToken$.next(null);
    await addToList(phone.db.collections.wishlist, 'PENDANT-1', watch, phone.write);
    await eventually(() => expect(skus(server.list('wishlist', customer.owner))).toEqual(['PENDANT-1', 'RING-1']));
    phone.logOut();
    expect(phone.sync.scope()).toBeNull();
    await expect(phone.sync.whenStopped(2_000)).resolves.toBe(true);
    // What the device writes after the logout (a wipe, another shopper) reaches nobody.
    await addToList(phone.db.collections.wishlist, 'EARRING-1', ring, phone.write);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(skus(server.list('wishlist', customer.owner))).toEqual(['PENDANT-1', 'RING-1']);
    await phone.sync.stop();
  });

  it('item 8: the stream opens with a ticket (no credential in its address) and, ended by the shop at expiry, opens again with the fresh token', async () => {
    const server = new FakeSyncServer();
    const customer = server.createCustomer();
    const cart = server.createCart();
    const phone = await device(server, 'phone');
    phone.cartToken$.next(cart);
    await eventually(() => expect(server.openStreams(cart)).toBe(1));
    phone.logIn('session-phone', customer.token);
    await eventually(() => expect(server.openStreams(customer.owner)).toBe(1));
    expect(server.streamAddresses.length).toBeGreaterThanOrEqual(2);
    for (const address of server.streamAddresses) {
      expect(address).toMatch(/\/stream\?ticket=ticket-\d+$/);
      expect(address).not.toContain(cart);
      expect(address).not.toContain(customer.token);
    }

    // The access token expires on the shop: its stream ends, and the browser's retry of the spent ticket is refused.
    server.expireToken(customer.token);
    expect(server.openStreams(customer.owner)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.openStreams(customer.owner)).toBe(0);
    // The session gets a fresh token (the API gate refreshes it): the stream opens again with a new ticket.
    const opened = server.streamAddresses.length;
    phone.token = server.loginAgain(customer.owner);
    await eventually(() => expect(server.openStreams(customer.owner)).toBe(1));
    expect(server.streamAddresses.length).toBeGreaterThan(opened);
    expect(new Set(server.streamAddresses).size).toBe(server.streamAddresses.length);
    await phone.sync.stop();
  });

  it('before a logout, pushes what waits and names what could not reach the shop', async () => {
    const server = new FakeSyncServer();
    const customer = server.createCustomer();
    const phone = await device(server, 'phone');
    phone.logIn('session-phone', customer.token);
    await addToList(phone.db.collections.wishlist, 'RING-1', ring, phone.write);
    await eventually(() => expect(skus(server.list('wishlist', customer.owner))).toEqual(['RING-1']));

    server.online = false;
    await addToList(phone.db.collections.compare, 'WATCH-1', watch, phone.write);
    await expect(phone.sync.pushPending(300)).resolves.toEqual({ compare: ['WATCH-1'] });

    server.online = true;
    await expect(phone.sync.pushPending(5_000)).resolves.toEqual({});
    expect(skus(server.list('compare', customer.owner))).toEqual(['WATCH-1']);
    await phone.sync.stop();
  });

  it('a tab that does not lead asks the leading tab to push before a logout, and hears what did not arrive', async () => {
    const server = new FakeSyncServer();
    const customer = server.createCustomer();
    const channel = `shop-sync-test-${Date.now()}`;
    const leading = await device(server, 'tab-1', channel);
    leading.logIn('session-1', customer.token);
    const other = new Device(await testDatabase(), server, 'tab-2');
    // The second tab of the same browser: same login, but it does not lead (its replication never runs).
    Object.defineProperty(other.db, 'isLeader', { value: () => false });
    other.start(channel).logIn('session-1', customer.token);
    await eventually(() => expect(leading.sync.replication()).not.toBeNull());

    server.online = false;
    await addToList(leading.db.collections.compare, 'WATCH-1', watch, leading.write);
    await expect(other.sync.pushPending(300)).resolves.toEqual({ compare: ['WATCH-1'] });
    server.online = true;
    await expect(other.sync.pushPending(5_000)).resolves.toEqual({});
    expect(skus(server.list('compare', customer.owner))).toEqual(['WATCH-1']);
    await Promise.all([leading.sync.stop(), other.sync.stop()]);
  });
});
