/**
 * The door to the customer session for the header and the cart, none of it on the first paint: the session module
 * (token lock, API gate, login and logout) loads and starts on the first call.
 */
import type * as SessionModule from './session.ts';

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
