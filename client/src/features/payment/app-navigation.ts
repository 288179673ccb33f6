/**
 * Going to another page of the shop from outside React (the payment flow runs after the checkout page hands the
 * order over). TanStack Router's browser history wraps `history.pushState` and follows every push, so a push with
 * the router's own state keys is a normal in-app navigation: the page is not reloaded and a notification shown just
 * before stays on screen. An address on another origin is a full page load.
 */
export function navigateInApp(href: string): void {
  const target = new URL(href, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  // Already there (a page that is its own error address): nothing to push.
  if (target.pathname === window.location.pathname && target.search === window.location.search) return;
  const state = (window.history.state ?? {}) as { __TSR_index?: number };
  const key = Math.random().toString(36).slice(2, 10);
  window.history.pushState({ __TSR_index: (state.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', `${target.pathname}${target.search}${target.hash}`);
}
