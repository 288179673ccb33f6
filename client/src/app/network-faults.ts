/**
 * The visualizer's fault switches in the shop's network layer (issue 15; network.ts holds the hook). Only the
 * visualizer's agent loads this module (through features/devtools/network-faults.ts), so a shopper never downloads
 * it; loading it installs the switches, all off:
 * - offline: every call fails as with no network (a TypeError), open streams break, and the shop hears `offline`
 *   (and `online` when the switch goes back);
 * - fail-route: the next N calls whose path starts with a route answer 401 or 500 in the shop's envelope, or hang
 *   until `FAULT_TIMEOUT_MS` (or their abort) and then fail as with no network;
 * - delay-stream: every message of a stream reaches the shop that much later;
 * - force-conflict: kept in the state (the agent runs the conflict).
 * With no switch on, a call costs two checks on top of `fetch`.
 */
import type { FaultCommand, FaultState, RouteFault } from '../features/devtools/devtools-protocol.ts';
import { announceOnline, isShopOnline, shopNetwork, type NetworkFaults, type OpenStream } from './network.ts';

/** How long a call failed with 'timeout' hangs before it fails as with no network. */
export const FAULT_TIMEOUT_MS = 8_000;

let routes: RouteFault[] = [];
let streamDelayMs = 0;
let conflicts: FaultState['conflicts'] = [];

const faultListeners = new Set<(faults: FaultState) => void>();

export function faultState(): FaultState {
  return { offline: hook.offline, routes: routes.map((fault) => ({ ...fault })), streamDelayMs, conflicts: conflicts.map((doc) => ({ ...doc })) };
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
  if (hook.offline === on) return;
  const before = isShopOnline();
  hook.offline = on;
  if (on) for (const stream of [...shopNetwork.streams]) stream.breakOff();
  if (isShopOnline() !== before) announceOnline();
  for (const listener of [...shopNetwork.flips]) listener();
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

/** Per open stream: when its last delayed message is due, and how many still wait (a shorter delay never overtakes them). */
const delayed = new WeakMap<OpenStream, { due: number; waiting: number }>();

const hook: NetworkFaults = {
  offline: false,
  fetch: (input, init) => {
    if (hook.offline) return Promise.reject(networkFailure());
    if (routes.length === 0) return null;
    const fault = takeRouteFault(input, init);
    return fault ? answerFault(fault, init?.signal ?? (typeof input === 'object' && 'signal' in input ? input.signal : null)) : null;
  },
  message: (stream, data) => {
    const queue = delayed.get(stream) ?? { due: 0, waiting: 0 };
    if (streamDelayMs === 0 && queue.waiting === 0) return stream.deliver(data);
    const due = Math.max(Date.now() + streamDelayMs, queue.due);
    queue.due = due;
    queue.waiting += 1;
    delayed.set(stream, queue);
    setTimeout(() => {
      queue.waiting -= 1;
      stream.deliver(data);
    }, due - Date.now());
  },
};

shopNetwork.faults = hook;
