/**
 * The visualizer's state (issue 15): a pure reducer of what the shop's tabs post on the devtools channel, the machine
 * messages of devtools-channel.ts and the reports of devtools-protocol.ts. It keeps the tabs, their live actors, one
 * event log across every tab (capped), the conflicts the merges resolved, leadership over time and the answers to
 * document requests. Nothing here talks to a channel or reads the clock: the page feeds it messages and ticks.
 */
import { eventSource as classifyEvent, type DevtoolsMessage } from './devtools-channel.ts';
import type { CollectionReport, FaultState, QueueTaskReport, ShopReport } from './devtools-protocol.ts';
import { EVENT_SOURCES, type EventSource, type MachineSnapshotInput, type RecordingEntryInput, type RecordingSessionInput, type StateValue } from './recording.ts';
import type { JsonValue } from './redact.ts';

/** The log keeps this many events (the oldest go first); conflicts and leadership changes keep fewer. */
export const EVENT_CAP = 5_000;
export const CONFLICT_CAP = 500;
export const LEADER_CAP = 500;
/** A tab not heard for this long is asked again (a `sync`); one silent for twice as long is shown as closed. */
export const TAB_QUIET_MS = 10_000;

export interface ActorSnapshotView {
  value: JsonValue;
  status: string;
  context: JsonValue;
}

export interface ActorView {
  actorId: string;
  machineId: string | null;
  parentId: string | null;
  /** Null until the first snapshot arrives. */
  snapshot: ActorSnapshotView | null;
  /** The first snapshot seen: where a recording starts this machine. */
  initial: ActorSnapshotView | null;
  /** The sequence number of the last event this actor took (for the chart's "last transition"). */
  lastEvent: number | null;
  updatedAt: number;
}

export interface TabView {
  tabId: string;
  url: string;
  firstSeen: number;
  lastSeen: number;
  /** Said bye, or not heard for 2 × TAB_QUIET_MS. */
  closed: boolean;
  /** Null until the tab said whether it leads replication. */
  leader: boolean | null;
  faults: FaultState | null;
  report: { owner: string | null; collections: CollectionReport[] } | null;
  /** The tab's sync task queue (every tab shares the local database; the leader's is the one that sends). */
  queue?: QueueTaskReport[];
  actors: Readonly<Record<string, ActorView>>;
}

export interface LogEntry {
  /** Increasing over the viewer's life, unique: the log's key. */
  seq: number;
  at: number;
  tabId: string;
  actorId: string;
  machineId: string | null;
  sourceId: string | null;
  source: EventSource;
  type: string;
  payload: JsonValue;
  /** The state value before the event (null when the actor had no snapshot yet). */
  before: JsonValue;
  /** The snapshot after it; null until the actor's snapshot for it arrives. */
  after: ActorSnapshotView | null;
}

export type ConflictReport = Extract<ShopReport, { kind: 'conflict' }>;

export interface LeaderChange {
  at: number;
  tabId: string;
  leader: boolean;
}

export interface DocsAnswer {
  documents: JsonValue[];
  total: number;
  at: number;
}

export interface DevtoolsState {
  /** When the viewer started (a recording's start). */
  startedAt: number;
  tabs: Readonly<Record<string, TabView>>;
  /** Oldest first. */
  events: readonly LogEntry[];
  nextSeq: number;
  conflicts: readonly ConflictReport[];
  leaderChanges: readonly LeaderChange[];
  docs: Readonly<Record<string, DocsAnswer | undefined>>;
}

export type DevtoolsAction =
  | { type: 'messages'; messages: readonly unknown[] }
  | { type: 'tick'; now: number }
  | { type: 'clear'; now: number };

export function initialDevtoolsState(now: number): DevtoolsState {
  return { startedAt: now, tabs: {}, events: [], nextSeq: 1, conflicts: [], leaderChanges: [], docs: {} };
}

const MACHINE_KINDS = new Set(['hello', 'bye', 'actor', 'event', 'snapshot']);
const REPORT_KINDS = new Set(['replication', 'leader', 'conflict', 'docs', 'faults', 'queue']);

/** A message from the channel that a shop tab could have sent; anything else (another viewer's, a stranger's) is not. */
export function isShopMessage(value: unknown): value is DevtoolsMessage | ShopReport {
  if (value === null || typeof value !== 'object') return false;
  const message = value as { kind?: unknown; tabId?: unknown; at?: unknown };
  return (
    typeof message.kind === 'string' &&
    (MACHINE_KINDS.has(message.kind) || REPORT_KINDS.has(message.kind)) &&
    typeof message.tabId === 'string' &&
    typeof message.at === 'number'
  );
}

/**
 * Where an event came from: the shop tab names it (devtools-channel.ts classifies it as it posts); a message without
 * a valid one is classified from its type alone, as the channel would for an event of an unknown sender.
 */
export function eventSource(type: string, declared?: unknown): EventSource {
  return (EVENT_SOURCES as readonly unknown[]).includes(declared) ? (declared as EventSource) : classifyEvent(type, 'other-actor');
}

/** The actor a message is about: as known, or first heard of now (its actor message came before the viewer). */
function knownActor(tab: TabView, message: { actorId: string; machineId: string | null; at: number }): ActorView {
  return tab.actors[message.actorId] ?? { actorId: message.actorId, machineId: message.machineId, parentId: null, snapshot: null, initial: null, lastEvent: null, updatedAt: message.at };
}

function emptyTab(tabId: string, at: number): TabView {
  return { tabId, url: '', firstSeen: at, lastSeen: at, closed: false, leader: null, faults: null, report: null, actors: {} };
}

function capped<T>(list: readonly T[], item: T, cap: number): T[] {
  const next = list.length >= cap ? list.slice(list.length - cap + 1) : list.slice();
  next.push(item);
  return next;
}

function apply(state: DevtoolsState, message: DevtoolsMessage | ShopReport): DevtoolsState {
  const known = state.tabs[message.tabId];
  if (message.kind === 'bye') {
    if (!known) return state;
    return { ...state, tabs: { ...state.tabs, [message.tabId]: { ...known, closed: true, lastSeen: Math.max(known.lastSeen, message.at) } } };
  }
  // Anything else from a tab says it is open (a tab that said bye and speaks again was reloaded with the same id).
  let tab: TabView = known ? { ...known, closed: false, lastSeen: Math.max(known.lastSeen, message.at) } : emptyTab(message.tabId, message.at);
  let next: DevtoolsState = state;
  const setActor = (actor: ActorView) => {
    tab = { ...tab, actors: { ...tab.actors, [actor.actorId]: actor } };
  };

  switch (message.kind) {
    case 'hello':
      // A hello is a new page in that tab: its actors are the ones it announces from now on.
      tab = known && known.url !== message.url ? { ...tab, url: message.url, actors: {} } : { ...tab, url: message.url };
      break;
    case 'actor': {
      const existing = tab.actors[message.actorId];
      setActor(
        existing
          ? { ...existing, machineId: message.machineId ?? existing.machineId, parentId: message.parentId }
          : { actorId: message.actorId, machineId: message.machineId, parentId: message.parentId, snapshot: null, initial: null, lastEvent: null, updatedAt: message.at },
      );
      break;
    }
    case 'event': {
      const actor: ActorView = knownActor(tab, message);
      const entry: LogEntry = {
        seq: state.nextSeq,
        at: message.at,
        tabId: message.tabId,
        actorId: message.actorId,
        machineId: message.machineId ?? actor.machineId,
        sourceId: message.sourceId,
        source: eventSource(message.event.type, (message as { source?: unknown }).source),
        type: message.event.type,
        payload: message.event.payload,
        before: actor.snapshot?.value ?? null,
        after: null,
      };
      setActor({ ...actor, lastEvent: entry.seq, updatedAt: message.at });
      next = { ...next, events: capped(next.events, entry, EVENT_CAP), nextSeq: state.nextSeq + 1 };
      break;
    }
    case 'snapshot': {
      const snapshot: ActorSnapshotView = { value: message.value, status: message.status, context: message.context };
      const actor: ActorView = knownActor(tab, message);
      setActor({ ...actor, machineId: actor.machineId ?? message.machineId, snapshot, initial: actor.initial ?? snapshot, updatedAt: message.at });
      // The snapshot an event led to completes that event's log entry (the last of this actor still waiting for one).
      const events = next.events;
      for (let index = events.length - 1; index >= 0; index -= 1) {
        const entry = events[index]!;
        if (entry.tabId !== message.tabId || entry.actorId !== message.actorId) continue;
        if (entry.after === null && entry.type === message.event) {
          const copy = events.slice();
          copy[index] = { ...entry, after: snapshot };
          next = { ...next, events: copy };
        }
        break;
      }
      break;
    }
    case 'replication': {
      if (tab.leader !== null && tab.leader !== message.leader) next = { ...next, leaderChanges: capped(next.leaderChanges, { at: message.at, tabId: message.tabId, leader: message.leader }, LEADER_CAP) };
      if (tab.leader === null && message.leader) next = { ...next, leaderChanges: capped(next.leaderChanges, { at: message.at, tabId: message.tabId, leader: true }, LEADER_CAP) };
      tab = { ...tab, leader: message.leader, report: { owner: message.owner, collections: message.collections } };
      break;
    }
    case 'queue':
      tab = { ...tab, queue: message.tasks };
      break;
    case 'leader':
      if (tab.leader !== message.leader && (tab.leader !== null || message.leader)) {
        next = { ...next, leaderChanges: capped(next.leaderChanges, { at: message.at, tabId: message.tabId, leader: message.leader }, LEADER_CAP) };
      }
      tab = { ...tab, leader: message.leader };
      break;
    case 'conflict':
      next = { ...next, conflicts: capped(next.conflicts, message, CONFLICT_CAP) };
      break;
    case 'docs':
      next = { ...next, docs: { ...next.docs, [message.collection]: { documents: message.documents, total: message.total, at: message.at } } };
      break;
    case 'faults':
      tab = { ...tab, faults: message.faults };
      break;
  }
  return { ...next, tabs: { ...next.tabs, [message.tabId]: tab } };
}

export function devtoolsReducer(state: DevtoolsState, action: DevtoolsAction): DevtoolsState {
  switch (action.type) {
    case 'messages': {
      let next = state;
      for (const message of action.messages) if (isShopMessage(message)) next = apply(next, message);
      return next;
    }
    case 'tick': {
      let changed = false;
      const tabs: Record<string, TabView> = {};
      for (const [id, tab] of Object.entries(state.tabs)) {
        const quiet = !tab.closed && action.now - tab.lastSeen > 2 * TAB_QUIET_MS;
        changed ||= quiet;
        tabs[id] = quiet ? { ...tab, closed: true } : tab;
      }
      return changed ? { ...state, tabs } : state;
    }
    case 'clear':
      // The tabs and their machines stay (they are live); what happened so far goes.
      return { ...state, startedAt: action.now, events: [], conflicts: [], leaderChanges: [] };
  }
}

/** Open tabs not heard for TAB_QUIET_MS: the viewer asks them all to post again (a `sync`). */
export function quietTabs(state: DevtoolsState, now: number): string[] {
  return Object.values(state.tabs)
    .filter((tab) => !tab.closed && now - tab.lastSeen > TAB_QUIET_MS)
    .map((tab) => tab.tabId);
}

/** The active state paths of a state value: `idle`, `connected.idle`, or one per region of a parallel state. */
export function activePaths(value: JsonValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const inner = activePaths(child);
    return inner.length === 0 ? [key] : inner.map((path) => `${key}.${path}`);
  });
}

function isStateValue(value: JsonValue): value is StateValue {
  if (typeof value === 'string') return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every(isStateValue);
}

const RECORDABLE_STATUS = new Set(['active', 'done', 'error', 'stopped']);

function recordable(snapshot: ActorSnapshotView | null): MachineSnapshotInput | null {
  if (!snapshot || !isStateValue(snapshot.value)) return null;
  const status = RECORDABLE_STATUS.has(snapshot.status) ? (snapshot.status as MachineSnapshotInput['status']) : 'active';
  return { value: snapshot.value, status, context: snapshot.context };
}

/**
 * What the viewer saw, as a recording session (recording.ts exports it): every machine's first snapshot, then its
 * events with the states before and after, and the replication's conflicts and leadership changes, in time order.
 * Actors that are not machines (promises, callbacks) have no state value and are left out.
 */
export function recordingSession(state: DevtoolsState): RecordingSessionInput {
  const machines: RecordingSessionInput['machines'][number][] = [];
  const seen = new Set<string>();
  for (const tab of Object.values(state.tabs)) {
    for (const actor of Object.values(tab.actors)) {
      const initial = recordable(actor.initial);
      const key = `${tab.tabId}/${actor.machineId}`;
      if (!actor.machineId || !initial || seen.has(key)) continue;
      seen.add(key);
      machines.push({ machineId: actor.machineId, tabId: tab.tabId, initial });
    }
  }
  const timed: Array<{ at: number; order: number; entry: RecordingEntryInput }> = [];
  for (const event of state.events) {
    const after = recordable(event.after);
    if (!event.machineId || !after) continue;
    const before = event.before !== null && isStateValue(event.before) ? event.before : after.value;
    timed.push({
      at: event.at,
      order: timed.length,
      entry: { kind: 'event', at: event.at, tabId: event.tabId, machineId: event.machineId, event: { type: event.type, payload: event.payload }, source: event.source, before, after },
    });
  }
  for (const conflict of state.conflicts) {
    timed.push({
      at: conflict.at,
      order: timed.length,
      entry: { kind: 'replication', at: conflict.at, tabId: conflict.tabId, collection: conflict.collection, type: 'conflict', data: { id: conflict.id, local: conflict.local, server: conflict.server, result: conflict.result } },
    });
  }
  for (const change of state.leaderChanges) {
    timed.push({ at: change.at, order: timed.length, entry: { kind: 'replication', at: change.at, tabId: change.tabId, collection: '*', type: 'leader', data: { leader: change.leader } } });
  }
  timed.sort((a, b) => a.at - b.at || a.order - b.order);
  return { startedAt: state.startedAt, machines, entries: timed.map(({ entry }) => entry) };
}
