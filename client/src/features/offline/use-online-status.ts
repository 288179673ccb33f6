import { useSyncExternalStore } from 'react';
import { isShopOnline, onShopOnline } from '../../app/network.ts';

function subscribe(notify: () => void): () => void {
  return onShopOnline(() => notify());
}

/**
 * Whether the shop has a connection: the browser believes it has one (navigator.onLine and its events) and the
 * visualizer's offline switch is off (app/network.ts). False is certain; true only means a network is attached: a
 * request may still fail, which the worker's offline answers cover.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isShopOnline, () => true);
}
