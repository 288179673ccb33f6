/**
 * Small formatting rules shared by the visualizer's replication and fault panels: a clock time with seconds, compact
 * JSON for a table cell, a checkpoint as "time · id", and which top-level keys of a conflict's states differ.
 */
import { localeOf } from '../../app/i18n.ts';
import type { JsonValue } from './redact.ts';

/** A time of day with seconds in the interface language (a developer compares events seconds apart). */
export function clockTime(at: number, language: string): string {
  return new Date(at).toLocaleTimeString(localeOf(language), { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** A value as one short line: strings as they are, anything else as JSON, cut at `max` characters. */
export function compactJson(value: JsonValue | undefined, max = 80): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isRecord = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TIME_KEYS = ['updatedAt', 'updated_at', 'lwt', 'serverTimestamp', 'time', 'at'];
const ID_KEYS = ['id', '_id', 'docId', 'sequence'];

function asTime(value: JsonValue | undefined): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value < 1e11 ? value * 1000 : value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** A pull checkpoint as "14:03:22 · cart-42" when it has a time and an id, else compact JSON; null before any pull. */
export function compactCheckpoint(checkpoint: JsonValue, language: string): string | null {
  if (checkpoint === null) return null;
  if (isRecord(checkpoint)) {
    const time = TIME_KEYS.map((key) => asTime(checkpoint[key])).find((value) => value !== null) ?? null;
    const id = ID_KEYS.map((key) => checkpoint[key]).find((value) => typeof value === 'string' || typeof value === 'number');
    const parts = [time === null ? null : clockTime(time, language), id === undefined ? null : compactJson(id, 24)].filter((part) => part !== null);
    if (parts.length > 0) return parts.join(' · ');
  }
  return compactJson(checkpoint, 40);
}

/** The top-level keys of documents, in the order they first appear; a table's columns. */
export function documentColumns(documents: readonly JsonValue[]): string[] {
  const columns = new Set<string>();
  for (const document of documents) if (isRecord(document)) for (const key of Object.keys(document)) columns.add(key);
  return [...columns];
}

export function field(document: JsonValue, key: string): JsonValue | undefined {
  return isRecord(document) ? document[key] : undefined;
}

export interface ConflictRow {
  /** The top-level key, or null when the states are not objects (the whole value is one row). */
  key: string | null;
  local: JsonValue | undefined;
  server: JsonValue | undefined;
  result: JsonValue | undefined;
  differs: boolean;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** A conflict's three states key by key, each key marked when the states do not all agree on it. */
export function conflictRows(local: JsonValue, server: JsonValue, result: JsonValue): ConflictRow[] {
  if (!isRecord(local) && !isRecord(server) && !isRecord(result)) {
    return [{ key: null, local, server, result, differs: !same(local, server) || !same(server, result) }];
  }
  const keys = documentColumns([local, server, result]);
  return keys.map((key) => {
    const row = { local: field(local, key), server: field(server, key), result: field(result, key) };
    return { key, ...row, differs: !same(row.local, row.server) || !same(row.server, row.result) };
  });
}
