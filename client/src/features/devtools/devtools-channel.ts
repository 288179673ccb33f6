/**
 * The visualizer's same-origin channel (issue 15). A shop tab with the visualizer on turns each inspection event of
 * its actors into a plain, redacted message and posts it on a BroadcastChannel of this origin (never `postMessage` to
 * `*`, never to another origin); the visualizer's tab listens on the same channel and so sees every tab. Loaded only
 * when the visualizer is on: nothing here is part of a shopper's pages.
 */
import type { InspectionEvent } from 'xstate';
import { setInspectionSink } from './inspection.ts';
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
  | (Common & { kind: 'event'; actorId: string; machineId: string | null; sourceId: string | null; event: { type: string; payload: JsonValue } })
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
      return { kind: 'event', tabId, at, actorId, machineId, sourceId: event.sourceRef ? actorIds(event.sourceRef).actorId : null, event: { type, payload: redact(payload) } };
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
