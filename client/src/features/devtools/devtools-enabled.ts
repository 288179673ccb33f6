/**
 * Whether the developers' visualizer is on in this tab (issue 15); when it is, main.tsx loads the agent
 * (agent-start.ts, which also listens for the shortcut) once the page is idle. On in development; in a build only when
 * the server serves the page with `<meta name="shop-devtools" content="on">` (DEVTOOLS=on). Tiny and free of imports:
 * it is part of the first load.
 */

export const DEVTOOLS_PATH = '/__devtools';

export function devtoolsEnabled(doc: Pick<Document, 'querySelector'> = document): boolean {
  return import.meta.env.DEV || doc.querySelector('meta[name="shop-devtools"][content="on"]') !== null;
}

/** The visualizer's own page: a viewer, not a shop tab. */
export function isDevtoolsPage(pathname: string): boolean {
  return pathname === DEVTOOLS_PATH || pathname.startsWith(`${DEVTOOLS_PATH}/`);
}

/** Runs `work` once the page is idle (after the first paint and the page's own start). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 5_000 });
  else setTimeout(work, 1_000);
}
