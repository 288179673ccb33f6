/**
 * The customer session (spec 2 §4 'User session'), started once per tab after the first paint (session-loader.ts):
 * - start: the cached user and token restored (session-store.ts), the token lock and the API gate started, and with a
 *   token the profile refreshed;
 * - login: the token and refresh token stored, profile and order history loaded, the cart the server merged the guest
 *   cart into adopted and the cart connection authorized again; a failure while loading the profile clears the user;
 * - logout: what waits is pushed first (a bounded wait); what still has not reached the shop is kept for this customer
 *   alone (sync/kept-writes.ts) and merged back at their next login, and the shopper is told so; the server session
 *   ended, the cart disconnected and cleared, and the user, wishlist, compare, checkout drafts, orders and sync tasks
 *   wiped from the device; "You're logged out" unless silent.
 * Other tabs follow through the stored record (session-store.ts) and the cart token (cart-runtime.ts).
 */
import type { CustomerProfile } from '@shop/shared/account/account.schema';
import type { StoreCode } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { ApiError } from '../../app/api.ts';
import { notify } from '../../ui/notifications.tsx';
import { loadCart } from '../cart/cart-loader.ts';
import { TOKEN_KEY } from '../cart/cart-keys.ts';
import * as api from './account-api.ts';
import { loadAccountTexts } from './account-texts.ts';
import { startTokenLock, tokenLock } from './auth-gate.ts';
import { CUSTOMER_GROUP_CONFIG, pricesFollowLogin } from './customer-group.ts';
import { closeAuth, openAuth, readUser, subscribeUser, updateUser, writeUser, type SessionUser } from './session-store.ts';
import { newId } from '../sync/replica.ts';
import { keepUnsent, restoreKept } from '../sync/kept-writes.ts';
import { isShopOnline } from '../../app/network.ts';
import { parkTask, taskMeta } from '@shop/shared/sync/sync-task';
import type { ShopDatabase } from '../../app/database.ts';

type Listener = () => void;
const priceListeners = new Set<Listener>();

/** Called when a login or logout changes the prices shown (only with tier prices or group tax on). */
export function onPricesChanged(listener: Listener): () => void {
  priceListeners.add(listener);
  return () => priceListeners.delete(listener);
}

function pricesChanged(): void {
  if (pricesFollowLogin(CUSTOMER_GROUP_CONFIG)) for (const listener of priceListeners) listener();
}

function t(key: string, options: Record<string, unknown> = {}): string {
  return i18next.getFixedT(null, 'account')(key, options);
}

export function showAccountNotice(type: 'success' | 'error' | 'info', key: string, options: Record<string, unknown> = {}): void {
  notify({ type, message: t(key, options), action1: { label: t('notices.ok') } }, { regionLabel: t('notices.region') });
}


function readCartToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let started: Promise<void> | undefined;

/** Starts this tab's session: lock and gate first, so that no call of the cart goes out without the token. */
export function startSession(): Promise<void> {
  started ??= (async () => {
    await loadAccountTexts();
    startTokenLock({
      logoutSilently: () => void logout({ silent: true, local: true }),
      clearUntransmittedTasks: () => void clearUntransmittedTasks(),
      showSignupModal: () => openAuth('login'),
    });
    // A login or logout in another tab: this tab's lock follows.
    let known = readUser()?.sessionId ?? null;
    subscribeUser(() => {
      const now = readUser()?.sessionId ?? null;
      if (now === known) return;
      known = now;
      tokenLock()?.send({ type: now ? 'session.login' : 'session.logout' });
      if (now) closeAuth();
      pricesChanged();
    });
    if (readUser()) void refreshProfile().catch(() => {});
  })();
  return started;
}

/** Loads the profile again (spec 2 §4: on start, with a token); a refused token logs out silently. */
export async function refreshProfile(): Promise<CustomerProfile | null> {
  if (!readUser()) return null;
  const current = await api.me();
  updateUser((user) => ({ ...user, current }));
  return current;
}

export async function loadOrderHistory(page = 1): Promise<void> {
  const history = await api.orderHistory(page);
  updateUser((user) => ({ ...user, orders_history: history.items, orders_total: history.total_count }));
}

/** Logs in (spec 2 §4 'Login success'); throws the server's error (wrong credentials, rate limit) unchanged. */
export async function login(username: string, password: string, captcha: string | null = null): Promise<SessionUser> {
  await startSession();
  const { token, meta } = await api.login(username.trim(), password, readCartToken(), captcha);
  const now = Date.now();
  writeUser({
    token,
    refreshToken: meta.refreshToken,
    expiresAt: now + meta.expiresIn * 1000,
    sessionId: newId(),
    current: null,
    orders_history: [],
    orders_total: 0,
    session_started: now,
  });
  tokenLock()?.send({ type: 'session.login' });
  try {
    await refreshProfile();
  } catch (error) {
    // "A login failure while loading the profile clears the user and throws."
    writeUser(null);
    tokenLock()?.send({ type: 'session.logout' });
    throw error;
  }
  void loadOrderHistory().catch(() => {});
  // The server merged the guest cart into the customer's: that cart is this browser's cart from now on.
  const cart = await loadCart().catch(() => null);
  cart?.adoptCart(meta.cartId);
  // What this customer's last logout could not send comes back, and this login's replication sends it.
  const customerId = customerIdOf(readUser());
  if (cart && customerId !== null) await restoreKept(cart.database, customerId).catch((error: unknown) => console.error('Kept changes could not be restored', error));
  pricesChanged();
  return readUser()!;
}

export async function register(customer: { email: string; firstname: string; lastname: string }, password: string, store: StoreCode, captcha: string | null = null): Promise<SessionUser> {
  await api.createCustomer({ customer, password }, store, captcha);
  return login(customer.email, password);
}

/** Registers only (the form logs in next, so a captcha asked by the login does not register twice). */
export async function createAccount(customer: { email: string; firstname: string; lastname: string }, password: string, store: StoreCode, captcha: string | null = null): Promise<void> {
  await api.createCustomer({ customer, password }, store, captcha);
}

/** Sets a new password from the e-mailed link, then logs in with it (spec 2 §7: auto-login after create-password). */
export async function createPasswordAndLogin(email: string, resetToken: string, newPassword: string): Promise<SessionUser> {
  await api.createPassword(email, newPassword, resetToken);
  return login(email, newPassword);
}

/** Sets the new password from the e-mailed link, without logging in (the page logs in next, through its guard). */
export async function createPassword(email: string, resetToken: string, newPassword: string): Promise<void> {
  await api.createPassword(email, newPassword, resetToken);
}

/** Spec 2 §5: refused offline. The server ends every other session and hands this device new tokens. */
export async function changePassword(currentPassword: string, newPassword: string, captcha: string | null = null): Promise<string> {
  if (!isShopOnline()) throw new OfflineError();
  const answer = await api.changePassword({ currentPassword, newPassword }, captcha);
  updateUser((user) => ({
    ...user,
    token: answer.meta.token,
    refreshToken: answer.meta.refreshToken,
    expiresAt: Date.now() + (answer.meta.expiresIn || 0) * 1000,
  }));
  return answer.message;
}

export class OfflineError extends Error {
  constructor() {
    super('Reset password feature does not work while offline!');
    this.name = 'OfflineError';
  }
}

let loggingOut: Promise<void> | null = null;

/** How long a logout waits for what is still to be sent before it keeps it for the next login. */
export const LOGOUT_PUSH_MS = 4_000;

/** Who the session is for: the profile's id, or the customer the access token names (`<payload>.<signature>`). */
function customerIdOf(user: SessionUser | null): number | null {
  if (!user) return null;
  if (user.current) return user.current.id;
  try {
    const payload = JSON.parse(atob((user.token.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'number' && Number.isSafeInteger(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * Logs out (spec 2 §4 'Logout'). `local` skips the server (the token lock's silent logout: the server refused the
 * session already, so nothing more can be sent either). The order matters: what waits is pushed while the token is
 * still good (for at most LOGOUT_PUSH_MS), then the server session ends; what did not arrive is kept for this
 * customer; the replication stops as the user is cleared (so nothing more is sent for the customer), and only then is
 * the device wiped; the wipe is never sent to the server.
 */
export function logout(options: { silent?: boolean; local?: boolean } = {}): Promise<void> {
  loggingOut ??= (async () => {
    const user = readUser();
    if (!user) return;
    const cart = await loadCart().catch(() => null);
    const online = isShopOnline();
    const unsent = cart ? await cart.sync.pushPending(options.local || !online ? 0 : LOGOUT_PUSH_MS) : null;
    if (!options.local) {
      try {
        await api.logout();
      } catch (error) {
        // Offline, or the session already ended: the device is logged out all the same.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    cart?.disconnect();
    let kept = 0;
    let keptAll = true;
    const customerId = customerIdOf(user);
    try {
      const { getShopDatabase } = await import('../../app/database.ts');
      if (customerId === null) throw new Error('The customer of the session is not known');
      const database = await getShopDatabase();
      kept = await keepUnsent(database, customerId, unsent, Date.now());
      // The customer's unsent sync tasks stay on the device, for them alone (decision 042, T17).
      kept += await parkCustomerTasks(database, customerId, Date.now());
    } catch (error) {
      // Not kept elsewhere: then the documents stay where they are rather than be lost.
      keptAll = false;
      console.error('Unsent changes could not be kept for the next login', error);
    }
    writeUser(null);
    tokenLock()?.send({ type: 'session.logout' });
    if (keptAll) await wipeDevice().catch((error: unknown) => console.error('The device could not be wiped', error));
    pricesChanged();
    if (!options.silent) showAccountNotice('info', 'notices.loggedOut');
    if (kept > 0) showAccountNotice('info', 'notices.keptForNextLogin', { count: kept });
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

/**
 * The customer's data in the local database, removed and purged (not replicated: the replication has stopped). The
 * sync tasks are device-only (decision 042): the customer's answered tasks go; their unsent ones stay, parked for
 * their next login (T17); public tasks (forms) stay whoever logs out.
 */
export async function wipeDevice(): Promise<void> {
  const { getShopDatabase } = await import('../../app/database.ts');
  const database = await getShopDatabase();
  const { cart, wishlist, compare, checkoutDrafts, orders, syncTasks } = database.collections;
  await Promise.all([
    cart.find().remove(),
    wishlist.find().remove(),
    compare.find().remove(),
    checkoutDrafts.find().remove(),
    syncTasks.find({ selector: { transmited: true, 'meta.auth': 'customer' } }).remove(),
    // An order placed offline and not yet sent stays: logging out must not lose it.
    orders.find({ selector: { transmited: true } }).remove(),
  ]);
  // The removals are purged, not kept as deletions: a later login replicates afresh (a new checkpoint), and RxDB would
  // never push a deletion the server has not seen, nor overwrite it with the server's copy, so the customer's own
  // documents could not come back to this device.
  await Promise.all([cart, wishlist, compare, checkoutDrafts, orders, syncTasks].map((collection) => collection.storageInstance.cleanup(-60_000)));
  try {
    localStorage.setItem('shop.cart.count', '0');
  } catch {
    // Nothing to reset.
  }
}

/**
 * The token lock gave up (spec 2 §4 "untransmitted tasks cleared"; decision 042): the customer's unsent tasks leave the
 * queue, parked for that same customer's next login (the runner only picks public tasks and the logged-in customer's),
 * so nothing they asked for is lost and nobody else sends it. Public tasks (forms) stay in the queue.
 */
export async function clearUntransmittedTasks(): Promise<void> {
  const { getShopDatabase } = await import('../../app/database.ts');
  const database = await getShopDatabase();
  await parkCustomerTasks(database, readUser()?.current?.id ?? null, Date.now());
}

/** T16/T17: every unsent customer task marked parked (for its own customer); answers how many. */
export async function parkCustomerTasks(database: { collections: { syncTasks: ShopDatabase['collections']['syncTasks'] } }, customerId: number | null, now: number): Promise<number> {
  const docs = await database.collections.syncTasks.find({ selector: { transmited: false, 'meta.auth': 'customer' } }).exec();
  let parked = 0;
  for (const doc of docs) {
    let mine = false;
    await doc.incrementalModify((data) => {
      const next = parkTask(data, customerId, now);
      // Counted for the notice only when it is this customer's (tasks parked for others before stay theirs).
      mine = next !== null && taskMeta(next).customerId === customerId;
      return next ?? data;
    });
    if (mine) parked += 1;
  }
  return parked;
}
