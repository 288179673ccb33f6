/**
 * Whether the developers' visualizer is on in this tab (issue 15); when it is, the cart runtime (started after the
 * first paint in every shop tab) loads the agent (agent-start.ts, which also listens for the shortcut), and the
 * `/__devtools` page works. On in development; in a build only when the server serves the page with
 * `<meta name="shop-devtools" content="on">` (DEVTOOLS=on). Free of imports.
 */

export const DEVTOOLS_PATH = '/__devtools';

export function devtoolsEnabled(doc: Pick<Document, 'querySelector'> = document): boolean {
  return import.meta.env.DEV || doc.querySelector('meta[name="shop-devtools"][content="on"]') !== null;
}
