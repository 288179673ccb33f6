/**
 * Starts the visualizer's agent (agent.ts) in a shop tab with the tab's real pieces: the inspection layer, the
 * same-origin channel, the replication's event feed, the network layer's fault switches, the session store and the
 * cart runtime's database and sync runtime (from the devtools registry); and the shortcut that opens the visualizer.
 * main.tsx imports this once the page is idle, and only when the visualizer is on.
 */
import type { ShopDatabase } from '../../app/database.ts';
import { updateUser } from '../account/session-store.ts';
import type { SyncRuntime } from '../sync/sync-runtime.ts';
import { forceConflict } from '../sync/force-conflict.ts';
import { onReplicationEvent } from '../sync/replication-events.ts';
import { startAgent, type AgentChannel, type AgentDatabase, type AgentSync, type AgentTasks, type ShopAgent } from './agent.ts';
import { DEVTOOLS_CHANNEL } from './devtools-channel.ts';
import { exposeToDevtools, type ShopDevtools } from './devtools-registry.ts';
import { listenForDevtoolsShortcut } from './devtools-shortcut.ts';
import { liveActors, setInspectionSink } from './inspection.ts';
import { applyFault, faultState, onFaults } from './network-faults.ts';

/** The pieces of the running shop the agent reads, from the devtools registry (cart-runtime.ts exposes them). */
export function shopPieces(scope: { __shopDevtools?: ShopDevtools } = globalThis as { __shopDevtools?: ShopDevtools }): {
  database: AgentDatabase | null;
  sync: AgentSync | null;
  tasks: AgentTasks | null;
} {
  const registry = scope.__shopDevtools ?? {};
  const cart = registry.cart as { database?: ShopDatabase } | undefined;
  const sync = registry.sync as SyncRuntime | undefined;
  const tasks = (registry.taskQueue as AgentTasks | undefined) ?? null;
  return { database: (cart?.database as unknown as AgentDatabase | undefined) ?? null, sync: sync ?? null, tasks };
}

/**
 * An access token the server refuses (its signature no longer matches) in place of the stored one; the refresh token
 * stays, so the next customer call gets a real 401 and the token lock refreshes for real. False for a guest.
 */
export function expireStoredToken(): boolean {
  const user = updateUser((stored) => ({ ...stored, token: `${stored.token.split('.')[0] ?? 'expired'}.expired-by-devtools`, expiresAt: Date.now() }));
  return user !== null;
}

function newTabId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

let running: ShopAgent | null = null;

export function startShopAgent(): ShopAgent {
  if (running) return running;
  const agent = startAgent({
    tabId: newTabId(),
    channel: new BroadcastChannel(DEVTOOLS_CHANNEL) as unknown as AgentChannel,
    installSink: setInspectionSink,
    liveActors,
    pieces: () => shopPieces(),
    onReplicationEvent,
    faults: { faultState, applyFault, onFaults },
    expireToken: () => void expireStoredToken(),
    // Only the leading tab replicates: the others answer 'not-leader' and do nothing. A conflict that happened is
    // reported by the replication's feed (its both sides and the merge's result).
    forceConflict: (collection, id) => {
      const { database, sync } = shopPieces();
      if (!database || !sync) return;
      void forceConflict({ database: database as unknown as ShopDatabase, replication: (sync as unknown as SyncRuntime).replication() }, collection, id);
    },
  });
  running = agent;
  exposeToDevtools('agent', agent);
  // The switches, for journeys and benches (the visualizer flips them through its channel).
  exposeToDevtools('network', { applyFault, faultState });
  listenForDevtoolsShortcut();
  // A tab that goes tells the viewer (the agent posts a bye only while a viewer is there).
  addEventListener('pagehide', (event) => {
    if (!(event as PageTransitionEvent).persisted) agent.stop();
  });
  return agent;
}
