/**
 * The visualizer's keyboard shortcut: in a shop tab with the visualizer on, Alt+Shift+D opens it in a new tab. Loaded
 * with the agent (agent-start.ts), so it is no part of the first load.
 */
import { DEVTOOLS_PATH } from './devtools-enabled.ts';

/** The shortcut: Alt+Shift+D (Option+Shift+D on a Mac), which browsers leave to the page. */
export const DEVTOOLS_SHORTCUT = 'Alt+Shift+D';

type Key = Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code' | 'repeat'>;

/** Alt+Shift+D by the key's place (a Mac's Option turns the letter into ∂), without Ctrl or Meta. */
export function isDevtoolsShortcut(event: Key): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.repeat && event.code === 'KeyD';
}

/** Opens the visualizer in a new tab on the shortcut; the new tab gets no handle on this one. */
export function listenForDevtoolsShortcut(target: Pick<Window, 'addEventListener' | 'open'> = window): void {
  target.addEventListener('keydown', (event) => {
    if (!isDevtoolsShortcut(event)) return;
    event.preventDefault();
    target.open(DEVTOOLS_PATH, '_blank', 'noopener');
  });
}

