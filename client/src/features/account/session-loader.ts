/**
 * The door to the customer session for the header and the cart, none of it on the first paint: the session module
 * (token lock, API gate, login and logout) loads and starts on the first call.
 */
import type * as SessionModule from './session.ts';
import { readUser } from './session-store.ts';

let session: Promise<typeof SessionModule> | undefined;

export function loadSessionModule(): Promise<typeof SessionModule> {
  session ??= import('./session.ts')
    .then(async (module) => {
      await module.startSession();
      return module;
    })
    .catch((error: unknown) => {
      session = undefined;
      throw error;
    });
  return session;
}

export async function loadSession(): Promise<void> {
  await loadSessionModule();
}

/**
 * Before a call that acts for the logged-in customer: the session's API gate, which puts the customer's token on the
 * call, is in place. A page opened directly (My orders, My reviews) would otherwise send its first call without it.
 */
export async function sessionReady(): Promise<void> {
  if (readUser()) await loadSessionModule();
}
