/**
 * The visualizer's session recording: what a developer exports (and a shopper attaches to a bug report) and loads back
 * to replay step by step. One JSON file, versioned: the machines' first snapshots, then one timeline of machine
 * events, standalone snapshots and replication events in the order they happened.
 *
 * Export always redacts again (redact.ts), whatever the caller did; import never throws: it answers a result with a
 * code the visualizer translates, and redacts what it loaded too, so a file made under older rules shows no more.
 */
import { z } from 'zod/mini';
import { redact, type JsonValue } from './redact.ts';

export const RECORDING_FORMAT = 'horloge-devtools-recording';
export const RECORDING_VERSION = 1;
/** Larger files are refused before parsing: a tab would stall on them. */
export const RECORDING_MAX_CHARS = 64 * 1024 * 1024;

export type StateValue = string | { [region: string]: StateValue };

function isStateValue(value: unknown, depth = 0): value is StateValue {
  if (typeof value === 'string') return true;
  if (depth > 64 || value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((child) => isStateValue(child, depth + 1));
}

// zod lives in the shell's chunk with every part of it any chunk uses: these schemas use only the parts the shop uses
// too (no z.custom, no z.discriminatedUnion), so the visualizer adds nothing to a shopper's first load.
const StateValueSchema = z.unknown().check(z.refine((value) => isStateValue(value), 'is not a state value')) as unknown as z.ZodMiniType<StateValue>;
const JsonSchema = z.unknown() as z.ZodMiniType<JsonValue>;
const TimeSchema = z.number().check(z.minimum(0));
const IdSchema = z.string().check(z.minLength(1), z.maxLength(200));

export const EVENT_SOURCES = ['user', 'network', 'timer', 'other-tab', 'unknown'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

export const MachineSnapshotSchema = z.object({
  value: StateValueSchema,
  status: z.enum(['active', 'done', 'error', 'stopped']),
  context: JsonSchema,
  /** Invoked and spawned actors by id, with their status. */
  children: z.optional(z.record(z.string(), z.object({ status: z.optional(z.string()), machineId: z.optional(z.string()) }))),
  /** The error of a machine that stopped in error, redacted. */
  error: z.optional(JsonSchema),
});
export type MachineSnapshot = z.infer<typeof MachineSnapshotSchema>;

const EntryBase = { at: TimeSchema, tabId: z.optional(IdSchema) };

export const MachineEventEntrySchema = z.object({
  kind: z.literal('event'),
  ...EntryBase,
  machineId: IdSchema,
  event: z.object({ type: z.string().check(z.maxLength(200)), payload: z.optional(JsonSchema) }),
  source: z.enum(EVENT_SOURCES),
  before: StateValueSchema,
  after: MachineSnapshotSchema,
});

/** A snapshot without an event: a machine started, restarted or stopped. */
export const SnapshotEntrySchema = z.object({ kind: z.literal('snapshot'), ...EntryBase, machineId: IdSchema, snapshot: MachineSnapshotSchema });

/**
 * Something the replication of one collection did. `type` names it ('pull', 'push', 'checkpoint', 'stream', 'resync',
 * 'error', 'conflict', 'leader', …); `data` holds its documents, checkpoint, error or conflict (local, remote, result).
 */
export const ReplicationEntrySchema = z.object({
  kind: z.literal('replication'),
  ...EntryBase,
  collection: IdSchema,
  type: z.string().check(z.minLength(1), z.maxLength(64)),
  data: z.optional(JsonSchema),
});

/** One entry, by its `kind` (a union: firstIssue names the problem of the entry's own kind). */
export const RecordingEntrySchema = z.union([MachineEventEntrySchema, SnapshotEntrySchema, ReplicationEntrySchema]);
export type RecordingEntry = z.infer<typeof RecordingEntrySchema>;
export type MachineEventEntry = z.infer<typeof MachineEventEntrySchema>;
export type SnapshotEntry = z.infer<typeof SnapshotEntrySchema>;
export type ReplicationEntry = z.infer<typeof ReplicationEntrySchema>;

export const RecordedMachineSchema = z.object({ machineId: IdSchema, tabId: z.optional(IdSchema), initial: MachineSnapshotSchema });
export type RecordedMachine = z.infer<typeof RecordedMachineSchema>;

/** What a recording holds besides its header, redacted. */
export const RecordingSessionSchema = z.object({
  startedAt: TimeSchema,
  machines: z.array(RecordedMachineSchema),
  entries: z.array(RecordingEntrySchema),
});
export type RecordingSession = z.infer<typeof RecordingSessionSchema>;

export const RecordingSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  exportedAt: TimeSchema,
  ...RecordingSessionSchema.shape,
});
export type Recording = z.infer<typeof RecordingSchema>;

export type RecordingImportError =
  | { code: 'too-large'; message: string; chars: number }
  | { code: 'not-json'; message: string }
  | { code: 'not-a-recording'; message: string }
  | { code: 'too-new'; message: string; version: number }
  | { code: 'invalid'; message: string; path: string };

export type RecordingImport = { ok: true; recording: Recording } | { ok: false; error: RecordingImportError };

/** What the visualizer hands to `exportRecording`: contexts, payloads and data may be any value, redacted on the way. */
export type MachineSnapshotInput = Omit<MachineSnapshot, 'context' | 'error'> & { context: unknown; error?: unknown };
export type RecordingEntryInput =
  | (Omit<MachineEventEntry, 'event' | 'after'> & { event: { type: string; payload?: unknown }; after: MachineSnapshotInput })
  | (Omit<SnapshotEntry, 'snapshot'> & { snapshot: MachineSnapshotInput })
  | (Omit<ReplicationEntry, 'data'> & { data?: unknown });
export interface RecordingSessionInput {
  startedAt: number;
  machines: ReadonlyArray<Omit<RecordedMachine, 'initial'> & { initial: MachineSnapshotInput }>;
  entries: readonly RecordingEntryInput[];
}

/** Each machine's snapshot with its context and error redacted. */
function redactSnapshot(snapshot: MachineSnapshotInput): MachineSnapshot {
  const { error, ...rest } = snapshot;
  const redacted: MachineSnapshot = { ...rest, context: redact(snapshot.context) };
  if (error !== undefined) redacted.error = redact(error);
  return redacted;
}

function redactEntry(entry: RecordingEntryInput): RecordingEntry {
  switch (entry.kind) {
    case 'event': {
      const event: MachineEventEntry['event'] = { type: entry.event.type };
      if (entry.event.payload !== undefined) event.payload = redact(entry.event.payload);
      return { ...entry, event, after: redactSnapshot(entry.after) };
    }
    case 'snapshot':
      return { ...entry, snapshot: redactSnapshot(entry.snapshot) };
    case 'replication': {
      const { data, ...rest } = entry;
      return data === undefined ? rest : { ...rest, data: redact(data) };
    }
  }
}

function redactSession(session: RecordingSessionInput): RecordingSession {
  return {
    startedAt: session.startedAt,
    machines: session.machines.map((machine) => ({ ...machine, initial: redactSnapshot(machine.initial) })),
    entries: session.entries.map(redactEntry),
  };
}

/** Where an issue is; in a union of entry kinds, where the entry fails as its own kind (or its `kind` when none is). */
function issuePath(issue: z.core.$ZodIssue): PropertyKey[] {
  if (issue.code !== 'invalid_union') return issue.path;
  const ofItsKind = issue.errors.find((branch) => !branch.some((inner) => inner.path[0] === 'kind')) ?? issue.errors[0];
  const inner = ofItsKind?.[0];
  return inner ? [...issue.path, ...issuePath(inner)] : issue.path;
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issuePath(issue).map(String).join('.') || '(root)'}` : '(root)';
}

/**
 * The session as a recording file (JSON text), redacted whatever the caller did. A session that does not have the
 * recording's shape is a bug of the caller: it throws a TypeError naming the first wrong field.
 */
export function exportRecording(session: RecordingSessionInput, options: { exportedAt?: number } = {}): string {
  let redacted: RecordingSession;
  try {
    redacted = redactSession(session);
  } catch {
    throw new TypeError('recording: the session is not a recording session');
  }
  const parsed = RecordingSessionSchema.safeParse(redacted);
  if (!parsed.success) throw new TypeError(`recording: the session is not a recording session at ${firstIssue(parsed.error)}`);
  const recording: Recording = { format: RECORDING_FORMAT, version: RECORDING_VERSION, exportedAt: options.exportedAt ?? Date.now(), ...parsed.data };
  return JSON.stringify(recording);
}

/** A recording file read back, or why it cannot be; never throws. */
export function importRecording(text: string): RecordingImport {
  try {
    if (typeof text !== 'string') return { ok: false, error: { code: 'not-json', message: 'The file is not text.' } };
    if (text.length > RECORDING_MAX_CHARS) {
      return { ok: false, error: { code: 'too-large', message: `The file is too large to replay (${text.length} characters).`, chars: text.length } };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, error: { code: 'not-json', message: 'The file is not JSON.' } };
    }
    const header = raw as { format?: unknown; version?: unknown } | null;
    if (header === null || typeof header !== 'object' || Array.isArray(header) || header.format !== RECORDING_FORMAT) {
      return { ok: false, error: { code: 'not-a-recording', message: 'The file is not a recording of the shop\'s visualizer.' } };
    }
    if (typeof header.version === 'number' && Number.isInteger(header.version) && header.version > RECORDING_VERSION) {
      return {
        ok: false,
        error: { code: 'too-new', message: `The recording was made by a newer visualizer (version ${header.version}; this one reads up to ${RECORDING_VERSION}).`, version: header.version },
      };
    }
    const parsed = RecordingSchema.safeParse(raw);
    if (!parsed.success) {
      const path = firstIssue(parsed.error);
      return { ok: false, error: { code: 'invalid', message: `The recording is damaged at ${path}.`, path } };
    }
    return { ok: true, recording: { ...parsed.data, ...redactSession(parsed.data) } };
  } catch {
    return { ok: false, error: { code: 'invalid', message: 'The recording could not be read.', path: '(root)' } };
  }
}

export interface ReplayFrame {
  /** 0: before the first entry; n: after the first n entries. */
  readonly step: number;
  /** The entry this step applied (null at step 0). */
  readonly entry: Readonly<RecordingEntry> | null;
  /** The time of that entry (the recording's start at step 0). */
  readonly at: number;
  /** Every machine's snapshot after this step, by machine id (`tabId/machineId` when the entry names a tab). */
  readonly machines: Readonly<Record<string, Readonly<MachineSnapshot>>>;
}

export interface Replay {
  /** The number of entries: steps run from 0 to `length`. */
  readonly length: number;
  readonly entries: ReadonlyArray<Readonly<RecordingEntry>>;
  /** The frame after `step` entries; a step out of range is clamped, a fraction rounded down. */
  at(step: number): ReplayFrame;
}

/** Where a machine lives in a replay: tabs may run machines of the same id. */
export function replayKey(machineId: string, tabId?: string): string {
  return tabId === undefined ? machineId : `${tabId}/${machineId}`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A read-only step-through cursor over a recording: the state of every machine after any step. */
export function replay(recording: Recording): Replay {
  const entries = deepFreeze(structuredClone(recording.entries));
  const machines: Record<string, MachineSnapshot> = {};
  for (const machine of deepFreeze(structuredClone(recording.machines))) machines[replayKey(machine.machineId, machine.tabId)] = machine.initial;
  const frames: ReplayFrame[] = [Object.freeze({ step: 0, entry: null, at: recording.startedAt, machines: Object.freeze({ ...machines }) })];
  let current = frames[0]!.machines;
  entries.forEach((entry, index) => {
    if (entry.kind !== 'replication') {
      const snapshot = entry.kind === 'event' ? entry.after : entry.snapshot;
      current = Object.freeze({ ...current, [replayKey(entry.machineId, entry.tabId)]: snapshot });
    }
    frames.push(Object.freeze({ step: index + 1, entry, at: entry.at, machines: current }));
  });
  return Object.freeze({
    length: entries.length,
    entries,
    at(step: number): ReplayFrame {
      const index = Number.isFinite(step) ? Math.min(Math.max(Math.floor(step), 0), entries.length) : step > 0 ? entries.length : 0;
      return frames[index]!;
    },
  });
}
