/**
 * The cart of this tab, started once after the first paint (cart-loader.ts; the layout starts it when idle):
 * - the local database's cart lines, watched for the header count and the minicart;
 * - the cart connection machine with its I/O: the token request (one server cart per browser: tabs take turns
 *   through a Web Lock and reuse a token another tab got), polling while connected (in the leading tab only), the
 *   coupon calls, and the token kept in localStorage;
 * - the sync runtime (sync/sync-runtime.ts), which replicates every collection for the logged-in customer, or for the
 *   guest cart the connection holds: the connection tells it the token and asks it to re-sync;
 * - what tells the machine about the world: another tab's token or cart change, the network layer's 'online';
 * - the operations the pages call: add to cart (add-to-cart.ts), set quantity, remove, clear, coupons, totals.
 */
import type { StoreCode } from '@shop/shared';
import { cartCount, type CartItemToAdd, type CartLineDoc } from '@shop/shared/cart/index';
import { isStoreCode } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { getShopDatabase, type ShopDatabase } from '../../app/database.ts';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { notify } from '../../ui/notifications.tsx';
import { createSyncRuntime, type SyncRuntime } from '../sync/sync-runtime.ts';
import { sessionFetch } from '../account/auth-gate.ts';
import { loadSession } from '../account/session-loader.ts';
import { readUser, subscribeUser } from '../account/session-store.ts';
import { addToCartFlow, type AddToCartOutcome, type AddToCartRequest, type CartNotice } from './add-to-cart.ts';
import * as api from './cart-api.ts';
import { CART_CONFIG } from './cart-config.ts';
import { TOKEN_KEY } from './cart-keys.ts';
import { cartNotification, checkoutOffer, newStockNotices, stockNotification } from './cart-notices.ts';
import { cartConnectionMachine, type SyncCommand, type TokenRequest } from './cart-connection.machine.ts';
import { startCartPolling, type CartUpdateTime } from './cart-polling.ts';
import { loadCartTexts } from './cart-loader.ts';
import { addItems, clearLines, removeLine, setLineQty, watchVisibleLines, type NextWrite } from './cart.collection.ts';
import { newId, replicaId } from '../sync/replica.ts';
import { inspectActor } from '../devtools/inspection.ts';
import { startConnectivity } from '../offline/connectivity-runtime.ts';
import { devtoolsEnabled } from '../devtools/devtools-enabled.ts';
import { isShopOnline, onShopOnline } from '../../app/network.ts';
import { openShopStream } from '../../app/shop-stream.ts';

export { TOKEN_KEY };
const LAST_UPDATE_KEY = 'shop.last_cart_update_time';

export type CartConnectionActor = ActorRefFrom<typeof cartConnectionMachine>;

export interface CartRuntime {
  database: ShopDatabase;
  connection: CartConnectionActor;
  /** The replication of every collection, for the customer or the guest cart. */
  sync: SyncRuntime;
  /** The lines shown (quantity above 0), most recently added first; null until the database first answers. */
  lines$: Observable<CartLineDoc[] | null>;
  currentLines(): CartLineDoc[] | null;
  /** The minicart number (spec 1 §9): total quantity or lines, per `CART_CONFIG.countBy`. */
  count$: Observable<number>;
  addToCart(request: AddToCartRequest): Promise<AddToCartOutcome>;
  setQty(lineId: string, qty: number): Promise<void>;
  remove(lineId: string): Promise<void>;
  clear(options?: { sync?: boolean; disconnect?: boolean }): void;
  applyCoupon(code: string): Promise<void>;
  removeCoupon(): Promise<void>;
  /** The server quote's totals for the shopper's country (and the checkout's methods), or null without a server cart. */
  totals(store: StoreCode, signal?: AbortSignal, country?: string | null, methods?: api.TotalsMethods): Promise<api.ServerCartTotals | null>;
  token(): string | null;
  /** After a login: the customer's cart (the server merged the guest cart into it) becomes this browser's cart. */
  adoptCart(token: string): void;
  /** Before a logout wipes the device: the token is dropped, nothing is sent (the replication follows the session). */
  disconnect(): void;
  /** Lines of an order taken back (its payment did not succeed) go into the cart again, each added to its line. */
  restoreLines(items: readonly CartItemToAdd[]): Promise<void>;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives as long as the tab.
  }
}



function storeFromLocation(): StoreCode {
  const first = window.location.pathname.split('/')[1];
  return isStoreCode(first) ? first : 'nl';
}

export async function showCartNotice(notice: CartNotice): Promise<void> {
  const t = i18next.getFixedT(null, 'cart');
  const store = storeFromLocation();
  // Only a success offers 'Proceed to checkout', when the server's checkout configuration says the checkout is ours;
  // a problem is told at once.
  const offer = notice.kind === 'problem' ? { externalCheckout: false, checkoutHref: `/${store}/checkout` } : await checkoutOffer(store);
  notify(cartNotification(notice, t, offer), {
    regionLabel: t('notices.region', { defaultValue: 'Notifications' }),
  });
}

export async function createCartRuntime(database: ShopDatabase): Promise<CartRuntime> {
  const cart = database.collections.cart;
  const replica = replicaId();
  const nextWrite: NextWrite = () => ({ id: newId(), at: Date.now(), replica });
  let adding = 0;
  // The guest cart the connection holds while connected: what a guest's documents replicate for.
  const connectedToken$ = new BehaviorSubject<string | null>(null);
  let rejectCart = () => {};
  const sync = createSyncRuntime({
    database,
    login: { current: () => readUser()?.sessionId ?? null, subscribe: subscribeUser },
    cartToken$: connectedToken$,
    // A customer's replication carries the access token (through the token lock) and stops sending the moment the
    // session changes.
    fetchFor: (login) => sessionFetch(login),
    openStream: openShopStream,
    onCartRejected: () => rejectCart(),
    replication: { retryTime: CART_CONFIG.replicationRetryMs },
  });

  const requestToken = async ({ replace, purchaserId }: TokenRequest): Promise<string> => {
    // Customer carts arrive with accounts; until then every cart is a guest cart, whatever `guest` says.
    const take = async () => {
      const stored = read(TOKEN_KEY);
      if (stored && stored !== replace) return stored;
      return api.createCart(purchaserId);
    };
    return navigator.locks ? navigator.locks.request('shop-cart-token', take) : take();
  };

  const machine = cartConnectionMachine.provide({
    actors: {
      requestToken: fromPromise<string, TokenRequest>(({ input }) => requestToken(input)),
      sync: fromCallback<SyncCommand, { token: string }>(({ input, sendBack, receive }) => {
        let stopPolling: (() => void) | null = null;
        let stopped = false;
        // Like the replication, polling runs in the leading tab only.
        void database.waitForLeadership().then(() => {
          if (stopped) return;
          stopPolling = startCartPolling({
            isCartUpdated: () => api.isCartUpdated(input.token),
            isCartAlreadyOrdered: () => api.isCartAlreadyOrdered(input.token),
            isAdding: () => adding > 0,
            isOnline: isShopOnline,
            lastUpdate: {
              get: () => {
                const value = read(LAST_UPDATE_KEY);
                return value === null ? null : value === 'empty' ? 'empty' : Number(value);
              },
              set: (value: CartUpdateTime) => write(LAST_UPDATE_KEY, String(value)),
            },
            onChanged: () => sendBack({ type: 'cart.serverChanged' }),
            onOrdered: () => sendBack({ type: 'cart.alreadyOrdered' }),
          });
        });
        receive(() => sync.reSync());
        return () => {
          stopped = true;
          stopPolling?.();
        };
      }),
      deleteCoupon: fromPromise<void, { token: string }>(({ input }) => api.deleteCoupon(input.token)),
      applyCoupon: fromPromise<void, { token: string; code: string }>(({ input }) => api.applyCoupon(input.token, input.code)),
      clearCart: fromPromise<void, { sync: boolean }>(async ({ input }) => {
        await clearLines(cart, nextWrite);
        if (input.sync) await sync.awaitInSync(CART_CONFIG.clearSyncTimeoutMs);
      }),
    },
    actions: {
      storeToken: (_, params) => write(TOKEN_KEY, params.token),
      dropToken: () => write(TOKEN_KEY, null),
    },
  });
  const connection = createActor(machine, { input: { token: read(TOKEN_KEY), maxBypass: CART_CONFIG.maxBypassAttempts }, inspect: inspectActor });
  rejectCart = () => connection.send({ type: 'cart.tokenRejected' });
  // At every change of the connection: a local clear without sync (its first write comes after a read) already finds
  // the guest's replication stopped, and that replication sends nothing more.
  connection.subscribe((snapshot) => connectedToken$.next(snapshot.matches('connected') ? snapshot.context.token : null));
  connection.start();
  connectedToken$.next(connection.getSnapshot().matches('connected') ? connection.getSnapshot().context.token : null);

  // Another tab stored or dropped the token: the value read now, not the event's, so that racing tabs agree.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) connection.send({ type: 'cart.tokenChanged', token: read(TOKEN_KEY) });
  });
  onShopOnline((online) => {
    if (online) connection.send({ type: 'network.online' });
  });
  database.eventBulks$.subscribe((bulk) => {
    if (bulk.collectionName === 'cart' && !bulk.isLocal && bulk.databaseToken !== database.token) connection.send({ type: 'cart.changedInOtherTab' });
  });

  // What the server's stock sync did to a line (lowered, marked, removed) is told as it arrives; notes already on the
  // lines when the tab opens are shown on the lines themselves.
  const seenStockNotes = new Map<string, number>();
  let stockNotesSeeded = false;
  cart.find().$.subscribe((docs) => {
    const notices = newStockNotices(seenStockNotes, docs.map((doc) => doc.toJSON() as CartLineDoc));
    if (!stockNotesSeeded) {
      stockNotesSeeded = true;
      return;
    }
    const t = i18next.getFixedT(null, 'cart');
    for (const notice of notices) notify(stockNotification(notice, t), { regionLabel: t('notices.region', { defaultValue: 'Notifications' }) });
  });

  const lines$ = new BehaviorSubject<CartLineDoc[] | null>(null);
  watchVisibleLines(cart).subscribe((lines) => {
    lines$.next(lines);
    // Lines made without a server cart (offline, or before the token was lost) need one.
    if (lines.length > 0 && connection.getSnapshot().matches('disconnected')) connection.send({ type: 'cart.connect' });
  });

  const token = () => connection.getSnapshot().context.token;
  const requireToken = () => {
    const current = token();
    if (!current) throw new api.CartNotConnectedError();
    return current;
  };

  return {
    database,
    connection,
    sync,
    lines$,
    currentLines: () => lines$.getValue(),
    count$: lines$.pipe(
      filter((lines): lines is CartLineDoc[] => lines !== null),
      map((lines) => cartCount(lines, CART_CONFIG.countBy)),
      distinctUntilChanged(),
    ),
    addToCart: (request) =>
      addToCartFlow(
        {
          checkStock: api.checkStock,
          write: (items) => addItems(cart, items, nextWrite),
          connect: () => connection.send({ type: 'cart.connect' }),
          notify: (notice) => void showCartNotice(notice),
          log: (message, detail) => console.warn(message, detail),
          setAdding: (active) => void (adding += active ? 1 : -1),
          rules: { allowZeroPrice: CART_CONFIG.allowZeroPrice, allowOutOfStockInCart: CART_CONFIG.allowOutOfStockInCart },
        },
        request,
      ),
    setQty: async (lineId, qty) => void (await setLineQty(cart, lineId, qty, nextWrite)),
    remove: async (lineId) => void (await removeLine(cart, lineId, nextWrite)),
    clear: (options = {}) => connection.send({ type: 'cart.clear', ...options }),
    applyCoupon: async (code) => {
      await api.applyCoupon(requireToken(), code.trim());
      connection.send({ type: 'coupon.applied', code: code.trim() });
    },
    removeCoupon: async () => {
      await api.deleteCoupon(requireToken());
      connection.send({ type: 'coupon.removed' });
    },
    totals: async (store, signal, country, methods) => {
      const current = token();
      if (!current) return null;
      const totals = await api.cartTotals(current, store, country ?? null, signal, methods);
      if (totals.coupon_code && connection.getSnapshot().context.coupon !== totals.coupon_code) connection.send({ type: 'coupon.applied', code: totals.coupon_code });
      return totals;
    },
    token,
    adoptCart: (next) => {
      write(TOKEN_KEY, next);
      connection.send({ type: 'cart.authorize' });
    },
    disconnect: () => {
      write(TOKEN_KEY, null);
      write(LAST_UPDATE_KEY, null);
      connection.send({ type: 'cart.tokenChanged', token: null });
    },
    restoreLines: async (items) => {
      await addItems(cart, items, nextWrite);
      connection.send({ type: 'cart.connect' });
    },
  };
}

/** The tab's cart: the database opens, the texts load, and the machine starts. */
export async function startCartRuntime(): Promise<CartRuntime> {
  // The tab's connectivity, for the visualizer: started here, after the first paint, with the other machines.
  startConnectivity();
  // The developers' visualizer (issue 15), only when it is on: this tab's agent and its shortcut. Started here, after
  // the first paint, so a shopper's first load carries none of it; `VITE_DEVTOOLS=off` builds without it.
  if (import.meta.env.VITE_DEVTOOLS !== 'off' && devtoolsEnabled()) void import('../devtools/agent-start.ts').then((agent) => agent.startShopAgent());
  // The customer session first: its gate puts the customer's token on the cart's first call.
  const [database] = await Promise.all([getShopDatabase(), loadCartTexts(), loadSession()]);
  const runtime = await createCartRuntime(database);
  exposeToDevtools('cart', runtime);
  exposeToDevtools('sync', runtime.sync);
  return runtime;
}
