/**
 * The tab's one connectivity actor (connectivity.machine.ts), started with the cart (cart-runtime.ts, after the first
 * paint) and fed by the network layer: every online/offline it announces, and every flip of the offline switch (one
 * the browser's own loss hides is recorded too). The switches themselves are the visualizer's (app/network-faults.ts):
 * this reads only the hook they install.
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { onShopOnline, shopNetwork } from '../../app/network.ts';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { inspectActor } from '../devtools/inspection.ts';
import { connectivityMachine, type ConnectivityInput } from './connectivity.machine.ts';

export type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>;

let actor: ConnectivityActor | null = null;

function current(): ConnectivityInput {
  return { browserOnline: typeof navigator === 'undefined' || navigator.onLine !== false, switchOffline: shopNetwork.faults?.offline === true };
}

export function startConnectivity(): ConnectivityActor {
  if (actor) return actor;
  const started = createActor(connectivityMachine, { input: current(), inspect: inspectActor });
  started.start();
  const tell = () => {
    const now = current();
    const known = started.getSnapshot().context;
    if (now.browserOnline === known.browserOnline && now.switchOffline === known.switchOffline) return;
    started.send({ type: 'network.changed', ...now, at: Date.now() });
  };
  onShopOnline(tell);
  shopNetwork.flips.add(tell);
  actor = started;
  exposeToDevtools('connectivity', started);
  return started;
}
