/** The round-robin proxy of `pnpm shop serve` with small local HTTP servers standing in for shop instances. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { allowTestServer } from '../test/no-network.ts';
import { createRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A stand-in instance: `/health` answers `healthy()`, `/who` its name and what it was told, `/events` streams. */
async function instance(name: string, options: { healthy?: () => boolean } = {}): Promise<{ url: string; seen: string[]; events: http.ServerResponse[] }> {
  const seen: string[] = [];
  const events: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/health') {
      const ok = options.healthy?.() ?? true;
      res.writeHead(ok ? 200 : 503).end();
      return;
    }
    seen.push(req.url!);
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': open\n\n');
      events.push(res);
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, method: req.method, body, forwardedFor: req.headers['x-forwarded-for'] ?? null, host: req.headers['x-forwarded-host'] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, events };
}

/** A loopback port nothing listens on (taken, then given back; the no-network guard is told the refusal is wanted). */
async function refusingPort(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const forbid = allowTestServer(port);
  cleanups.push(async () => void forbid());
  return `http://127.0.0.1:${port}`;
}

async function proxyOver(upstreams: string[], options: { healthIntervalMs?: number } = {}): Promise<{ proxy: RoundRobinProxy; url: string }> {
  const proxy = createRoundRobinProxy({ upstreams, healthIntervalMs: options.healthIntervalMs ?? 50, healthTimeoutMs: 500 });
  cleanups.push(() => proxy.close());
  const url = await proxy.listen(0, '127.0.0.1');
  return { proxy, url };
}

async function who(url: string, init?: RequestInit): Promise<{ name: string; method: string; body: string; forwardedFor: string | null; host: string | null }> {
  const response = await fetch(`${url}/who`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

describe('the round-robin proxy', () => {
  it('spreads requests over the instances in turn and passes bodies through', async () => {
    const [a, b, c] = await Promise.all([instance('a'), instance('b'), instance('c')]);
    const { url } = await proxyOver([a.url, b.url, c.url]);
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push((await who(url)).name);
    expect(names.slice(0, 3).sort()).toEqual(['a', 'b', 'c']);
    expect(names.slice(3)).toEqual(names.slice(0, 3));
    const posted = await who(url, { method: 'POST', body: JSON.stringify({ qty: 2 }), headers: { 'content-type': 'application/json' } });
    expect(posted).toMatchObject({ method: 'POST', body: '{"qty":2}' });
  });

  it('names the instance that answered when asked to, never its address', async () => {
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    const proxy = createRoundRobinProxy({ upstreams: [a.url, b.url], healthPath: null, instanceName: (url) => (url === a.url ? 'one' : null) });
    cleanups.push(() => proxy.close());
    const url = await proxy.listen(0, '127.0.0.1');
    const answers = await Promise.all([fetch(`${url}/who`), fetch(`${url}/who`)]);
    const named = await Promise.all(answers.map(async (response) => [((await response.json()) as { name: string }).name, response.headers.get('x-shop-instance')]));
    expect(named.sort()).toEqual([
      ['a', 'one'],
      ['b', null],
    ]);
  });

  it("appends the client's address to X-Forwarded-For and names the original host", async () => {
    const a = await instance('a');
    const { url } = await proxyOver([a.url]);
    const direct = await who(url);
    expect(direct.forwardedFor).toBe('127.0.0.1');
    expect(direct.host).toBe(new URL(url).host);
    const chained = await who(url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(chained.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
  });

  it('streams an event stream as the instance writes it, and ends it when the client goes away', async () => {
    const a = await instance('a');
    const { url } = await proxyOver([a.url]);
    const controller = new AbortController();
    const response = await fetch(`${url}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (part: string) => {
      while (!text.includes(part)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${part}": ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(': open');
    // Written after the client is connected: it must arrive while the response is still open.
    a.events[0]!.write('data: {"n":1}\n\n');
    await readUntil('data: {"n":1}');
    a.events[0]!.write('data: {"n":2}\n\n');
    await readUntil('data: {"n":2}');
    const closed = new Promise((resolve) => a.events[0]!.on('close', resolve));
    controller.abort();
    await closed;
  });

  it('skips an instance that refuses connections, and one whose /health fails', async () => {
    let bHealthy = true;
    const [a, b] = await Promise.all([instance('a'), instance('b', { healthy: () => bHealthy })]);
    const refusing = await refusingPort();
    const { proxy, url } = await proxyOver([refusing, a.url, b.url]);
    // Before any health check has run, a refused connection goes on to the next instance.
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push((await who(url, { method: 'POST', body: `order ${i}` })).name);
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    expect([...a.seen, ...b.seen]).toHaveLength(6);
    expect(proxy.healthy()).not.toContain(refusing);

    bHealthy = false;
    await expect.poll(() => proxy.healthy()).toEqual([a.url]);
    for (let i = 0; i < 4; i++) expect((await who(url)).name).toBe('a');
    bHealthy = true;
    await expect.poll(() => proxy.healthy().sort()).toEqual([a.url, b.url].sort());
  });

  it('takes a new list of instances while it runs, and answers 503 when none answers', async () => {
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    const { proxy, url } = await proxyOver([a.url]);
    expect((await who(url)).name).toBe('a');
    proxy.setUpstreams([b.url]);
    expect((await who(url)).name).toBe('b');
    proxy.setUpstreams([await refusingPort()]);
    const response = await fetch(`${url}/who`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });
});
