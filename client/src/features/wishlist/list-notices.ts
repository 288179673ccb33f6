/**
 * The success notices of the wishlist and the compare list (spec 2 §8: added to or removed from either; the spec
 * does not print the wording, so it is the shop's own, in the `wishlist` texts), each with an OK action; adding to
 * the compare list offers the way to the comparison.
 */
import type { TFunction } from 'i18next';
import type { Notification } from '../../ui/notifications.tsx';

export type ListKind = 'wishlist' | 'compare';
export type ListChange = 'added' | 'removed';

export function listNotification(kind: ListKind, change: ListChange, name: string, t: TFunction, compareHref: string): Notification {
  const notification: Notification = { type: 'success', message: t(`notices.${kind}.${change}`, { name }), action1: { label: t('notices.ok') } };
  if (kind === 'compare' && change === 'added') notification.action2 = { label: t('notices.compare.open'), href: compareHref };
  return notification;
}
