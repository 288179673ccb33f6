/**
 * The shop tab's side of the developers' visualizer (issue 15): loaded after the page is idle, only when the visualizer
 * is on (devtools-enabled.ts). It speaks devtools-protocol.ts on the same-origin `DEVTOOLS_CHANNEL`:
 * - it keeps every live actor of this tab (from the inspection layer's `@xstate.actor` events) and, while no viewer
 *   has been heard within `VIEWER_GONE_MS`, posts nothing: an inspected event costs a map write for a new actor and one
 *   boolean check otherwise;
 * - when a viewer appears, or asks `sync`, it posts hello, each live actor with its current snapshot, the leadership,
 *   the replication report and the fault switches; from then on every actor, event (with its source) and snapshot;
 * - `leader` when this tab becomes the replication's leader, `replication` reports (throttled) fed by the replication's
 *   event feed and the local database's changes, `conflict` for each conflict the merge resolved, `docs` for a
 *   `docs-request` (the leading tab only), `faults` whenever a fault switch changed;
 * - it applies the `fault` commands meant for it (its tab id, or every tab).
 * Every value it posts is redacted (redact.ts); document searches match the redacted text only.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { COLLECTION_NAMES } from '@shop/shared/sync/collections';
import type { ReplicationEvent } from '../sync/replication-events.ts';
import { inspectionMessage, type DevtoolsMessage } from './devtools-channel.ts';
import {
  VIEWER_GONE_MS,
  type CollectionReport,
  type FaultCommand,
  type FaultState,
  type QueueTaskReport,
  type ShopReport,
  type ViewerMessage,
} from './devtools-protocol.ts';
import { displayPath, taskMeta } from '@shop/shared/sync/sync-task';
import type { SyncTaskDoc } from '@shop/shared/sync/sync-task.schema';
import { actorStopped, type InspectionSink } from './inspection.ts';
import { redact, redactText, type JsonValue } from './redact.ts';

/** Everything a shop tab posts. */
export type AgentMessage = DevtoolsMessage | ShopReport;

/** At most one replication report per this many ms (a viewer's `sync` gets one at once). */
export const REPORT_THROTTLE_MS = 200;
/** A `docs` answer holds at most this many documents (with the number that matched). */
export const DOCS_CAP = 500;
/** Collections with a queue: what went to the server (`transmited`) and what waits (sync tasks: the `queue` report). */
const QUEUES: ReadonlySet<string> = new Set(['orders']);

/** The part of a BroadcastChannel the agent uses (a test gives its own). */
export interface AgentChannel {
  postMessage(message: AgentMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

/** The local database as the agent reads it (the shop's RxDB database fits). */
export interface AgentDatabase {
  isLeader(): boolean;
  waitForLeadership(): Promise<unknown>;
  readonly $: { subscribe(listener: () => void): { unsubscribe(): void } };
  readonly collections: Record<string, AgentCollection | undefined>;
}
interface AgentCollection {
  count(query?: { selector: Record<string, unknown> }): { exec(): Promise<number> };
  find(): { exec(): Promise<ReadonlyArray<{ toJSON(): unknown }>> };
}

/** The sync runtime as the agent reads it (sync-runtime.ts fits). */
export interface AgentSync {
  scope(): { kind: string } | null;
  replication(): { unsent(): Promise<Partial<Record<string, string[]>> | null> } | null;
}

/** The sync task queue as the agent reads it (task-queue.ts's `rows` fits). */
export interface AgentTasks {
  rows(): Promise<ReadonlyArray<{ doc: SyncTaskDoc; status: QueueTaskReport['status']; reason?: string; step?: string }>>;
}

/** One task as the visualizer may see it: no payload body, no query, the error text redacted. */
export function queueTaskReport(row: { doc: SyncTaskDoc; status: QueueTaskReport['status']; reason?: string; step?: string }): QueueTaskReport {
  const { doc } = row;
  const meta = taskMeta(doc);
  const attachments = meta.attachments ?? [];
  return {
    id8: doc.id.slice(0, 8),
    kind: meta.kind,
    method: doc.payload.method,
    path: redactText(displayPath(doc.url)),
    status: row.status,
    reason: row.reason === undefined ? null : redactText(row.reason),
    step: row.step ?? null,
    attempts: meta.attempts,
    lastError: meta.lastError === undefined ? null : redactText(meta.lastError),
    resultCode: doc.resultCode ?? (row.status === 'failed' && !doc.transmited ? (meta.lastCode ?? null) : null),
    auth: meta.auth,
    photos: { count: attachments.length, bytes: attachments.reduce((sum, item) => sum + (item.bytes || 0), 0), uploaded: attachments.filter((item) => item.uploaded).length },
    created_at: doc.created_at,
    transmited_at: doc.transmited_at ?? null,
    nextAttemptAt: meta.nextAttemptAt ?? null,
  };
}

/** The network layer's fault switches (client/src/app/network.ts). */
export interface FaultSwitches {
  faultState(): FaultState;
  applyFault(command: FaultCommand): void;
  onFaults(listener: (faults: FaultState) => void): () => void;
}

export interface AgentOptions {
  tabId: string;
  channel: AgentChannel;
  /** Installs the inspection sink (inspection.ts's `setInspectionSink`); answers the one it replaced. */
  installSink(sink: InspectionSink | null): InspectionSink | null;
  /** The actors created before the agent started (inspection.ts keeps them). */
  liveActors?: () => unknown[];
  /** The tab's database and sync runtime once they run (null before: the agent looks again). */
  pieces(): { database: AgentDatabase | null; sync: AgentSync | null; tasks?: AgentTasks | null };
  onReplicationEvent(listener: (event: ReplicationEvent) => void): () => void;
  faults: FaultSwitches;
  /** Replaces the stored access token by one the server refuses, keeping the refresh token. */
  expireToken(): void;
  /** Makes the next push of one document come back as a conflict. */
  forceConflict(collection: string, id: string): void;
  url?: () => string;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface ShopAgent {
  /** A viewer has been heard within VIEWER_GONE_MS. */
  viewing(): boolean;
  /** Inspection events handled (for the bench). */
  handled(): number;
  stop(): void;
}

/** What the feed tells of one collection; the report adds the counts read from the database. */
type CollectionState = Omit<CollectionReport, 'name' | 'documents' | 'pending' | 'queue' | 'checkpoint'> & { checkpoint: unknown };

const newCollectionState = (): CollectionState => ({ checkpoint: null, stream: 'none', resyncs: 0, error: null, errorAt: null, nextRetryAt: null, active: false });

/** The replication feed's event as it changes a collection's state; answers whether the report changed. */
export function foldReplicationEvent(state: CollectionState, event: ReplicationEvent): boolean {
  switch (event.type) {
    case 'stream':
      state.stream = event.state;
      return true;
    case 'resync':
      state.resyncs += 1;
      return true;
    case 'pull':
      state.checkpoint = event.checkpoint ?? state.checkpoint;
      state.error = null;
      state.nextRetryAt = null;
      return true;
    case 'push':
      state.error = null;
      state.nextRetryAt = null;
      return true;
    case 'error':
      state.error = event.message;
      state.errorAt = event.at;
      state.nextRetryAt = event.nextRetryAt;
      return true;
    case 'started':
      state.active = true;
      return true;
    case 'cancelled':
      state.active = false;
      if (state.stream !== 'none') state.stream = 'stopped';
      return true;
    case 'conflict':
      return true;
  }
}

/** Whether a document's redacted text holds the query (case-insensitive; an empty query matches all). */
export function documentMatches(redacted: JsonValue, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  return wanted === '' || JSON.stringify(redacted).toLowerCase().includes(wanted);
}

function isViewerMessage(data: unknown): data is ViewerMessage {
  if (!data || typeof data !== 'object') return false;
  const { kind, viewerId } = data as { kind?: unknown; viewerId?: unknown };
  return typeof viewerId === 'string' && (kind === 'viewer' || kind === 'viewer-bye' || kind === 'sync' || kind === 'docs-request' || kind === 'fault');
}

export function startAgent(options: AgentOptions): ShopAgent {
  const { tabId, channel, faults } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const url = options.url ?? (() => (typeof location === 'undefined' ? '' : location.pathname));

  /** Live actors by session id; stopped ones are dropped when the list is read. */
  const actors = new Map<string, AnyActorRef>();
  for (const ref of (options.liveActors?.() ?? []) as AnyActorRef[]) actors.set(ref.sessionId, ref);
  const viewers = new Map<string, number>();
  const collections = new Map<string, CollectionState>(COLLECTION_NAMES.map((name) => [name, newCollectionState()]));
  let live = false;
  let handled = 0;
  let goneTimer: unknown = null;
  let reportTimer: unknown = null;
  let lastReportAt = -Infinity;
  let stopped = false;
  let leader = false;
  let attached: AgentDatabase | null = null;
  let detach: Array<() => void> = [];
  let lookTimer: unknown = null;

  const post = (message: AgentMessage) => {
    if (!stopped) channel.postMessage(message);
  };

  const sink: InspectionSink = (event: InspectionEvent) => {
    handled += 1;
    if (event.type === '@xstate.actor') {
      const ref = event.actorRef as AnyActorRef;
      actors.set(ref.sessionId, ref);
    }
    if (!live) return;
    const message = inspectionMessage(event, tabId, now());
    if (message) post(message);
  };

  const liveActors = (): AnyActorRef[] => {
    // An actor created and not started yet has no snapshot.
    for (const [id, ref] of actors) if (actorStopped(ref)) actors.delete(id);
    return [...actors.values()];
  };

  // Actors of a page left behind pile up between syncs: every so often the stopped ones go.
  let pruneTimer: unknown = null;
  const prune = () => {
    if (stopped) return;
    liveActors();
    pruneTimer = setTimer(prune, 30_000);
  };
  pruneTimer = setTimer(prune, 30_000);

  const postFaults = () => post({ kind: 'faults', tabId, at: now(), faults: faults.faultState() });

  async function replicationReport(): Promise<ShopReport | null> {
    const { database, sync } = options.pieces();
    const isLeader = database?.isLeader() ?? false;
    const replication = isLeader ? (sync?.replication() ?? null) : null;
    const unsent = replication ? await replication.unsent().catch(() => null) : null;
    const reports: CollectionReport[] = [];
    for (const name of COLLECTION_NAMES) {
      const state = collections.get(name) ?? newCollectionState();
      const collection = database?.collections[name];
      const documents = collection ? await collection.count().exec() : 0;
      const report: CollectionReport = {
        name,
        documents,
        pending: unsent === null ? null : (unsent[name]?.length ?? 0),
        checkpoint: redact(state.checkpoint ?? null),
        stream: state.stream,
        resyncs: state.resyncs,
        error: state.error === null ? null : redactText(state.error),
        errorAt: state.errorAt,
        nextRetryAt: state.nextRetryAt,
        active: state.active,
      };
      if (collection && QUEUES.has(name)) {
        const transmitted = await collection.count({ selector: { transmited: true } }).exec();
        report.queue = { transmitted, waiting: documents - transmitted };
      }
      reports.push(report);
    }
    return { kind: 'replication', tabId, at: now(), leader: isLeader, owner: sync?.scope()?.kind ?? null, collections: reports };
  }

  async function queueReport(): Promise<ShopReport | null> {
    const { database, tasks } = options.pieces();
    if (!tasks) return null;
    const rows = await tasks.rows();
    return { kind: 'queue', tabId, at: now(), leader: database?.isLeader() ?? false, tasks: rows.map(queueTaskReport) };
  }

  const sendReport = () => {
    reportTimer = null;
    lastReportAt = now();
    void Promise.all([replicationReport(), queueReport()])
      .then((reports) => {
        for (const report of reports) if (report && live) post(report);
      })
      .catch(() => {
        // A database closing under the report: the next one tells.
      });
  };

  /** A replication report soon: at most one per REPORT_THROTTLE_MS. */
  const scheduleReport = () => {
    if (!live || reportTimer !== null || stopped) return;
    reportTimer = setTimer(sendReport, Math.max(0, lastReportAt + REPORT_THROTTLE_MS - now()));
  };

  /** Finds the database once the cart runtime made it, and follows its changes and its leadership. */
  const attach = () => {
    if (attached || stopped) return;
    const { database } = options.pieces();
    if (!database) return;
    attached = database;
    if (lookTimer !== null) clearTimer(lookTimer);
    lookTimer = null;
    const changes = database.$.subscribe(() => scheduleReport());
    detach.push(() => changes.unsubscribe());
    leader = database.isLeader();
    if (!leader) {
      void database.waitForLeadership().then(() => {
        if (stopped || leader) return;
        leader = true;
        if (live) post({ kind: 'leader', tabId, at: now(), leader: true });
        scheduleReport();
      });
    }
  };
  const lookForDatabase = () => {
    lookTimer = null;
    attach();
    if (!attached && !stopped) lookTimer = setTimer(lookForDatabase, 1_000);
  };

  /** Everything this tab has, for a viewer that just appeared or asked. */
  const announce = () => {
    attach();
    const at = now();
    post({ kind: 'hello', tabId, at, url: url() });
    for (const ref of liveActors()) {
      const actor = inspectionMessage({ type: '@xstate.actor', actorRef: ref, rootId: ref.sessionId } as InspectionEvent, tabId, at);
      if (actor) post(actor);
      let current: unknown;
      try {
        current = ref.getSnapshot();
      } catch {
        current = undefined;
      }
      if (current === undefined) continue;
      const snapshot = inspectionMessage(
        { type: '@xstate.snapshot', actorRef: ref, rootId: ref.sessionId, snapshot: current, event: { type: '' } } as unknown as InspectionEvent,
        tabId,
        at,
      );
      if (snapshot) post(snapshot);
    }
    post({ kind: 'leader', tabId, at, leader: attached?.isLeader() ?? false });
    postFaults();
    if (reportTimer !== null) clearTimer(reportTimer);
    sendReport();
  };

  const forgetGoneViewers = () => {
    goneTimer = null;
    const cutoff = now() - VIEWER_GONE_MS;
    for (const [id, heard] of viewers) if (heard <= cutoff) viewers.delete(id);
    live = viewers.size > 0;
    if (live) goneTimer = setTimer(forgetGoneViewers, Math.max(1, Math.min(...viewers.values()) + VIEWER_GONE_MS - now()));
  };

  /** A viewer spoke: it is (still) there; answers whether it is new. */
  const heard = (viewerId: string): boolean => {
    const known = viewers.has(viewerId);
    viewers.set(viewerId, now());
    live = true;
    if (goneTimer === null) goneTimer = setTimer(forgetGoneViewers, VIEWER_GONE_MS);
    return !known;
  };

  async function answerDocs(request: Extract<ViewerMessage, { kind: 'docs-request' }>) {
    const { database } = options.pieces();
    if (!database?.isLeader()) return;
    // The replicated collections only: the sync tasks' payloads (bodies, proof headers) are never shown, only the queue
    // report's summary of each task (`queueTaskReport`).
    const replicated = (COLLECTION_NAMES as readonly string[]).includes(request.collection);
    const collection = replicated ? database.collections[request.collection] : undefined;
    const found = collection ? await collection.find().exec() : [];
    const matching: JsonValue[] = [];
    for (const doc of found) {
      const redacted = redact(doc.toJSON());
      if (documentMatches(redacted, request.query)) matching.push(redacted);
    }
    post({ kind: 'docs', tabId, at: now(), requestId: request.requestId, collection: request.collection, documents: matching.slice(0, DOCS_CAP), total: matching.length });
  }

  const applyFault = (command: FaultCommand) => {
    let reported = false;
    const listening = faults.onFaults(() => void (reported = true));
    try {
      if (command.type === 'expire-token') options.expireToken();
      else if (command.type === 'force-conflict') options.forceConflict(command.collection, command.id);
      else faults.applyFault(command);
    } finally {
      listening();
    }
    // The switch's own report went out through onFaults; a command that changes no switch is answered too.
    if (!reported) postFaults();
  };

  channel.onmessage = (event) => {
    const message = event.data;
    if (stopped || !isViewerMessage(message)) return;
    switch (message.kind) {
      case 'viewer':
        if (heard(message.viewerId)) announce();
        return;
      case 'sync':
        heard(message.viewerId);
        announce();
        return;
      case 'viewer-bye':
        viewers.delete(message.viewerId);
        live = viewers.size > 0;
        return;
      case 'docs-request':
        heard(message.viewerId);
        void answerDocs(message).catch(() => undefined);
        return;
      case 'fault':
        heard(message.viewerId);
        if (message.tabId === null || message.tabId === tabId) applyFault(message.fault);
        return;
    }
  };

  detach.push(
    options.onReplicationEvent((event) => {
      const state = collections.get(event.collection) ?? collections.set(event.collection, newCollectionState()).get(event.collection)!;
      foldReplicationEvent(state, event);
      if (!live) return;
      if (event.type === 'conflict') {
        post({ kind: 'conflict', tabId, at: event.at, collection: event.collection, id: event.id, local: redact(event.local), server: redact(event.server), result: redact(event.result) });
      }
      scheduleReport();
    }),
    faults.onFaults((state) => {
      if (live) post({ kind: 'faults', tabId, at: now(), faults: state });
    }),
  );

  const before = options.installSink(sink);
  lookForDatabase();

  return {
    viewing: () => live,
    handled: () => handled,
    stop: () => {
      if (stopped) return;
      if (live) post({ kind: 'bye', tabId, at: now() });
      stopped = true;
      live = false;
      options.installSink(before);
      for (const undo of detach) undo();
      detach = [];
      for (const timer of [goneTimer, reportTimer, lookTimer, pruneTimer]) if (timer !== null) clearTimer(timer);
      channel.onmessage = null;
      channel.close();
    },
  };
}
