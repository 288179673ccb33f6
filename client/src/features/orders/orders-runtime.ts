/**
 * The orders of this tab, started with the cart (layout-extras starts it once the cart runs):
 * - the offline order transmission machine, fed with the orders waiting for confirmation and the connection, with its
 *   notice ('Order waiting!' / 'Click here to confirm the order that you made offline.', the second a button that
 *   confirms), and, once a confirmed order is answered, its order number (or why it was refused) with a way to see it;
 * - asking the leading tab to pull while an order waits for the shop's answer (orders have no live stream);
 * - the after-order steps of spec 2 §4, once per order this device placed, whichever tab sees the answer first: the
 *   order time stored, the cart it was placed from cleared without server sync, and a guest device's copy of a placed
 *   order dropped so that a later cart never pushes it to a new owner. Orders the device did not place (a customer's
 *   orders pulled from the shop) clear nothing (order-placements.ts).
 */
import type { CartLineDoc } from '@shop/shared/cart/index';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import i18next from 'i18next';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { CartRuntime } from '../cart/cart-runtime.ts';
import { readUser } from '../account/session-store.ts';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { currentNotifications, dismissNotification, notify } from '../../ui/notifications.tsx';
import { loadCheckoutTexts } from '../checkout/checkout-texts.ts';
import { refusalOf } from '../checkout/checkout.machine.ts';
import { cancelOrders, confirmOrders, order$, waitingOrders$, writeOrder, type OrderDraft, type OrdersCollection } from './order-documents.ts';
import { afterOrderStep, markFinished, placementOf, recordPlacement } from './order-placements.ts';
import { LAST_ORDER_KEY, ORDERS_CONFIG } from './orders-config.ts';
import { orderTransmissionMachine } from './order-transmission.machine.ts';
import { inspectActor } from '../devtools/inspection.ts';
import { isShopOnline, onShopOnline } from '../../app/network.ts';

export type OrderTransmissionActor = ActorRefFrom<typeof orderTransmissionMachine>;

export interface LastOrder {
  orderId: string;
  incrementId: string;
  email: string;
  at: number;
}

export function readLastOrder(): LastOrder | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_ORDER_KEY) ?? 'null') as LastOrder | null;
    return value && typeof value.orderId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function noticeText(): string {
  const t = i18next.getFixedT(null, 'checkout');
  return `${t('offline.waitingTitle')} ${t('offline.waitingMessage')}`;
}

/** Where the shopper sees a placed order: My orders for a customer, else its order-status page. */
function orderHref(order: OrderDoc): string | null {
  const store = order.storeCode || 'nl';
  if (readUser()) return `/${store}/my-account/orders/${encodeURIComponent(order.id)}`;
  const result = order.result as { order_token?: unknown; hash?: unknown } | undefined;
  return typeof result?.order_token === 'string' && typeof result.hash === 'string' ? `/${store}/order-status/${encodeURIComponent(result.order_token)}?hash=${encodeURIComponent(result.hash)}` : null;
}

/** How a confirmed offline order ended: its order number and where to see it, or the spec 2 §8 message of its refusal. */
function announceOrder(order: OrderDoc): void {
  const t = i18next.getFixedT(null, 'checkout');
  const options = { regionLabel: t('notificationsRegion') };
  if (order.resultCode === 200) {
    const href = orderHref(order);
    notify(
      {
        type: 'success',
        message: t('offline.placed', { number: order.increment_id ?? '', email: order.customer_email }),
        action1: { label: t('offline.ok') },
        ...(href ? { action2: { label: t('offline.viewOrder'), href } } : {}),
        hasNoTimeout: true,
      },
      options,
    );
    return;
  }
  const refusal = refusalOf(order);
  notify(
    {
      type: 'error',
      message: `${t('confirmation.failedTitle')}: ${t(refusal.key.replace(/^checkout\./, ''), { email: refusal.email ?? '', defaultValue: refusal.message ?? t('orders.messages.placingError') })}`,
      action1: { label: t('offline.ok') },
      hasNoTimeout: true,
    },
    options,
  );
}

export interface OrdersRuntime {
  transmission: OrderTransmissionActor;
  orders: OrdersCollection;
  /** Writes the order of the cart (writeOrder) and remembers the cart it is placed from. */
  place(lines: readonly CartLineDoc[], draft: OrderDraft, options: { online: boolean; now: number }): Promise<{ orderId: string; queued: boolean }>;
  /** Resolves with each version of the order; asks the leading tab to pull until the shop has answered. */
  watch(orderId: string, onChange: (order: OrderDoc | null) => void): () => void;
  /** The after-order steps of an order this device placed: once per order, across tabs and reloads. */
  finish(order: OrderDoc | { id: string; queued: true }): Promise<void>;
}

let started: Promise<OrdersRuntime> | undefined;

export function startOrders(cart: CartRuntime): Promise<OrdersRuntime> {
  started ??= createOrdersRuntime(cart);
  return started;
}

/** One runtime per tab (startOrders); tests make their own. */
export async function createOrdersRuntime(cart: CartRuntime): Promise<OrdersRuntime> {
  await loadCheckoutTexts();
  const orders = cart.database.collections.orders as unknown as OrdersCollection;
  const machine = orderTransmissionMachine.provide({
    actors: {
      confirmOrders: fromPromise(async ({ input }) => {
        await confirmOrders(orders, input.ids);
        // Until the shop's answer is back, the leading tab is asked to pull (orders have no live stream).
        for (const id of input.ids) {
          let answered = false;
          const stop = watch(id, (order) => {
            if (answered || !(order === null || order.transmited)) return;
            answered = true;
            queueMicrotask(() => stop());
            // A server failure (500) is tried again by the shop: only a final answer is told.
            if (input.announce && order && order.resultCode !== 500) announceOrder(order);
          });
        }
      }),
      cancelOrders: fromPromise(({ input }) => cancelOrders(orders, input.ids)),
    },
    actions: {
      showNotice: () => {
        const t = i18next.getFixedT(null, 'checkout');
        const confirm = () => transmission.send({ type: 'orders.confirm' });
        notify(
          {
            type: 'warning',
            message: noticeText(),
            // 'Click here to confirm the order that you made offline.' is itself the way to confirm.
            linkedMessage: { title: t('offline.waitingTitle'), action: { label: t('offline.waitingMessage'), onClick: confirm } },
            action1: { label: t('offline.confirm'), onClick: confirm },
            action2: { label: t('offline.cancel'), onClick: () => transmission.send({ type: 'orders.cancel' }) },
            hasNoTimeout: true,
          },
          { regionLabel: t('notificationsRegion') },
        );
      },
      hideNotice: () => {
        const text = noticeText();
        for (const shown of currentNotifications()) if (shown.message === text) dismissNotification(shown.id);
      },
    },
  });
  const transmission = createActor(machine, { input: { autoTransmit: ORDERS_CONFIG.autoTransmit, online: isShopOnline() }, inspect: inspectActor });
  transmission.start();
  waitingOrders$(orders).subscribe((ids) => transmission.send({ type: 'orders.waiting', ids }));
  onShopOnline((online) => transmission.send({ type: online ? 'network.online' : 'network.offline' }));

  const place: OrdersRuntime['place'] = async (lines, draft, options) => {
    const token = cart.token();
    const placed = await writeOrder(orders, lines, draft, options);
    recordPlacement(placed.orderId, token, Date.now());
    return placed;
  };

  const finish: OrdersRuntime['finish'] = async (order) => {
    if ('queued' in order) {
      // Queued: the lines go (spec 2 §4, result code absent); the cart token stays, it is what sends the order.
      cart.clear({ sync: false });
      return;
    }
    if (afterOrderStep(order, placementOf(order.id), cart.token()) === 'none') return;
    const work = async () => {
      // Read again under the lock: another tab, or an earlier load of this page, may have finished the order.
      const step = afterOrderStep(order, placementOf(order.id), cart.token());
      if (step === 'none') return;
      markFinished(order.id, Date.now());
      const last: LastOrder = { orderId: order.id, incrementId: order.increment_id ?? '', email: order.customer_email, at: Date.now() };
      localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(last));
      // The cart the order was placed from is now another one's: it is left alone.
      if (step === 'remember') return;
      // The server cart is ordered: empty this device's cart without telling it, and start afresh next time.
      cart.clear({ sync: false, disconnect: true });
      // A customer keeps one owner whatever the cart token: the device may keep the order (My orders shows it).
      if (readUser()) return;
      const stopped = await cart.sync.whenStopped(10_000);
      // Once nothing replicates for the ordered cart (a replication winding down sends nothing), a guest's device
      // forgets the placed order without pushing the deletion: the shop keeps it, and the next guest cart (a new
      // owner) has nothing of it to push.
      if (!stopped) return;
      const placed = await orders.find({ selector: { transmited: true } }).exec();
      await Promise.all(placed.map((doc) => doc.remove()));
      await orders.storageInstance.cleanup(-60_000);
    };
    await (navigator.locks ? navigator.locks.request(`shop-finish-order-${order.id}`, work) : work());
  };

  // Whichever tab sees a placed order's answer first does the after-order steps.
  orders.find({ selector: { transmited: true, resultCode: 200 } }).$.subscribe((docs) => {
    for (const doc of docs) void finish(doc.toJSON() as OrderDoc);
  });

  const watch: OrdersRuntime['watch'] = (orderId, onChange) => {
    let answered = false;
    const subscription = order$(orders, orderId).subscribe((order) => {
      answered = order === null || order.transmited;
      onChange(order);
    });
    const timer = setInterval(() => {
      if (answered || !isShopOnline()) return;
      // Whoever replicates (the customer's login, the guest cart) pulls; a guest without a cart gets one to send it.
      if (cart.sync.scope()) cart.sync.reSync();
      else if (cart.connection.getSnapshot().matches('disconnected')) cart.connection.send({ type: 'cart.connect' });
    }, ORDERS_CONFIG.answerPollMs);
    return () => {
      clearInterval(timer);
      subscription.unsubscribe();
    };
  };

  const runtime: OrdersRuntime = { transmission, orders, place, watch, finish };
  exposeToDevtools('orders', runtime);
  return runtime;
}
