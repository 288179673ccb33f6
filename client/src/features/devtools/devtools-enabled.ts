/**
 * Whether the developers' visualizer is on in this tab, and the two things a shop page does when it is (issue 15):
 * a keyboard shortcut that opens the visualizer in a new tab, and the agent (agent-start.ts), loaded by main.tsx
 * once the page is idle. On in development; in a build only when the server serves the page with
 * `<meta name="shop-devtools" content="on">` (DEVTOOLS=on). Tiny and free of imports: it is part of the first load.
 */

export const DEVTOOLS_PATH = '/__devtools';

/** The shortcut: Alt+Shift+D (Option+Shift+D on a Mac), which browsers leave to the page. */
export const DEVTOOLS_SHORTCUT = 'Alt+Shift+D';

export function devtoolsEnabled(doc: Pick<Document, 'querySelector'> = document): boolean {
  return import.meta.env.DEV || doc.querySelector('meta[name="shop-devtools"][content="on"]') !== null;
}

/** The visualizer's own page: a viewer, not a shop tab. */
export function isDevtoolsPage(pathname: string): boolean {
  return pathname === DEVTOOLS_PATH || pathname.startsWith(`${DEVTOOLS_PATH}/`);
}

type Key = Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code' | 'repeat'>;

/** Alt+Shift+D by the key's place (a Mac's Option turns the letter into ∂), without Ctrl or Meta. */
export function isDevtoolsShortcut(event: Key): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.repeat && event.code === 'KeyD';
}

/** Opens the visualizer in a new tab on the shortcut; the new tab gets no handle on this one. */
export function listenForDevtoolsShortcut(target: Pick<Window, 'addEventListener' | 'open'> = window): void {
  target.addEventListener('keydown', (event) => {
    if (!isDevtoolsShortcut(event)) return;
    event.preventDefault();
    target.open(DEVTOOLS_PATH, '_blank', 'noopener');
  });
}

/** Runs `work` once the page is idle (after the first paint and the page's own start). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 5_000 });
  else setTimeout(work, 1_000);
}
