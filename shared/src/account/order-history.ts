import type { OrderDoc } from '../sync/order.schema.ts';
import type { OrderHistory } from './account.schema.ts';

/**
 * A page of the customer's order history (spec 2 §7, §9): newest first, one entry per `increment_id` (an order that
 * reached the shop twice, e.g. from two devices, is shown once: the copy changed last), deleted orders left out.
 * Orders without an increment id yet (not transmitted) are kept, each under its own id.
 */
export function orderHistoryPage(orders: readonly (OrderDoc & { _deleted?: boolean })[], page: { pageSize: number; currentPage: number }): OrderHistory {
  const byKey = new Map<string, OrderDoc>();
  for (const order of orders) {
    if (order._deleted) continue;
    const key = order.increment_id ? `increment:${order.increment_id}` : `id:${order.id}`;
    const known = byKey.get(key);
    if (!known || order.updatedAt > known.updatedAt) byKey.set(key, order);
  }
  const sorted = [...byKey.values()].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const start = (page.currentPage - 1) * page.pageSize;
  const items = sorted.slice(start, start + page.pageSize).map((order) => {
    const { _deleted: _ignored, ...rest } = order as OrderDoc & { _deleted?: boolean };
    return rest as OrderDoc;
  });
  return { items, total_count: sorted.length };
}
