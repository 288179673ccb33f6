/** The chaos run's fault proxy against two small local servers: round-robin, each fault kind, a refused instance. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { allowTestServer } from '../src/test/no-network.ts';
import { startFaultProxy, type FAULT_KINDS, type FaultProxy } from './fault-proxy.ts';
import { seededRandom } from './random.ts';

interface Upstream {
  url: string;
  /** Request bodies it received, in order. */
  received: string[];
  close(): Promise<void>;
}

async function upstream(name: string): Promise<Upstream> {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push(Buffer.concat(parts).toString());
      if (request.url?.includes('/stream')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: "RESYNC"\n\n');
        const timer = setInterval(() => response.write(': keep-alive\n\n'), 50);
        response.on('close', () => clearInterval(timer));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 200, result: name }));
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on any more: an instance killed a moment ago. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const release = allowTestServer(port);
  cleanups.push(async () => release());
  return `http://127.0.0.1:${port}`;
}

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setUp(options: { faultRate: number; kinds?: (typeof FAULT_KINDS)[number][]; dead?: boolean; delayMs?: [number, number]; streamCutS?: [number, number] }) {
  const a = await upstream('a');
  const b = await upstream('b');
  const urls = options.dead ? [await deadUrl(), a.url, b.url] : [a.url, b.url];
  const proxy: FaultProxy = await startFaultProxy({
    upstreams: () => urls,
    random: seededRandom(7),
    faultRate: options.faultRate,
    ...(options.kinds ? { kinds: options.kinds } : {}),
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    ...(options.streamCutS ? { streamCutS: options.streamCutS } : {}),
  });
  cleanups.push(
    () => proxy.close(),
    () => a.close(),
    () => b.close(),
  );
  const post = (body: string) => fetch(`${proxy.url}/api/replication/cart/push`, { method: 'POST', body, headers: { 'content-type': 'application/json', connection: 'close' } });
  return { a, b, proxy, post };
}

describe('the fault proxy', () => {
  it('without faults, sends requests round-robin and passes bodies and answers through', async () => {
    const { a, b, proxy, post } = await setUp({ faultRate: 0 });
    const answers = [];
    for (const body of ['1', '2', '3', '4']) answers.push(((await (await post(body)).json()) as { result: string }).result);
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
    expect(a.received).toEqual(['1', '3']);
    expect(b.received).toEqual(['2', '4']);
    expect(proxy.counts.requests).toBe(4);
    expect(Object.values(proxy.counts.faults).every((count) => count === 0)).toBe(true);
  });

  it('drops a request before forwarding it: nothing reaches an instance', async () => {
    const { a, b, proxy, post } = await setUp({ faultRate: 1, kinds: ['dropBefore'] });
    await expect(post('x')).rejects.toThrow();
    expect([...a.received, ...b.received]).toEqual([]);
    expect(proxy.counts.faults.dropBefore).toBe(1);
  });

  it('drops the answer after forwarding: the instance served it, the client gets no answer', async () => {
    const { a, b, proxy, post } = await setUp({ faultRate: 1, kinds: ['dropAfter'] });
    await expect(post('applied')).rejects.toThrow();
    expect([...a.received, ...b.received]).toEqual(['applied']);
    expect(proxy.counts.faults.dropAfter).toBe(1);
  });

  it('delays a request, then answers it', async () => {
    const { proxy, post } = await setUp({ faultRate: 1, kinds: ['delay'], delayMs: [300, 300] });
    const started = performance.now();
    const answer = await post('late');
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(proxy.counts.faults.delay).toBe(1);
  });

  it('duplicates a request to two instances and answers once', async () => {
    const { a, b, proxy, post } = await setUp({ faultRate: 1, kinds: ['duplicate'] });
    const answer = (await (await post('twice')).json()) as { result: string };
    expect(['a', 'b']).toContain(answer.result);
    // Both copies arrived, one at each instance.
    await expect.poll(() => [...a.received, ...b.received]).toEqual(['twice', 'twice']);
    expect(a.received).toEqual(['twice']);
    expect(proxy.counts.faults.duplicate).toBe(1);
  });

  it('cuts an answer after its headers: the status arrives, the body never does', async () => {
    const { a, b, proxy, post } = await setUp({ faultRate: 1, kinds: ['cut'] });
    const answer = await post('cut');
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
    expect([...a.received, ...b.received]).toEqual(['cut']);
    expect(proxy.counts.faults.cut).toBe(1);
  });

  it('retries a refused connection on the next instance, as a load balancer does', async () => {
    const { a, proxy, post } = await setUp({ faultRate: 0, dead: true });
    const answer = (await (await post('refused once')).json()) as { result: string };
    expect(answer.result).toBe('a');
    expect(a.received).toEqual(['refused once']);
    expect(proxy.counts.retriedOnNext).toBe(1);
  });

  it('passes an event stream through and cuts it at a random moment', async () => {
    const { proxy } = await setUp({ faultRate: 1, streamCutS: [0.2, 0.4] });
    const response = await fetch(`${proxy.url}/api/replication/cart/stream?ticket=t`);
    expect(response.status).toBe(200);
    const started = performance.now();
    let text = '';
    const read = (async () => {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString();
    })();
    await read.catch(() => undefined);
    expect(text).toContain('data: "RESYNC"');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(proxy.counts.faults.streamCut).toBe(1);
    expect(proxy.counts.streams).toBe(1);
  });
});
