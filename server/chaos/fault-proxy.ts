/**
 * The chaos run's fault proxy: a small round-robin HTTP proxy between the shoppers and the server instances that
 * breaks a share of the requests (CHAOS_FAULT_RATE) on purpose, one fault each:
 * - `dropBefore`: the connection is closed before the request reaches an instance (nothing happened);
 * - `dropAfter`: the request is served, then the connection is closed before the answer (it happened, the client does
 *   not know: the case that makes retries dangerous);
 * - `delay`: the request waits 50–3000 ms before it is forwarded;
 * - `duplicate`: the request is sent twice at once, to two instances in turn, and one answer is returned;
 * - `cut`: the answer's status line and headers are sent, then the connection is destroyed.
 * An event stream (GET …/stream) instead gets `streamCut` with the same chance: it is cut at a random moment 1–20 s in.
 *
 * Self-contained on purpose (WP5 writes the shop's own proxy in src/cli/round-robin-proxy.ts); like a load balancer,
 * a connection refused before anything was sent (an instance killed a moment ago) is retried on the next instance.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Random } from './random.ts';

export const FAULT_KINDS = ['dropBefore', 'dropAfter', 'delay', 'duplicate', 'cut'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number] | 'streamCut';

export interface ProxyCounts {
  requests: number;
  streams: number;
  faults: Record<FaultKind, number>;
  /** Connections refused by an instance and retried on the next one (not faults: what any load balancer does). */
  retriedOnNext: number;
  /** Requests no instance took (every one refused): answered 502. */
  noInstance: number;
}

export interface FaultProxyOptions {
  /** The instances' base addresses (http://127.0.0.1:port), read at every request: instances come and go. */
  upstreams: () => readonly string[];
  random: Random;
  faultRate: number;
  port?: number;
  /** Milliseconds of the `delay` fault (default 50–3000). */
  delayMs?: readonly [number, number];
  /** Seconds before a `streamCut` (default 1–20). */
  streamCutS?: readonly [number, number];
  /** The faults to choose from (default all of FAULT_KINDS). */
  kinds?: ReadonlyArray<(typeof FAULT_KINDS)[number]>;
}

export interface FaultProxy {
  url: string;
  counts: ProxyCounts;
  setFaultRate(rate: number): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwardHeaders(headers: http.IncomingHttpHeaders, body: Buffer): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  if (body.length > 0 || headers['content-length'] !== undefined) out['content-length'] = body.length;
  return out;
}

function answerHeaders(headers: http.IncomingHttpHeaders, body?: Buffer): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  if (body) out['content-length'] = body.length;
  return out;
}

function isStream(request: http.IncomingMessage): boolean {
  return request.method === 'GET' && /\/stream(\?|$)/.test(request.url ?? '');
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts)));
    request.on('error', reject);
  });
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const { random } = options;
  const [delayMin, delayMax] = options.delayMs ?? [50, 3000];
  const [cutMin, cutMax] = options.streamCutS ?? [1, 20];
  let faultRate = options.faultRate;
  let turn = 0;
  const counts: ProxyCounts = {
    requests: 0,
    streams: 0,
    faults: { dropBefore: 0, dropAfter: 0, delay: 0, duplicate: 0, cut: 0, streamCut: 0 },
    retriedOnNext: 0,
    noInstance: 0,
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const sockets = new Set<Socket>();
  const streams = new Set<http.ClientRequest>();

  /** The next instance in turn and the ones after it (for a refused connection). */
  const rotation = (): string[] => {
    const list = [...options.upstreams()];
    if (list.length === 0) return [];
    const start = turn++ % list.length;
    return [...list.slice(start), ...list.slice(0, start)];
  };

  /**
   * Opens the request on the first instance that accepts the connection; answers the upstream request and response,
   * or null when none would. A connection refused before anything was sent is safe to retry elsewhere.
   */
  const open = (request: http.IncomingMessage, body: Buffer, order: string[]): Promise<{ upstream: http.ClientRequest; response: http.IncomingMessage } | null> =>
    new Promise((resolve) => {
      const attempt = (index: number) => {
        const base = order[index];
        if (base === undefined) {
          resolve(null);
          return;
        }
        const upstream = http.request(new URL(request.url ?? '/', base), { method: request.method, headers: forwardHeaders(request.headers, body), agent: isStream(request) ? false : agent });
        let answered = false;
        upstream.on('response', (response) => {
          answered = true;
          resolve({ upstream, response });
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) return;
          answered = true;
          if (error.code === 'ECONNREFUSED' && index + 1 < order.length) {
            counts.retriedOnNext++;
            attempt(index + 1);
          } else resolve(null);
        });
        upstream.end(body);
      };
      attempt(0);
    });

  const collect = async (request: http.IncomingMessage, body: Buffer, order: string[]): Promise<Answer | null> => {
    const opened = await open(request, body, order);
    if (!opened) return null;
    try {
      return { status: opened.response.statusCode ?? 502, headers: opened.response.headers, body: await readBody(opened.response) };
    } catch {
      return null;
    }
  };

  const send = (response: http.ServerResponse, answer: Answer | null) => {
    if (response.destroyed) return;
    if (!answer) {
      counts.noInstance++;
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 502, result: 'No instance answered' }));
      return;
    }
    response.writeHead(answer.status, answerHeaders(answer.headers, answer.body));
    response.end(answer.body);
  };

  const passStream = async (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) => {
    counts.streams++;
    const opened = await open(request, body, rotation());
    if (!opened) {
      send(response, null);
      return;
    }
    streams.add(opened.upstream);
    response.writeHead(opened.response.statusCode ?? 502, answerHeaders(opened.response.headers));
    response.flushHeaders();
    opened.response.pipe(response);
    const end = () => {
      streams.delete(opened.upstream);
      opened.upstream.destroy();
      response.destroy();
    };
    opened.response.on('end', end);
    opened.response.on('error', end);
    response.on('close', end);
    if (random.chance(faultRate)) {
      const timer = setTimeout(() => {
        if (response.destroyed) return;
        counts.faults.streamCut++;
        end();
      }, random.int(cutMin * 1000, cutMax * 1000));
      timer.unref();
      response.on('close', () => clearTimeout(timer));
    }
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    counts.requests++;
    const body = await readBody(request);
    if (isStream(request)) {
      await passStream(request, response, body);
      return;
    }
    const fault = random.chance(faultRate) ? random.pick(options.kinds ?? FAULT_KINDS) : null;
    if (fault) counts.faults[fault]++;
    switch (fault) {
      case 'dropBefore':
        request.socket.destroy();
        return;
      case 'dropAfter': {
        await collect(request, body, rotation());
        request.socket.destroy();
        return;
      }
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, random.int(delayMin, delayMax)));
        send(response, await collect(request, body, rotation()));
        return;
      case 'duplicate': {
        // Two copies at once, each to the next instance in turn; the first answer is returned, the other dropped.
        const answers = [collect(request, body, rotation()), collect(request, body, rotation())];
        const first = await new Promise<Answer | null>((resolve) => {
          let left = answers.length;
          for (const answer of answers) void answer.then((value) => (value ? resolve(value) : --left === 0 && resolve(null)));
        });
        send(response, first);
        await Promise.all(answers);
        return;
      }
      case 'cut': {
        const answer = await collect(request, body, rotation());
        if (!answer) {
          send(response, null);
          return;
        }
        response.writeHead(answer.status, answerHeaders(answer.headers, answer.body));
        response.flushHeaders();
        setImmediate(() => request.socket.destroy());
        return;
      }
      default: {
        const opened = await open(request, body, rotation());
        if (!opened) {
          send(response, null);
          return;
        }
        response.writeHead(opened.response.statusCode ?? 502, answerHeaders(opened.response.headers));
        opened.response.pipe(response);
        opened.response.on('error', () => response.destroy());
      }
    }
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setFaultRate: (rate) => {
      faultRate = rate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.destroy();
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
