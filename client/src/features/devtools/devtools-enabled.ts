/**
 * Whether the visualizer is on: always in development, in production only when the server was started with
 * `DEVTOOLS=on` (it then writes `<meta name="shop-devtools" content="on">` into the page).
 */
export function devtoolsEnabled(): boolean {
  return import.meta.env.DEV || document.querySelector('meta[name="shop-devtools"][content="on"]') !== null;
}
