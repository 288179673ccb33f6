/**
 * A small HTTP proxy that spreads requests over several shop instances in turn (`pnpm shop serve --instances N`), and
 * the base the chaos run's fault proxy builds on. It is for one machine and for trying things; in production a real
 * load balancer (nginx, HAProxy; see the README) does the same job.
 *
 * - Bodies stream both ways, so the replication event stream (SSE) flows as the shop writes it.
 * - X-Forwarded-For gets the client's address appended (the instances trust the proxy through TRUST_PROXY);
 *   X-Forwarded-Proto and X-Forwarded-Host are set when the request does not carry them.
 * - Only instances whose `/health` answers 200 get requests (checked every second). When none does, every instance
 *   is tried: a slow health check must not turn a working shop away.
 * - A request whose connection is refused (or fails) before any of it was sent goes to the next instance: nothing
 *   reached the refusing one, so the retry cannot apply a write twice. Anything that fails later is not retried:
 *   the client gets a 502, or a cut stream, and retries itself as it would after any network fault.
 * - The list of instances can change while it runs (`setUpstreams`): a restarted instance comes back on a new port.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RoundRobinProxyOptions {
  /** The instances' base addresses, e.g. `http://127.0.0.1:41234`. */
  upstreams: string[];
  /** The path answered 200 by a healthy instance; null turns health checks off. Default `/health`. */
  healthPath?: string | null;
  /** How often every instance's health is checked. Default 1000 ms. */
  healthIntervalMs?: number;
  /** How long a health check may take before the instance counts as unhealthy. Default 2000 ms. */
  healthTimeoutMs?: number;
  /**
   * A name for the instance that answered, sent back as `X-Shop-Instance` (which one answered, for whoever looks into
   * a problem); no header when it answers null or is not given. Never the instance's address.
   */
  instanceName?: (upstream: string) => string | null;
  /** Lines for the operator (an instance turned unhealthy or healthy again). */
  log?: (line: string) => void;
}

export interface RoundRobinProxy {
  server: http.Server;
  /** Listens (port 0 = any free port) and answers the proxy's own address, e.g. `http://127.0.0.1:3000`. */
  listen(port: number, host: string): Promise<string>;
  /** Replaces the list of instances; those already known keep their health state, new ones start as healthy. */
  setUpstreams(urls: string[]): void;
  /** The instances that currently get requests (healthy ones, or all when none is). */
  healthy(): string[];
  /** Stops listening, ends open requests and streams, and stops the health checks. */
  close(): Promise<void>;
}

/** Headers that belong to one connection and are never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function passOn(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

/** The client's address as X-Forwarded-For names it (IPv4 without the `::ffff:` prefix Node gives dual-stack sockets). */
function clientAddress(socket: Socket): string {
  return (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** The request headers an instance gets: the client's, without hop-by-hop ones, plus the X-Forwarded-* trio. */
export function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers = passOn(req.headers);
  const previous = req.headers['x-forwarded-for'];
  const address = clientAddress(req.socket);
  headers['x-forwarded-for'] = previous ? `${Array.isArray(previous) ? previous.join(', ') : previous}, ${address}` : address;
  headers['x-forwarded-proto'] ??= 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}

export type ForwardOutcome =
  /** Nothing of the request reached the instance (connection refused or failed first): another may take it. */
  | 'not-sent'
  /** The instance answered and the answer was passed on (or the client went away meanwhile). */
  | 'answered'
  /** The request (or part of it) reached the instance and then the exchange failed; the client was told. */
  | 'failed';

/**
 * Sends one request to one instance and streams the answer back. The request body is read only once the
 * connection stands, so a refused connection leaves it unread for another instance.
 */
export function forwardRequest(req: http.IncomingMessage, res: http.ServerResponse, upstream: string, agent: http.Agent, instanceName: string | null = null): Promise<ForwardOutcome> {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', upstream);
    let sent = false;
    const upstreamReq = http.request(target, { method: req.method, headers: forwardedHeaders(req), agent });
    const send = () => {
      if (sent) return;
      sent = true;
      req.pipe(upstreamReq);
    };
    upstreamReq.on('socket', (socket) => {
      // A kept-alive socket is connected already; a new one sends once it is.
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstreamReq.on('response', (upstreamRes) => {
      res.on('close', () => {
        // The client went away (a closed tab ends its event stream): stop reading from the instance as well.
        if (!res.writableFinished) upstreamRes.destroy();
      });
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.on('aborted', () => res.destroy());
      const headers = passOn(upstreamRes.headers);
      if (instanceName !== null) headers['x-shop-instance'] = instanceName;
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, headers);
      // An event stream's headers go out at once, before its first event.
      res.flushHeaders();
      upstreamRes.pipe(res);
      upstreamRes.on('end', () => resolve('answered'));
      upstreamRes.on('close', () => resolve('answered'));
    });
    upstreamReq.on('error', () => {
      if (!sent) return resolve('not-sent');
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(JSON.stringify({ message: 'The shop instance did not answer; please try again.' }));
      } else res.destroy();
      resolve('failed');
    });
    req.on('aborted', () => upstreamReq.destroy());
  });
}

export function createRoundRobinProxy(options: RoundRobinProxyOptions): RoundRobinProxy {
  const healthPath = options.healthPath === undefined ? '/health' : options.healthPath;
  const interval = options.healthIntervalMs ?? 1000;
  const timeout = options.healthTimeoutMs ?? 2000;
  const log = options.log ?? (() => {});
  const agent = new http.Agent({ keepAlive: true });
  /** Every known instance and whether it answers its health check. */
  let upstreams = new Map<string, boolean>();
  let next = 0;
  let closed = false;

  const setUpstreams = (urls: string[]) => {
    upstreams = new Map(urls.map((url) => [url.replace(/\/+$/, ''), upstreams.get(url.replace(/\/+$/, '')) ?? true]));
    if (healthPath !== null) void checkAll();
  };
  const healthy = () => {
    const up = [...upstreams].filter(([, ok]) => ok).map(([url]) => url);
    return up.length > 0 ? up : [...upstreams.keys()];
  };
  const mark = (url: string, ok: boolean) => {
    if (closed || !upstreams.has(url) || upstreams.get(url) === ok) return;
    upstreams.set(url, ok);
    log(ok ? `${url} answers again` : `${url} does not answer; requests go to the other instances`);
  };

  const check = (url: string) =>
    new Promise<boolean>((resolve) => {
      const request = http.get(new URL(healthPath!, url), { agent, timeout }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(false));
    });
  async function checkAll(): Promise<void> {
    await Promise.all([...upstreams.keys()].map(async (url) => mark(url, await check(url))));
  }
  const timer = healthPath === null ? null : setInterval(() => void checkAll(), interval);
  timer?.unref();

  const server = http.createServer(async (req, res) => {
    const candidates = healthy();
    // Each instance once, starting with the next one in turn.
    const start = next++;
    for (let i = 0; i < candidates.length; i++) {
      const upstream = candidates[(start + i) % candidates.length]!;
      const outcome = await forwardRequest(req, res, upstream, agent, options.instanceName?.(upstream) ?? null);
      if (outcome !== 'not-sent') return;
      mark(upstream, false);
    }
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
    res.end(JSON.stringify({ message: 'No shop instance is answering at the moment; please try again shortly.' }));
  });
  // Requests may stream for a long time (the event stream); Node's default request timeout would cut them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  setUpstreams(options.upstreams);

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
        });
      }),
    setUpstreams,
    healthy,
    close: () =>
      new Promise((resolve) => {
        if (closed) return resolve();
        closed = true;
        if (timer) clearInterval(timer);
        server.close(() => resolve());
        // Open event streams and idle kept-alive connections would hold close() for ever.
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
