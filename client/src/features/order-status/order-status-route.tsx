/**
 * The door of both order-status routes (spec 2 §2): /<store>/order-status/:order_token?hash= and
 * /<store>/orderstatus?transactionid=&hash= (the second provider's page). It reads the address and loads the page's
 * chunk, so the route table in the first load names only this small file.
 */
import { useParams, useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import type { StartPaymentOptions } from '../payment/start-payment.ts';
import type { PlacedOrderForPayment } from '../payment/payment-flow.machine.ts';
import type { OrderStatusSource } from './order-status-api.ts';

const OrderStatusPage = lazy(() => import('./order-status-page.tsx').then((module) => ({ default: module.OrderStatusPage })));

// Developer tools (and the payment journeys) can run the payment flow for a placed order from any order-status page.
exposeToDevtools('payment', {
  startPayment: (order: PlacedOrderForPayment, options?: StartPaymentOptions) => import('../payment/start-payment.ts').then((module) => module.startPayment(order, options)),
});

export function orderStatusSource(params: { order_token?: string }, search: Record<string, unknown>): OrderStatusSource {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const hash = text(search.hash);
  return params.order_token !== undefined ? { kind: 'token', token: params.order_token, hash } : { kind: 'transaction', transactionId: text(search.transactionid), hash };
}

export default function OrderStatusRoute() {
  const params = useParams({ strict: false }) as { order_token?: string };
  // The query of this page's own match, like its params: while the shopper leaves for another page, the address
  // (and its query) changes before this page goes, and reading it would ask for the status with an empty hash.
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const source = orderStatusSource(params, search);
  const key = source.kind === 'token' ? `t:${source.token}:${source.hash}` : `x:${source.transactionId}:${source.hash}`;
  return (
    <Suspense fallback={<div className="container" aria-busy="true" />}>
      <OrderStatusPage key={key} source={source} />
    </Suspense>
  );
}
