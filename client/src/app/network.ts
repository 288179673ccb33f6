/**
 * The shop's own network layer (issue 15): every call the shop makes goes through `shopFetch`, every event stream
 * through `openShopStream`, and everything that asks whether the shop is online asks `isShopOnline` / `onShopOnline`.
 * That is where the visualizer's fault switches act, so flipping one is seen by the whole shop exactly as the real
 * trouble would be:
 * - offline: every call fails as with no network (a TypeError), open streams break, and the shop hears `offline`
 *   (and `online` when the switch goes back); the browser's own online/offline events are heard the same way;
 * - fail-route: the next N calls whose path starts with a route answer 401 or 500 in the shop's envelope, or hang
 *   until `FAULT_TIMEOUT_MS` (or their abort) and then fail as with no network;
 * - delay-stream: every message of a stream reaches the shop that much later.
 * With no switch on, a call costs two checks on top of `fetch`. This module is in the first load: plain TypeScript,
 * types only from the devtools.
 */
import type { FaultCommand, FaultState, RouteFault } from '../features/devtools/devtools-protocol.ts';

/** How long a call failed with 'timeout' hangs before it fails as with no network. */
export const FAULT_TIMEOUT_MS = 8_000;

/** The part of `EventSource` the shop's streams use (the replication's `EventSourceLike`). */
export interface ShopStream {
  readonly readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

const CLOSED = 2;

let forcedOffline = false;
let routes: RouteFault[] = [];
let streamDelayMs = 0;
let conflicts: FaultState['conflicts'] = [];

const onlineListeners = new Set<(online: boolean) => void>();
const faultListeners = new Set<(faults: FaultState) => void>();
/** Streams open now, which the offline switch breaks. */
const openStreams = new Set<{ breakOff(): void }>();

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Whether the shop has a network: the browser believes it has one, and the offline switch is off. */
export function isShopOnline(): boolean {
  return browserOnline() && !forcedOffline;
}

/** Hears `false` when the shop goes offline (the browser's event or the switch) and `true` when it is back. */
export function onShopOnline(listener: (online: boolean) => void): () => void {
  onlineListeners.add(listener);
  return () => void onlineListeners.delete(listener);
}

function announceOnline(): void {
  const online = isShopOnline();
  for (const listener of [...onlineListeners]) listener(online);
}

if (typeof window !== 'undefined') {
  // Every browser event is passed on (a test may tell `online` again); the switch only announces a real change.
  window.addEventListener('online', announceOnline);
  window.addEventListener('offline', announceOnline);
}

export function faultState(): FaultState {
  return { offline: forcedOffline, routes: routes.map((fault) => ({ ...fault })), streamDelayMs, conflicts: conflicts.map((doc) => ({ ...doc })) };
}

export function onFaults(listener: (faults: FaultState) => void): () => void {
  faultListeners.add(listener);
  return () => void faultListeners.delete(listener);
}

function announceFaults(): void {
  const faults = faultState();
  for (const listener of [...faultListeners]) listener(faults);
}

function setOffline(on: boolean): void {
  if (forcedOffline === on) return;
  const before = isShopOnline();
  forcedOffline = on;
  if (on) for (const stream of [...openStreams]) stream.breakOff();
  if (isShopOnline() !== before) announceOnline();
}

/** Flips a switch of this tab. `expire-token` is the session's (the visualizer's agent does it), not the network's. */
export function applyFault(command: FaultCommand): void {
  switch (command.type) {
    case 'offline':
      setOffline(command.on);
      break;
    case 'fail-route':
      if (command.count <= 0 || !command.route) return;
      routes = [...routes, { route: command.route, method: command.method?.toUpperCase() ?? null, outcome: command.outcome, remaining: Math.floor(command.count) }];
      break;
    case 'delay-stream':
      streamDelayMs = Math.max(0, command.ms);
      break;
    case 'force-conflict':
      if (!conflicts.some((doc) => doc.collection === command.collection && doc.id === command.id)) conflicts = [...conflicts, { collection: command.collection, id: command.id }];
      break;
    case 'clear':
      routes = [];
      streamDelayMs = 0;
      conflicts = [];
      setOffline(false);
      break;
    default:
      return;
  }
  announceFaults();
}

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): { path: string; method: string } {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = url.startsWith('/') ? url.split(/[?#]/, 1)[0]! : new URL(url, 'http://shop.invalid').pathname;
  const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
  return { path, method };
}

/** Takes one call off the first switch that matches it; null when none does. */
function takeRouteFault(input: RequestInfo | URL, init: RequestInit | undefined): RouteFault | null {
  const { path, method } = requestOf(input, init);
  const fault = routes.find((candidate) => path.startsWith(candidate.route) && (candidate.method === null || candidate.method === method));
  if (!fault) return null;
  routes = routes.flatMap((candidate) => (candidate !== fault ? [candidate] : candidate.remaining > 1 ? [{ ...candidate, remaining: candidate.remaining - 1 }] : []));
  announceFaults();
  return fault;
}

const FAULT_ANSWERS = {
  // The texts the server itself answers with (an expired token, an unexpected failure).
  401: { error: 'unauthorized', message: 'Your session has expired; please log in again' },
  500: { error: 'internal', message: 'Something went wrong, try again in a few seconds' },
} as const;

function networkFailure(): TypeError {
  return new TypeError('Failed to fetch');
}

function answerFault(fault: RouteFault, signal: AbortSignal | null | undefined): Promise<Response> {
  if (fault.outcome !== 'timeout') {
    const status = fault.outcome;
    return Promise.resolve(new Response(JSON.stringify({ code: status, result: FAULT_ANSWERS[status] }), { status, headers: { 'content-type': 'application/json' } }));
  }
  return new Promise<Response>((_, reject) => {
    const abort = () => {
      clearTimeout(timer);
      // An aborted call fails as fetch's would: with the abort's reason.
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      reject(networkFailure());
    }, FAULT_TIMEOUT_MS);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/** `fetch`, through the fault switches. */
export function shopFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (forcedOffline) return Promise.reject(networkFailure());
  if (routes.length > 0) {
    const fault = takeRouteFault(input, init);
    if (fault) return answerFault(fault, init?.signal ?? (typeof input === 'object' && 'signal' in input ? input.signal : null));
  }
  return fetch(input, init);
}

/**
 * An `EventSource` through the switches: while offline it fails at once (and one open when the switch goes on breaks
 * off), and its messages arrive `streamDelayMs` late, in order.
 */
export function openShopStream(url: string): ShopStream {
  let source: EventSource | null = null;
  let closed = false;
  let lastDue = 0;
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const entry = {
    breakOff: () => {
      if (closed) return;
      stream.close();
      stream.onerror?.(new Event('error'));
    },
  };
  const stream: ShopStream = {
    get readyState() {
      return closed || !source ? CLOSED : source.readyState;
    },
    onmessage: null,
    onerror: null,
    close: () => {
      closed = true;
      source?.close();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      openStreams.delete(entry);
    },
  };
  if (forcedOffline) {
    closed = true;
    setTimeout(() => stream.onerror?.(new Event('error')), 0);
    return stream;
  }
  source = new EventSource(url);
  openStreams.add(entry);
  source.onmessage = (message) => {
    const deliver = () => {
      if (!closed) stream.onmessage?.({ data: message.data as string });
    };
    if (streamDelayMs === 0 && pending.size === 0) return deliver();
    const due = Math.max(Date.now() + streamDelayMs, lastDue);
    lastDue = due;
    const timer = setTimeout(() => {
      pending.delete(timer);
      deliver();
    }, due - Date.now());
    pending.add(timer);
  };
  source.onerror = (event) => {
    if (!closed) stream.onerror?.(event);
  };
  return stream;
}
