import { isOrderStatus, orderStatusKey, orderStatusLabel } from '@shop/shared/orders/order-status';
import type { TFunction } from 'i18next';

/**
 * An order status as a shopper reads it, in the interface language (spec 2 §3: Pending, Processing, Complete, ...):
 * the one mapping every screen that shows an order's status uses. A code the shop does not know reads as words.
 */
export function orderStatusText(t: TFunction, status: string): string {
  return isOrderStatus(status) ? t(orderStatusKey(status), { ns: 'common', defaultValue: orderStatusLabel(status) }) : orderStatusLabel(status);
}
