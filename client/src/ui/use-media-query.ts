import { useSyncExternalStore } from 'react';

/**
 * Whether `query` matches, or null while it cannot be known: on the server and while the browser hydrates a page the
 * server rendered. A component then renders both layouts, each hidden by the same query in CSS, so the first paint
 * is right at any width and hydration matches the server's markup.
 */
export function useMediaMatch(query: string): boolean | null {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
