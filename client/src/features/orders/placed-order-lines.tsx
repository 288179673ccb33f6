/**
 * The lines of a placed (or queued) order, with the options chosen for each, as this device stored the order: the
 * thank-you page shows what was ordered, offline too.
 */
import { lineOptionsOf } from '@shop/shared/cart/line-options';
import { formatPrice } from '@shop/shared/money/money';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { useEffect, useState } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { LineOptions } from '../cart/line-options.tsx';
import { order$, type OrdersCollection } from './order-documents.ts';
import './placed-order-lines.css';

export function PlacedOrderLines({ orders, orderId, title }: { orders: OrdersCollection; orderId: string; title: string }) {
  const { i18n } = useTranslation();
  const [order, setOrder] = useState<OrderDoc | null>(null);
  useEffect(() => {
    const subscription = order$(orders, orderId).subscribe(setOrder);
    return () => subscription.unsubscribe();
  }, [orders, orderId]);
  if (!order || order.items.length === 0) return null;
  const money = (amount: number) => formatPrice(amount, order.currency, localeOf(i18n.language));
  return (
    <section className="placed-order" aria-labelledby={`placed-order-${orderId}`}>
      <h2 id={`placed-order-${orderId}`} className="placed-order__title">
        {title}
      </h2>
      <ul className="placed-order__lines">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.checksum}`} className="placed-order__line">
            <span className="placed-order__name">
              {item.qty} × {item.name}
              <LineOptions source={lineOptionsOf(item)} />
            </span>
            <span className="placed-order__price">{money(item.price_incl_tax * item.qty)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
