/**
 * Setup of every Vitest project (shared, server and client; vitest.config.ts): a test never reaches a server it did
 * not start, whatever happens to listen on the machine (a developer's shop on port 3000 answers anything).
 *
 * Every connection a test process opens goes through `net.Socket#connect`: Node's fetch, happy-dom's fetch and
 * XMLHttpRequest, SMTP. A connection to a loopback port that a server of this process listens on, or that the test
 * named with `allowTestServer` (a server it started in a child process), goes ahead. Any other is refused before
 * it leaves, and fails the test that asked for it, even when the code under test takes the error for "offline" and
 * carries on. `fetch` is checked first, so the failure names the call (`POST http://localhost:3000/api/url/map`).
 */
import net from 'node:net';
import { afterAll, afterEach } from 'vitest';

const servers = new Set<net.Server>();
const allowedPorts = new Set<number>();
const refused: string[] = [];

/** Lets the current test file reach a server it started outside this process (a spawned shop, say). */
export function allowTestServer(port: number): () => void {
  allowedPorts.add(port);
  return () => allowedPorts.delete(port);
}

const LOOPBACK = new Set(['localhost', '::1', '[::1]', '::ffff:127.0.0.1']);

function reachable(host: string, port: number): boolean {
  if (!LOOPBACK.has(host) && !/^127\.\d+\.\d+\.\d+$/.test(host)) return false;
  if (allowedPorts.has(port)) return true;
  return [...servers].some((server) => {
    const address = server.address();
    return typeof address === 'object' && address !== null && address.port === port;
  });
}

function refuse(what: string): Error {
  const message = `A test tried to reach ${what}, a server it did not start: answer the call with a stub (vi.stubGlobal('fetch', ...)) or start the server in the test.`;
  refused.push(message);
  return new Error(message);
}

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  servers.add(this);
  this.once('close', () => servers.delete(this));
  return (listen as (...args: unknown[]) => net.Server).apply(this, args);
} as typeof listen;

/** Host and port of a `connect` call, in any of its forms; null for a local socket path. */
function target(args: unknown[]): { host: string; port: number } | null {
  // net.connect hands its already normalised arguments over as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: string; host?: string; port?: number | string };
    if (options.path) return null;
    return { host: options.host ?? 'localhost', port: Number(options.port) };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof second === 'string' ? second : 'localhost', port: Number(first) };
  }
  return null;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  const to = target(args);
  if (to && !reachable(to.host, to.port)) {
    const error = refuse(`${to.host}:${to.port}`);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return (connect as (...args: unknown[]) => net.Socket).apply(this, args);
} as typeof connect;

type Fetch = typeof globalThis.fetch;

function guardFetch(owner: { fetch?: Fetch }): void {
  const original = owner.fetch;
  if (typeof original !== 'function') return;
  owner.fetch = function guardedFetch(this: unknown, input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) {
    const request = input instanceof Request ? input : null;
    // Relative to the page (happy-dom's document), as the browser's fetch resolves them.
    const base = (globalThis as { document?: { baseURI?: string } }).document?.baseURI ?? 'http://localhost';
    const url = new URL(request ? request.url : String(input), base);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !reachable(url.hostname, port)) {
      return Promise.reject(refuse(`${(init?.method ?? request?.method ?? 'GET').toUpperCase()} ${url.href}`));
    }
    return original.call(this, input, init);
  } as Fetch;
}

guardFetch(globalThis);
// Under happy-dom the page's window may carry its own copy.
const page = (globalThis as { window?: { fetch?: Fetch } }).window;
if (page && page !== globalThis && page.fetch !== globalThis.fetch) guardFetch(page);

/** The refusals so far, taken away (for the guard's own test, which expects them). */
export function takeRefused(): string[] {
  return refused.splice(0);
}

function failOnRefused(): void {
  if (refused.length === 0) return;
  const messages = refused.splice(0);
  throw new Error([...new Set(messages)].join('\n'));
}

afterEach(failOnRefused);
afterAll(failOnRefused);
