/**
 * Every XState machine definition the shop runs, for the visualizer to draw. The runtimes run these same
 * definitions with their I/O given through `.provide()`, which keeps the states and transitions as they are here.
 * Only devtools code imports this list: it pulls in every machine, which no shopper page should pay for.
 */
import type { AnyStateMachine } from 'xstate';
import { tokenLockMachine } from '../account/token-lock.machine.ts';
import { cartConnectionMachine } from '../cart/cart-connection.machine.ts';
import { cartPollingMachine } from '../cart/cart-polling.machine.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { connectivityMachine } from '../offline/connectivity.machine.ts';
import { orderStatusMachine } from '../order-status/order-status.machine.ts';
import { orderTransmissionMachine } from '../orders/order-transmission.machine.ts';
import { paymentFlowMachine } from '../payment/payment-flow.machine.ts';
import { taskQueueMachine } from '../sync/task-queue.machine.ts';

export interface CatalogMachine {
  /** The machine's own id (its root key), as the inspected actors report it. */
  id: string;
  title: string;
  machine: AnyStateMachine;
}

const entry = (title: string, machine: AnyStateMachine): CatalogMachine => ({ id: machine.id, title, machine });

export const MACHINE_CATALOG: readonly CatalogMachine[] = [
  entry('Cart connection', cartConnectionMachine),
  entry('Cart polling', cartPollingMachine),
  entry('Token lock', tokenLockMachine),
  entry('Checkout', checkoutMachine),
  entry('Payment flow', paymentFlowMachine),
  entry('Order status', orderStatusMachine),
  entry('Order transmission', orderTransmissionMachine),
  entry('Connectivity', connectivityMachine),
  entry('Sync task queue', taskQueueMachine),
];

export function catalogMachine(id: string): CatalogMachine | undefined {
  return MACHINE_CATALOG.find((candidate) => candidate.id === id);
}
