/**
 * What the shop's tabs and the visualizer's tab say to each other on the same-origin BroadcastChannel
 * (`DEVTOOLS_CHANNEL`, issue 15). Shop tabs speak `DevtoolsMessage`s (devtools-channel.ts has the machine ones),
 * the visualizer speaks `ViewerMessage`s. Every value a shop tab sends is redacted before it leaves the tab.
 *
 * The conversation:
 * - the visualizer announces itself with `viewer` every `VIEWER_HEARTBEAT_MS`; a shop tab posts its machines only
 *   while it has heard a viewer within `VIEWER_GONE_MS` (with none, an inspected event costs one check);
 * - a shop tab that hears a new viewer, or a `sync`, posts everything it has: `hello`, each live actor with its
 *   current snapshot, its replication report, its sync task queue and its fault switches;
 * - from then on it posts every actor, event and snapshot as they happen, a `replication` report when anything in it
 *   changed, each `conflict` the merge resolved, and `faults` when a switch changed;
 * - `docs-request` asks the tabs for one collection's documents; the tab that leads replication answers with `docs`
 *   (every tab shares the local database, one answer is enough);
 * - `fault` flips a switch in one tab (`tabId`) or in every tab (null).
 */
import type { JsonValue } from './redact.ts';
import type { EventSource } from './recording.ts';

export const VIEWER_HEARTBEAT_MS = 2_000;
export const VIEWER_GONE_MS = 6_000;

/** How a failing route fails. */
export type FaultOutcome = 401 | 500 | 'timeout';

/** One "the next N calls to this route fail" switch. */
export interface RouteFault {
  /** A path prefix of the shop's API (`/api/user`, `/api/cart/`); matched against the call's path. */
  route: string;
  /** Only calls of this method (GET, POST, …); null: any. */
  method: string | null;
  outcome: FaultOutcome;
  /** Calls still to fail. */
  remaining: number;
}

/** The fault switches of one tab, as its network layer holds them. */
export interface FaultState {
  /** The shop's own network layer is offline: every call fails as with no network, the shop hears `offline`. */
  offline: boolean;
  routes: RouteFault[];
  /** Every message of the replication's event stream reaches the shop this much later. */
  streamDelayMs: number;
  /** Documents whose next push comes back as a conflict (the server's state changed under them). */
  conflicts: Array<{ collection: string; id: string }>;
}

export const NO_FAULTS: FaultState = { offline: false, routes: [], streamDelayMs: 0, conflicts: [] };

export type FaultCommand =
  | { type: 'offline'; on: boolean }
  | { type: 'fail-route'; route: string; method: string | null; outcome: FaultOutcome; count: number }
  | { type: 'expire-token' }
  | { type: 'delay-stream'; ms: number }
  | { type: 'force-conflict'; collection: string; id: string }
  | { type: 'clear' };

/** The event stream of one collection (only streamed collections have one). */
export type StreamState = 'none' | 'connecting' | 'open' | 'retrying' | 'stopped';

/** One collection's replication, as the tab that reports it sees it. */
export interface CollectionReport {
  name: string;
  /** Documents in the local database (deleted ones not counted). */
  documents: number;
  /** Local writes that have not reached the server; null where this tab does not replicate (it does not lead). */
  pending: number | null;
  /** The last pull checkpoint (redacted), null before the first pull. */
  checkpoint: JsonValue;
  stream: StreamState;
  /** RESYNCs the stream delivered (each (re)connect is one). */
  resyncs: number;
  /** The last error of a pull or push (message), null once one succeeded after it. */
  error: string | null;
  errorAt: number | null;
  /** When RxDB tries again after that error. */
  nextRetryAt: number | null;
  /** The replication runs (started, not cancelled) in this tab. */
  active: boolean;
  /** For the orders queue: what went to the server and what waits. */
  queue?: { transmitted: number; waiting: number };
}

/**
 * One sync task as the visualizer shows it (decision 042): what it is, where it goes, how far it got and why it
 * waits or failed. Never the payload's body (personal data): only its kind, the path without query, counts and codes.
 */
export interface QueueTaskReport {
  /** The first 8 characters of the task id. */
  id8: string;
  kind: string;
  method: string;
  /** Placeholders ({{token}}, {{cartId}}) kept, the query dropped. */
  path: string;
  status: 'preparing' | 'pending' | 'sending' | 'sent' | 'failed';
  /** Why it waits (offline, not-leader, waiting-lock, waiting-cart, waiting-customer, backoff, queued), 'cached', or the failure's message (redacted). */
  reason: string | null;
  /** The runner's step while it holds the task (captcha, uploading, sending, …). */
  step: string | null;
  attempts: number;
  lastError: string | null;
  resultCode: number | null;
  auth: 'public' | 'customer';
  photos: { count: number; bytes: number; uploaded: number };
  created_at: number;
  transmited_at: number | null;
  nextAttemptAt: number | null;
}

interface Common {
  tabId: string;
  at: number;
}

/** What shop tabs post besides the machine messages of devtools-channel.ts. */
export type ShopReport =
  | (Common & { kind: 'replication'; leader: boolean; owner: string | null; collections: CollectionReport[] })
  | (Common & { kind: 'leader'; leader: boolean })
  | (Common & { kind: 'conflict'; collection: string; id: string; local: JsonValue; server: JsonValue; result: JsonValue })
  | (Common & { kind: 'docs'; requestId: string; collection: string; documents: JsonValue[]; total: number })
  | (Common & { kind: 'faults'; faults: FaultState })
  | (Common & { kind: 'queue'; leader: boolean; tasks: QueueTaskReport[] });

/** What the visualizer posts. */
export type ViewerMessage =
  | { kind: 'viewer'; viewerId: string; at: number }
  | { kind: 'viewer-bye'; viewerId: string; at: number }
  | { kind: 'sync'; viewerId: string; at: number }
  | { kind: 'docs-request'; viewerId: string; at: number; requestId: string; collection: string; query: string }
  | { kind: 'fault'; viewerId: string; at: number; tabId: string | null; fault: FaultCommand };

export type { EventSource };
