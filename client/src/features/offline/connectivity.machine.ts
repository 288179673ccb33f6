/**
 * The tab's connectivity as the shop's network layer sees it (app/network.ts): online, or offline because the
 * browser lost its network or because the visualizer's offline switch is on (a real loss wins when both are).
 * It decides nothing for the shop (the runtimes listen to `onShopOnline`): it is what the visualizer draws, and the
 * record of when and why the tab went offline.
 *
 * Pure: the runtime (connectivity-runtime.ts) tells it every change with `network.changed`.
 */
import { assign, setup } from 'xstate';

export interface ConnectivityInput {
  browserOnline: boolean;
  switchOffline: boolean;
}

export interface ConnectivityContext extends ConnectivityInput {
  /** When the last change was heard (ms since the epoch), null before any. */
  changedAt: number | null;
  /** How many changes were heard. */
  changes: number;
}

export type ConnectivityEvent = { type: 'network.changed'; browserOnline: boolean; switchOffline: boolean; at: number };

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    input: {} as ConnectivityInput,
  },
  guards: {
    browserOffline: ({ context }) => !context.browserOnline,
    switchOffline: ({ context }) => context.switchOffline,
  },
  actions: {
    record: assign(({ context, event }) => ({
      browserOnline: event.browserOnline,
      switchOffline: event.switchOffline,
      changedAt: event.at,
      changes: context.changes + 1,
    })),
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ browserOnline: input.browserOnline, switchOffline: input.switchOffline, changedAt: null, changes: 0 }),
  initial: 'deciding',
  on: {
    'network.changed': { target: '.deciding', actions: 'record' },
  },
  states: {
    deciding: {
      always: [{ guard: 'browserOffline', target: 'offline.byBrowser' }, { guard: 'switchOffline', target: 'offline.bySwitch' }, { target: 'online' }],
    },
    online: {},
    offline: {
      initial: 'byBrowser',
      states: {
        /** The browser has no network (navigator.onLine and its events). */
        byBrowser: {},
        /** The visualizer's offline switch is on; the browser has a network. */
        bySwitch: {},
      },
    },
  },
});
