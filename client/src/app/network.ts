/**
 * The shop's own network layer (issue 15): every call the shop makes goes through `shopFetch`, every event stream
 * through `openShopStream` (shop-stream.ts, which only the replication loads), and everything that asks whether the
 * shop is online asks `isShopOnline` / `onShopOnline`. The browser's own online/offline events are heard here.
 *
 * The visualizer's fault switches act here too, so flipping one is seen by the whole shop exactly as the real trouble
 * would be; but they live in `network-faults.ts`, which only the visualizer's agent loads: it installs itself as
 * `shopNetwork.faults`. This module is in every shopper's first load, so it holds only the hook: while no switch
 * module is installed, `shopFetch` is `fetch` and a stream's message goes straight to the shop.
 */

/** A stream the shop has open, as the fault switches see it. */
export interface OpenStream {
  /** Hands one message to the shop (nothing once the stream is closed). */
  deliver(data: string): void;
  /** Breaks the stream off, as a lost network would. */
  breakOff(): void;
}

/** What the fault switches (network-faults.ts) hook into the layer. */
export interface NetworkFaults {
  /** The offline switch is on. */
  offline: boolean;
  /** A call through the switches: their answer, or null to let it go to `fetch`. */
  fetch(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | null;
  /** A stream's message through the switches, delivered now or later. */
  message(stream: OpenStream, data: string): void;
}

export const shopNetwork = {
  /** The fault switches, once the visualizer's agent has loaded them. */
  faults: null as NetworkFaults | null,
  /** The streams open now (the offline switch breaks them off). */
  streams: new Set<OpenStream>(),
  /** Hear every flip of the offline switch, also one the browser's own loss hides (the connectivity machine). */
  flips: new Set<() => void>(),
  /** Where calls go instead of `fetch`: the server's own routes, while it renders a page (entry-server.tsx). */
  transport: null as Transport | null,
};

export type Transport = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const onlineListeners = new Set<(online: boolean) => void>();

/** Whether the shop has a network: the browser believes it has one, and the offline switch is off. */
export function isShopOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine !== false) && !shopNetwork.faults?.offline;
}

/** Hears `false` when the shop goes offline (the browser's event or the switch) and `true` when it is back. */
export function onShopOnline(listener: (online: boolean) => void): () => void {
  onlineListeners.add(listener);
  return () => void onlineListeners.delete(listener);
}

/** Tells every listener whether the shop is online now. */
export function announceOnline(): void {
  const online = isShopOnline();
  for (const listener of [...onlineListeners]) listener(online);
}

if (typeof window !== 'undefined') {
  // Every browser event is passed on (a test may tell `online` again); the switch only announces a real change.
  window.addEventListener('online', announceOnline);
  window.addEventListener('offline', announceOnline);
}

/** `fetch`, through the fault switches when they are loaded. */
export function shopFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return shopNetwork.faults?.fetch(input, init) ?? (shopNetwork.transport ?? fetch)(input, init);
}
