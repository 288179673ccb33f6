/**
 * Work a page does not need to be shown and used (the local database and the cart's machines behind the header's
 * count, the customer session's price watch, the menu's prefetch) waits until the page is interactive and the
 * shopper is there: their first tap, click or key, or else the page standing quiet for a while after it loaded.
 * Started at once, it ran as long tasks right after the first paint, when a phone's shopper first reaches for the
 * page (issue 20 item 3: about half of a page's blocking time).
 *
 * A task then runs when the browser is idle. Whatever needs the work sooner starts it itself (adding to the cart
 * starts the cart; the minicart and checkout wait for it).
 */

/** How long after the page's load the work starts when the shopper has not touched the page. */
export const QUIET_START_MS = 4000;

const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let started: Promise<void> | null = null;

function interactive(): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      clearTimeout(timer);
      for (const input of INPUTS) window.removeEventListener(input, go, true);
      resolve();
    };
    for (const input of INPUTS) window.addEventListener(input, go, { capture: true, passive: true });
    const quiet = () => {
      timer = setTimeout(go, QUIET_START_MS);
    };
    if (document.readyState === 'complete') quiet();
    else window.addEventListener('load', quiet, { once: true });
  });
  return started;
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/**
 * Starts listening for the shopper as the app's script starts (main.tsx), so that an input before any waiting work has
 * been asked for still counts.
 */
export function watchForShopper(): void {
  void interactive();
}

/** Runs `task` once the page is interactive and the shopper is there (see above); the returned function cancels it. */
export function afterInteractive(task: () => void): () => void {
  let live = true;
  void interactive().then(() =>
    whenIdle(() => {
      if (live) task();
    }),
  );
  return () => {
    live = false;
  };
}

/**
 * Resolves once the browser has painted what it has, at most `limitMs` later (a hidden tab draws no frames). A page
 * the server rendered waits for this before hydrating: when its scripts arrive as fast as its markup, the browser
 * would otherwise run the whole hydration before it first draws the markup it already had.
 */
export function afterNextPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    // A frame's callback runs before its paint; a task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
