/**
 * Server rendering's side of the shared components (decision 048). A page is rendered on the server in passes: a
 * component that would load something in an effect (data, texts) says so here instead, the server waits for all of
 * it, and renders again, until a pass wants nothing more. In the browser none of this runs: `onServer` is false.
 *
 * One page renders at a time per server process (entry-server.tsx queues them), so the pass is module state.
 */
import { useSyncExternalStore } from 'react';
import type { PageHead } from '../ui/page-head.ts';

export const onServer = typeof window === 'undefined';

interface ServerPass {
  wants: Map<string, () => Promise<unknown>>;
  head: { head: PageHead; siteName: string } | null;
}

let pass: ServerPass | null = null;
let serverOrigin = 'http://localhost';

/** The shop's origin (for absolute links: canonical, structured data): the page's, or on the server the request's. */
export function shopOrigin(): string {
  return onServer ? serverOrigin : window.location.origin;
}

/** The origin the server renders for (the request's). */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/** Starts a pass; what it collected is `endPass()`'s. */
export function beginPass(): void {
  pass = { wants: new Map(), head: null };
}

export function endPass(): ServerPass {
  const ended = pass ?? { wants: new Map(), head: null };
  pass = null;
  return ended;
}

/** While the server renders: `load` runs before the next pass (once per key per pass). */
export function wantOnServer(key: string, load: () => Promise<unknown>): void {
  if (pass && !pass.wants.has(key)) pass.wants.set(key, load);
}

/** While the server renders: the page's head, as `usePageHead` would write it in the browser. */
export function headOnServer(head: PageHead, siteName: string): void {
  if (pass) pass.head = { head, siteName };
}

const unsubscribed = () => () => undefined;

/**
 * A value only the browser keeps (localStorage: the last cart count, the shop's details): the server renders without
 * it, and so does the browser's hydration of that page (React renders `serverValue` first, then the kept value at
 * once); a page the browser renders itself shows the kept value from the start. `read` must return the same value
 * (===) while nothing changed.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(unsubscribed, read, () => serverValue);
}
