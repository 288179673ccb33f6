/**
 * The customer session as this device keeps it (spec 2 §3 'User'), in localStorage under one key, and the UI flag
 * `authElem` (which form the login modal shows). Small and free of XState and RxDB, so that the header can read it
 * beside the first paint. Every tab reads the same record: a login, logout or token refresh in one tab reaches the
 * others through the `storage` event (decision: docs/decisions, "customer session on the device").
 */
import type { CustomerProfile } from '@shop/shared/account/account.schema';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { useSyncExternalStore } from 'react';

export const USER_KEY = 'shop.user';

export interface SessionUser {
  token: string;
  refreshToken: string;
  /** When the access token runs out (ms since the epoch), as the server said at login or refresh. */
  expiresAt: number;
  /** A random id per login: the replication started under one login never sends for another. */
  sessionId: string;
  current: CustomerProfile | null;
  orders_history: OrderDoc[];
  orders_total: number;
  session_started: number;
}

export type AuthElem = 'login' | 'register' | 'forgot';

function parse(text: string | null): SessionUser | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionUser> | null;
    // Untrusted stored data: a record without its tokens is no session.
    if (!value || typeof value.token !== 'string' || typeof value.refreshToken !== 'string' || typeof value.sessionId !== 'string') return null;
    return {
      token: value.token,
      refreshToken: value.refreshToken,
      expiresAt: Number(value.expiresAt) || 0,
      sessionId: value.sessionId,
      current: value.current ?? null,
      orders_history: Array.isArray(value.orders_history) ? value.orders_history : [],
      orders_total: Number(value.orders_total) || 0,
      session_started: Number(value.session_started) || 0,
    };
  } catch {
    return null;
  }
}

let cachedText: string | null | undefined;
let cachedUser: SessionUser | null = null;

/** The stored user, or null for a guest. Read afresh on every call (another tab may have refreshed the token). */
export function readUser(): SessionUser | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(USER_KEY);
  } catch {
    text = memory;
  }
  if (text !== cachedText) {
    cachedText = text;
    cachedUser = parse(text);
  }
  return cachedUser;
}

// When storage is refused (private mode), the session lives as long as the tab.
let memory: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function writeUser(user: SessionUser | null): void {
  const text = user ? JSON.stringify(user) : null;
  memory = text;
  try {
    if (text === null) localStorage.removeItem(USER_KEY);
    else localStorage.setItem(USER_KEY, text);
  } catch {
    // Kept in memory only.
  }
  emit();
}

export function updateUser(change: (user: SessionUser) => SessionUser): SessionUser | null {
  const user = readUser();
  if (!user) return null;
  const next = change(user);
  writeUser(next);
  return next;
}

let listening = false;
function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('storage', (event) => {
    if (event.key === USER_KEY || event.key === null) emit();
  });
}

export function subscribeUser(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeUser, readUser, () => null);
}

// The login modal: which form it shows, null when closed (spec 2 §3 UI flags: authElem, default login).
let authElem: AuthElem | null = null;
const modalListeners = new Set<() => void>();

function setAuthElem(elem: AuthElem | null): void {
  authElem = elem;
  for (const listener of modalListeners) listener();
}

export function openAuth(elem: AuthElem = 'login'): void {
  setAuthElem(elem);
}

export function closeAuth(): void {
  setAuthElem(null);
}

export function useAuthElem(): AuthElem | null {
  return useSyncExternalStore(
    (listener) => {
      modalListeners.add(listener);
      return () => modalListeners.delete(listener);
    },
    () => authElem,
    () => null,
  );
}
