/**
 * The visualizer's same-origin channel (issue 15). A shop tab with the visualizer on turns each inspection event of
 * its actors into a plain, redacted message and posts it on a BroadcastChannel of this origin (never `postMessage` to
 * `*`, never to another origin); the visualizer's tab listens on the same channel and so sees every tab. Loaded only
 * when the visualizer is on: nothing here is part of a shopper's pages.
 */
import type { InspectionEvent } from 'xstate';
import { setInspectionSink } from './inspection.ts';
import type { EventSource } from './recording.ts';
import { redact, type JsonValue } from './redact.ts';

export const DEVTOOLS_CHANNEL = 'shop-devtools';

interface Common {
  /** The tab the message comes from. */
  tabId: string;
  at: number;
}

/** What a shop tab tells the visualizer. */
export type DevtoolsMessage =
  | (Common & { kind: 'actor'; actorId: string; machineId: string | null; parentId: string | null })
  | (Common & { kind: 'event'; actorId: string; machineId: string | null; sourceId: string | null; source: EventSource; event: { type: string; payload: JsonValue } })
  | (Common & { kind: 'snapshot'; actorId: string; machineId: string | null; event: string; value: JsonValue; status: string; context: JsonValue })
  | (Common & { kind: 'hello'; url: string })
  | (Common & { kind: 'bye' });

/** The part of a BroadcastChannel the broadcast uses (a test gives its own). */
export interface ChannelLike {
  postMessage(message: DevtoolsMessage): void;
  close(): void;
}

interface ActorLike {
  sessionId?: string;
  id?: string;
  logic?: { id?: unknown };
  _parent?: { sessionId?: string };
}

/** Who sent an event to an actor, as the inspection event shows it. */
export type EventSender = 'outside' | 'self' | 'child' | 'parent' | 'other-actor';

/** Answers of the shop's server (or of its stream) that the shop's code hands to a machine. */
const NETWORK_EVENTS: ReadonlySet<string> = new Set([
  'auth.unauthorized',
  'cart.serverChanged',
  'cart.tokenRejected',
  'cart.alreadyOrdered',
  'countries.loaded',
  'order.updated',
]);
/** What another tab of this browser did, heard through storage events or the local database. */
const OTHER_TAB_EVENTS: ReadonlySet<string> = new Set(['cart.changedInOtherTab', 'order.placedElsewhere']);
/** The shop's own bookkeeping (a parent's command, the local database's answer): no one outside did anything. */
const INTERNAL_EVENTS: ReadonlySet<string> = new Set(['sync.resync', 'orders.waiting', 'cart.loaded']);

/**
 * Where an event comes from, for the visualizer's event log: a delayed transition's timer, the network (an invoked
 * call's result or error, an online/offline change, an answer of the server), another tab, or the shopper (an event
 * the page's code sends from outside every machine). What is none of these (XState's own init, one machine telling
 * another) is unknown.
 */
export function eventSource(type: string, sender: EventSender): EventSource {
  if (type.startsWith('xstate.after.')) return 'timer';
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) return 'network';
  if (/^(network|connectivity|stream|server)\./.test(type) || NETWORK_EVENTS.has(type)) return 'network';
  if (OTHER_TAB_EVENTS.has(type) || /^(storage|other-tab|otherTab)\./.test(type) || /(InOtherTab|Elsewhere)$/.test(type)) return 'other-tab';
  if (type.startsWith('xstate.') || INTERNAL_EVENTS.has(type)) return 'unknown';
  return sender === 'outside' ? 'user' : 'unknown';
}

function senderOf(event: Extract<InspectionEvent, { type: '@xstate.event' }>): EventSender {
  const source = event.sourceRef as ActorLike | undefined;
  if (!source) return 'outside';
  const target = event.actorRef as ActorLike;
  if (source === target) return 'self';
  if (source._parent?.sessionId !== undefined && source._parent.sessionId === target.sessionId) return 'child';
  if (target._parent?.sessionId !== undefined && target._parent.sessionId === source.sessionId) return 'parent';
  return 'other-actor';
}

function actorIds(ref: unknown): { actorId: string; machineId: string | null; parentId: string | null } {
  const actor = (ref ?? {}) as ActorLike;
  const machineId = typeof actor.logic?.id === 'string' ? actor.logic.id : null;
  return { actorId: actor.sessionId ?? actor.id ?? 'unknown', machineId, parentId: actor._parent?.sessionId ?? null };
}

/** An inspection event as the message the visualizer reads, every value redacted; null for one it does not show. */
export function inspectionMessage(event: InspectionEvent, tabId: string, at: number): DevtoolsMessage | null {
  const { actorId, machineId, parentId } = actorIds(event.actorRef);
  switch (event.type) {
    case '@xstate.actor':
      return { kind: 'actor', tabId, at, actorId, machineId, parentId };
    case '@xstate.event': {
      const { type, ...payload } = event.event as { type: string };
      return {
        kind: 'event',
        tabId,
        at,
        actorId,
        machineId,
        sourceId: event.sourceRef ? actorIds(event.sourceRef).actorId : null,
        source: eventSource(type, senderOf(event)),
        event: { type, payload: redact(payload) },
      };
    }
    case '@xstate.snapshot': {
      const snapshot = event.snapshot as { value?: unknown; status?: unknown; context?: unknown };
      return {
        kind: 'snapshot',
        tabId,
        at,
        actorId,
        machineId,
        event: (event.event as { type?: string }).type ?? '',
        value: redact(snapshot.value ?? null),
        status: typeof snapshot.status === 'string' ? snapshot.status : 'active',
        context: redact(snapshot.context ?? null),
      };
    }
    default:
      return null;
  }
}

/**
 * Starts posting this tab's machines on the channel (a hello first, a bye at the end); answers the stop. The sink
 * installed before is put back when it stops.
 */
export function startDevtoolsBroadcast(options: { tabId: string; url?: string; channel?: ChannelLike; now?: () => number }): () => void {
  const now = options.now ?? Date.now;
  const channel = options.channel ?? (new BroadcastChannel(DEVTOOLS_CHANNEL) as unknown as ChannelLike);
  channel.postMessage({ kind: 'hello', tabId: options.tabId, at: now(), url: options.url ?? '' });
  const before = setInspectionSink((event) => {
    const message = inspectionMessage(event, options.tabId, now());
    if (message) channel.postMessage(message);
  });
  return () => {
    setInspectionSink(before);
    channel.postMessage({ kind: 'bye', tabId: options.tabId, at: now() });
    channel.close();
  };
}
