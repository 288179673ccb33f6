/**
 * The shop's event streams (the replication's), through the network layer (network.ts): registered while open, so
 * the fault switches can break them off or delay their messages. Apart from network.ts so that it stays out of the
 * first load (only the replication opens streams).
 */
import { shopNetwork, type OpenStream } from './network.ts';

/** The part of `EventSource` the shop's streams use (the replication's `EventSourceLike`). */
export interface ShopStream {
  readonly readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

/**
 * An `EventSource` the fault switches can reach: while the offline switch is on it fails at once (and one open when
 * the switch goes on breaks off); a delayed stream's messages arrive late, in order.
 */
export function openShopStream(url: string): ShopStream {
  let source: EventSource | null = null;
  let closed = false;
  const entry: OpenStream = {
    deliver: (data) => {
      if (!closed) stream.onmessage?.({ data });
    },
    breakOff: () => {
      if (closed) return;
      stream.close();
      stream.onerror?.(new Event('error'));
    },
  };
  const stream: ShopStream = {
    get readyState() {
      return closed || !source ? 2 : source.readyState;
    },
    onmessage: null,
    onerror: null,
    close: () => {
      closed = true;
      source?.close();
      shopNetwork.streams.delete(entry);
    },
  };
  if (shopNetwork.faults?.offline) {
    setTimeout(entry.breakOff, 0);
    return stream;
  }
  source = new EventSource(url);
  shopNetwork.streams.add(entry);
  source.onmessage = (message) => {
    const data = message.data as string;
    if (shopNetwork.faults) shopNetwork.faults.message(entry, data);
    else entry.deliver(data);
  };
  source.onerror = (event) => {
    if (!closed) stream.onerror?.(event);
  };
  return stream;
}
