import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FAULTS, type FaultState } from '../features/devtools/devtools-protocol.ts';
import { changeStream } from '../features/sync/replication.ts';
import { ApiError, apiGet } from './api.ts';
import { applyFault, FAULT_TIMEOUT_MS, faultState, onFaults } from './network-faults.ts';
import { isShopOnline, onShopOnline, shopFetch } from './network.ts';
import { openShopStream } from './shop-stream.ts';
import { FakeEventSource } from '../test/fake-event-source.ts';


const envelope = (status: number, result: unknown) => new Response(JSON.stringify({ code: status, result }), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn(async () => envelope(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  applyFault({ type: 'clear' });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the network layer with every switch off', () => {
  it('is the real fetch: the same call, the same answer, not even wrapped', async () => {
    const answer = Promise.resolve(envelope(200, 'real'));
    fetchMock.mockReturnValueOnce(answer);
    const init = { method: 'POST', body: '{}' };
    expect(shopFetch('/api/cart/totals', init)).toBe(answer);
    expect(fetchMock).toHaveBeenCalledWith('/api/cart/totals', init);
    expect(faultState()).toEqual(NO_FAULTS);
    expect(isShopOnline()).toBe(true);
  });

  it('a switch turned off again costs nothing: cleared, the calls go straight to fetch and nobody hears a change', async () => {
    applyFault({ type: 'fail-route', route: '/api/cart', method: null, outcome: 500, count: 3 });
    applyFault({ type: 'offline', on: true });
    applyFault({ type: 'clear' });
    const heard = vi.fn();
    const stop = onFaults(heard);
    const answer = Promise.resolve(envelope(200, 'real'));
    fetchMock.mockReturnValueOnce(answer);
    expect(shopFetch('/api/cart/totals')).toBe(answer);
    expect(heard).not.toHaveBeenCalled();
    expect(faultState()).toEqual(NO_FAULTS);
    stop();
  });

  it('passes stream messages on as they come', () => {
    const stream = openShopStream('/api/replication/cart/stream?ticket=t');
    const seen: string[] = [];
    stream.onmessage = (message) => seen.push(message.data);
    FakeEventSource.opened[0]!.send('"RESYNC"');
    expect(seen).toEqual(['"RESYNC"']);
    expect(FakeEventSource.opened[0]!.url).toBe('/api/replication/cart/stream?ticket=t');
    stream.close();
    expect(FakeEventSource.opened[0]!.readyState).toBe(2);
  });
});

describe('the offline switch', () => {
  it('fails every call as a lost network, says offline to every listener, and online again when turned off', async () => {
    const heard: boolean[] = [];
    const stop = onShopOnline((online) => heard.push(online));
    const faults: FaultState[] = [];
    const stopFaults = onFaults((state) => faults.push(state));
    applyFault({ type: 'offline', on: true });
    applyFault({ type: 'offline', on: true });
    expect(isShopOnline()).toBe(false);
    await expect(shopFetch('/api/cart/totals')).rejects.toBeInstanceOf(TypeError);
    await expect(apiGet('/api/cart/totals')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(faultState().offline).toBe(true);

    applyFault({ type: 'offline', on: false });
    expect(isShopOnline()).toBe(true);
    expect(heard).toEqual([false, true]);
    expect(faults.map((state) => state.offline)).toEqual([true, true, false]);
    await shopFetch('/api/cart/totals');
    expect(fetchMock).toHaveBeenCalledOnce();
    stop();
    stopFaults();
  });

  it("hears the browser's own online and offline events the same way, and stays offline while the switch is on", () => {
    const heard: boolean[] = [];
    const stop = onShopOnline((online) => heard.push(online));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(isShopOnline()).toBe(false);
    // The browser is offline already: the switch changes nothing anyone hears.
    applyFault({ type: 'offline', on: true });
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(isShopOnline()).toBe(false);
    applyFault({ type: 'offline', on: false });
    expect(heard).toEqual([false, false, true]);
    stop();
  });

  it('breaks the open streams off, and a stream opened while offline fails at once', async () => {
    const stream = openShopStream('/api/replication/cart/stream?ticket=a');
    const errors = vi.fn();
    stream.onerror = errors;
    applyFault({ type: 'offline', on: true });
    expect(errors).toHaveBeenCalledOnce();
    expect(stream.readyState).toBe(2);
    expect(FakeEventSource.opened[0]!.readyState).toBe(2);

    const late = openShopStream('/api/replication/cart/stream?ticket=b');
    const lateErrors = vi.fn();
    late.onerror = lateErrors;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lateErrors).toHaveBeenCalledOnce();
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("the replication's stream reconnects only once the shop is online again, asking for a ticket through shopFetch", async () => {
    vi.useFakeTimers();
    const address = async () => {
      const response = await shopFetch('/api/replication/cart/stream-ticket', { method: 'POST' });
      const { result } = (await response.json()) as { result: { ticket: string } };
      return `/api/replication/cart/stream?ticket=${result.ticket}`;
    };
    fetchMock.mockImplementation(async () => envelope(200, { ticket: `t${fetchMock.mock.calls.length}` }));
    const items: unknown[] = [];
    const subscription = changeStream(address, openShopStream, 1_000, () => {}).subscribe((item) => items.push(item));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/replication/cart/stream?ticket=t1']);
    FakeEventSource.opened[0]!.send('"RESYNC"');

    applyFault({ type: 'offline', on: true });
    expect(FakeEventSource.opened[0]!.readyState).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(FakeEventSource.opened).toHaveLength(1);

    applyFault({ type: 'offline', on: false });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/replication/cart/stream?ticket=t1', '/api/replication/cart/stream?ticket=t2']);
    FakeEventSource.opened[1]!.send('"RESYNC"');
    expect(items).toEqual(['RESYNC', 'RESYNC']);
    subscription.unsubscribe();
  });
});

describe('the fail-route switch', () => {
  it('answers the next N calls of a route with the status in the shop envelope, counting down, then lets them through', async () => {
    const faults: FaultState[] = [];
    const stop = onFaults((state) => faults.push(state));
    applyFault({ type: 'fail-route', route: '/api/cart/', method: null, outcome: 500, count: 2 });
    expect(faultState().routes).toEqual([{ route: '/api/cart/', method: null, outcome: 500, remaining: 2 }]);

    const first = await shopFetch('/api/cart/totals?store=nl');
    expect(first.status).toBe(500);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual({ code: 500, result: { error: 'internal', message: 'Something went wrong, try again in a few seconds' } });
    expect(faultState().routes[0]!.remaining).toBe(1);
    // Another route is not touched.
    expect((await shopFetch('/api/stock/list?skus=a')).status).toBe(200);
    await expect(apiGet('http://localhost/api/cart/coupon')).rejects.toEqual(new ApiError(500, 'internal', 'Something went wrong, try again in a few seconds'));
    expect(faultState().routes).toEqual([]);

    expect((await shopFetch('/api/cart/totals')).status).toBe(200);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/stock/list?skus=a', '/api/cart/totals']);
    expect(faults.map((state) => state.routes.map((route) => route.remaining))).toEqual([[2], [1], []]);
    stop();
  });

  it('fails only calls of the chosen method', async () => {
    applyFault({ type: 'fail-route', route: '/api/user', method: 'post', outcome: 401, count: 1 });
    expect((await shopFetch('/api/user/me')).status).toBe(200);
    const refused = await shopFetch(new Request('http://localhost/api/user/me', { method: 'POST' }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, result: { error: 'unauthorized' } });
    expect(faultState().routes).toEqual([]);
  });

  it('a time-out hangs until FAULT_TIMEOUT_MS and fails as a lost network; an aborted call fails with its abort', async () => {
    vi.useFakeTimers();
    applyFault({ type: 'fail-route', route: '/api/stock', method: 'GET', outcome: 'timeout', count: 2 });
    let failure: unknown = null;
    void shopFetch('/api/stock/list').catch((error: unknown) => (failure = error));
    await vi.advanceTimersByTimeAsync(FAULT_TIMEOUT_MS - 1);
    expect(failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = shopFetch('/api/stock/list', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the delay-stream switch', () => {
  it('delivers every message that much later, in order, and nothing after the stream closed', async () => {
    vi.useFakeTimers();
    const stream = openShopStream('/api/replication/cart/stream?ticket=t');
    const seen: string[] = [];
    stream.onmessage = (message) => seen.push(message.data);
    const source = FakeEventSource.opened[0]!;
    applyFault({ type: 'delay-stream', ms: 2_000 });
    expect(faultState().streamDelayMs).toBe(2_000);
    source.send('1');
    await vi.advanceTimersByTimeAsync(500);
    applyFault({ type: 'delay-stream', ms: 0 });
    // A shorter delay never overtakes a message still waiting.
    source.send('2');
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['1', '2']);
    source.send('3');
    expect(seen).toEqual(['1', '2', '3']);

    applyFault({ type: 'delay-stream', ms: 1_000 });
    source.send('4');
    stream.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual(['1', '2', '3']);
  });
});

describe('the other switches', () => {
  it('keeps forced conflicts once each, and clear resets everything', () => {
    applyFault({ type: 'force-conflict', collection: 'cart', id: 'line-1' });
    applyFault({ type: 'force-conflict', collection: 'cart', id: 'line-1' });
    applyFault({ type: 'delay-stream', ms: 300 });
    expect(faultState()).toMatchObject({ conflicts: [{ collection: 'cart', id: 'line-1' }], streamDelayMs: 300 });
    const heard = vi.fn();
    const stop = onFaults(heard);
    applyFault({ type: 'expire-token' });
    expect(heard).not.toHaveBeenCalled();
    applyFault({ type: 'clear' });
    expect(faultState()).toEqual(NO_FAULTS);
    expect(heard).toHaveBeenCalledWith(NO_FAULTS);
    stop();
  });
});
