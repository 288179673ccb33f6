import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowTestServer, takeRefused } from './no-network.ts';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end('own server'));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** A loopback port nothing of this process listens on. */
async function foreignPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((closed) => probe.close(() => closed()));
  return free;
}

describe('the tests’ network guard', () => {
  it('lets a test reach a server it started', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('own server');
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('own server');
  });

  it('refuses any other server, naming the call, and fails the test even when the error is swallowed', async () => {
    const other = await foreignPort();
    await expect(fetch(`http://localhost:${other}/api/url/map`, { method: 'POST', body: '{}' })).rejects.toThrow(`POST http://localhost:${other}/api/url/map, a server it did not start`);
    const socket = net.connect(25, 'smtp.example.com');
    await expect(new Promise((_, failed) => socket.once('error', failed))).rejects.toThrow('smtp.example.com:25');
    const refusals = takeRefused();
    expect(refusals).toHaveLength(2);
  });

  it('lets a test reach a server it started in another process once it names its port', async () => {
    const other = await foreignPort();
    const forget = allowTestServer(other);
    try {
      // Nothing listens there: the connection goes out and is refused by the system, not by the guard.
      await expect(fetch(`http://127.0.0.1:${other}/`)).rejects.toThrow('fetch failed');
      expect(takeRefused()).toEqual([]);
    } finally {
      forget();
    }
  });
});
