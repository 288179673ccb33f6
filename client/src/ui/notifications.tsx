/**
 * Notifications (spec 2 §3, §5, §9): a message with a type, an OK action and optionally a second one; each hides
 * after its `timeToLive` (5000 ms by default, paused while pointed at or focused) unless `hasNoTimeout`; a message
 * identical to one still shown is not shown again, a blank one never. Compact: each is as wide as its text (up to a
 * limit), its message and actions on one line where they fit; OK (or Escape) dismisses it. The host mounts its own React root on the first notification, so
 * none of this is in the first page load. Texts arrive translated: nothing here knows the shop.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import './notifications.css';

export const DEFAULT_TIME_TO_LIVE_MS = 5000;

export interface NotificationAction {
  label: string;
  /** A link (e.g. to the checkout) or a button running `onClick`; either way the notification closes. */
  href?: string;
  onClick?: () => void;
}

export interface Notification {
  type: 'success' | 'info' | 'warning' | 'error';
  message: string;
  /** The dismissing action ('OK'). */
  action1: NotificationAction;
  action2?: NotificationAction;
  hasNoTimeout?: boolean;
  timeToLive?: number;
  /**
   * The message shown as a title followed by a text that is itself the action ("Click here to ..."): a real link or
   * button. `message` stays the whole text (what is compared and announced).
   */
  linkedMessage?: { title: string; action: NotificationAction };
}

export interface ShownNotification extends Notification {
  id: number;
}

let shown: readonly ShownNotification[] = [];
let nextId = 1;
let regionLabel = 'Notifications';
const listeners = new Set<() => void>();

function publish(next: readonly ShownNotification[]): void {
  shown = next;
  for (const listener of listeners) listener();
}

/**
 * The list with the notification added, unless the same message of the same type is still shown, or it has nothing to
 * say (a blank message: no empty box is ever shown).
 */
export function withNotification(list: readonly ShownNotification[], notification: ShownNotification): readonly ShownNotification[] {
  if (notification.message.trim() === '' && !notification.linkedMessage) return list;
  return list.some((other) => other.type === notification.type && other.message === notification.message) ? list : [...list, notification];
}

export function dismissNotification(id: number): void {
  publish(shown.filter((notification) => notification.id !== id));
}

let host: HTMLElement | null = null;

/** Shows a notification; the host's region (named `options.regionLabel`) is created on first use. */
export function notify(notification: Notification, options: { regionLabel?: string } = {}): void {
  if (options.regionLabel) regionLabel = options.regionLabel;
  if (!host && typeof document !== 'undefined') {
    host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<NotificationHost />);
  }
  publish(withNotification(shown, { ...notification, id: nextId++ }));
}

export function currentNotifications(): readonly ShownNotification[] {
  return shown;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noneShown: readonly ShownNotification[] = [];

export function NotificationHost() {
  const list = useSyncExternalStore(subscribe, () => shown, () => noneShown);
  return (
    // Polite for everything; errors are alerts of their own.
    <section className="notifications" aria-label={regionLabel} aria-live="polite">
      {list.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </section>
  );
}

function NotificationItem({ notification }: { notification: ShownNotification }) {
  const [paused, setPaused] = useState(false);
  const item = useRef<HTMLDivElement>(null);
  const { id, hasNoTimeout, timeToLive } = notification;

  useEffect(() => {
    if (hasNoTimeout || paused) return;
    const timer = window.setTimeout(() => dismissNotification(id), timeToLive ?? DEFAULT_TIME_TO_LIVE_MS);
    return () => window.clearTimeout(timer);
  }, [id, hasNoTimeout, timeToLive, paused]);

  const run = (action: NotificationAction) => () => {
    action.onClick?.();
    dismissNotification(id);
  };
  const second = notification.action2;
  return (
    <div
      ref={item}
      className={`notification notification--${notification.type}`}
      role={notification.type === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(item.current?.contains(document.activeElement) ?? false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => setPaused(event.currentTarget.contains(event.relatedTarget as Node | null))}
      // Escape closes the notification the keyboard is in, as its OK does.
      onKeyDown={(event) => {
        if (event.key === 'Escape') run(notification.action1)();
      }}
    >
      <p className="notification__message">
        {notification.linkedMessage ? (
          <>
            <strong>{notification.linkedMessage.title}</strong>{' '}
            {notification.linkedMessage.action.href ? (
              <a className="notification__link" href={notification.linkedMessage.action.href} onClick={run(notification.linkedMessage.action)}>
                {notification.linkedMessage.action.label}
              </a>
            ) : (
              <button type="button" className="link-button notification__link" onClick={run(notification.linkedMessage.action)}>
                {notification.linkedMessage.action.label}
              </button>
            )}
          </>
        ) : (
          notification.message
        )}
      </p>
      <div className="notification__actions">
        {second ? (
          second.href ? (
            <a className="button button--secondary" href={second.href} onClick={run(second)}>
              {second.label}
            </a>
          ) : (
            <button type="button" className="button button--secondary" onClick={run(second)}>
              {second.label}
            </button>
          )
        ) : null}
        <button type="button" className="button" onClick={run(notification.action1)}>
          {notification.action1.label}
        </button>
      </div>
    </div>
  );
}
