import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isAbort } from './api.ts';
import { onServer, wantOnServer } from './server-pass.ts';

/**
 * A small keyed cache of loaded data, so going back to a page shows it at once. Answers are kept for a few
 * minutes; failures are never kept, so a retry really asks again, and neither are answers made up while offline
 * (marked `offline: true`), so the same key asks again once the connection is back.
 */
const TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: unknown }>();
const inFlight = new Map<string, Promise<unknown>>();

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return Promise.resolve(hit.value as T);
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const promise = load().then(
    (value) => {
      if (!isOfflineStandIn(value)) cache.set(key, { at: Date.now(), value });
      inFlight.delete(key);
      return value;
    },
    (error: unknown) => {
      inFlight.delete(key);
      throw error;
    },
  );
  inFlight.set(key, promise);
  return promise;
}

function isOfflineStandIn(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { offline?: unknown }).offline === true;
}

export function peekCached<T>(key: string): T | undefined {
  const hit = cache.get(key);
  return hit && Date.now() - hit.at < TTL_MS ? (hit.value as T) : undefined;
}

export function clearCache(): void {
  cache.clear();
  seededKeys.length = 0;
}

/** The answers held now, for a page rendered on the server to hand to the browser (offline stand-ins are never held). */
export function cachedEntries(): Array<[string, unknown]> {
  return [...cache.entries()].map(([key, hit]) => [key, hit.value]);
}

/** The answers a page rendered on the server used: the browser's first render shows what the server's did. */
export function seedCache(entries: ReadonlyArray<readonly [string, unknown]>): void {
  const at = Date.now();
  for (const [key, value] of entries) {
    cache.set(key, { at, value });
    seededKeys.push(key);
  }
}

const seededKeys: string[] = [];

/** The addresses of the API reads the server made for this page (a key that holds one): the browser never asked them. */
export function seededReads(): string[] {
  return seededKeys.flatMap((key) => {
    const at = key.indexOf('/api/');
    return at >= 0 ? [key.slice(at)] : [];
  });
}

export interface Resource<T> {
  data: T | undefined;
  error: Error | undefined;
  /** True while the answer for the current key is on its way (old data may still be shown). */
  loading: boolean;
  retry: () => void;
}

/**
 * Loads `key` through `cached`; while a new key loads, the previous data stays on screen so filters do not
 * flash a skeleton. A null key loads nothing.
 */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: Error | undefined }>({ key: null, data: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);
  const loadNow = useEffectEvent(() => load());

  useEffect(() => {
    if (key === null) return;
    let live = true;
    cached(key, loadNow).then(
      (data) => {
        if (live) setState({ key, data, error: undefined });
      },
      (error: unknown) => {
        if (live && !isAbort(error)) setState((previous) => ({ key, data: previous.data, error: error instanceof Error ? error : new Error(String(error)) }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => {
    setState((previous) => ({ key: null, data: previous.data, error: undefined }));
    setAttempt((n) => n + 1);
  }, []);

  const current = state.key === key ? state : undefined;
  // A cached answer shows at once, on the first render, without waiting for the effect.
  const fromCache = current?.data === undefined && key !== null ? peekCached<T>(key) : undefined;
  // On the server effects never run: the page asks for its data before the next pass (server-pass.ts).
  if (onServer && key !== null && fromCache === undefined) wantOnServer(`resource ${key}`, () => cached(key, load));
  const data = current?.data ?? fromCache ?? state.data;
  const error = current?.error;
  return { data, error, loading: key !== null && current?.data === undefined && fromCache === undefined && error === undefined, retry };
}
