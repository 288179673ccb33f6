import { afterEach, describe, expect, it, vi } from 'vitest';
import { isShopOnline, shopFetch, shopNetwork } from './network.ts';
import { openShopStream } from './shop-stream.ts';
import { FakeEventSource } from '../test/fake-event-source.ts';

// The network layer as every shopper loads it: this file never imports the fault switches (network-faults.ts), which
// only the visualizer's agent loads, until the last test does.


afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the network layer without the fault switches', () => {
  it('has no switch installed: a call is the real fetch, a stream message goes straight through', () => {
    expect(shopNetwork.faults).toBeNull();
    const answer = Promise.resolve(new Response('{}'));
    const fetchMock = vi.fn(() => answer);
    vi.stubGlobal('fetch', fetchMock);
    const init = { method: 'POST', body: '{}' };
    expect(shopFetch('/api/cart/totals', init)).toBe(answer);
    expect(fetchMock).toHaveBeenCalledWith('/api/cart/totals', init);

    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const stream = openShopStream('/api/replication/cart/stream?ticket=t');
    const seen: string[] = [];
    stream.onmessage = (message) => seen.push(message.data);
    FakeEventSource.opened[0]!.onmessage?.({ data: '"RESYNC"' });
    expect(seen).toEqual(['"RESYNC"']);
    expect(shopNetwork.streams.size).toBe(1);
    stream.close();
    expect(shopNetwork.streams.size).toBe(0);
    expect(stream.readyState).toBe(2);
  });

  it("follows the browser's network alone", () => {
    expect(isShopOnline()).toBe(true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isShopOnline()).toBe(false);
  });

  it('loading the fault switches installs them, all off', async () => {
    const { faultState } = await import('./network-faults.ts');
    expect(shopNetwork.faults).not.toBeNull();
    expect(shopNetwork.faults?.offline).toBe(false);
    expect(faultState().routes).toEqual([]);
  });
});
