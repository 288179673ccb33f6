import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';
import { pageEncoding, servedIndexHtml } from './client.ts';

const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
afterAll(() => fs.rmSync(clientDist, { recursive: true, force: true }));
fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>');

const META = /<meta name="shop-devtools" content="on" \/>\s*<\/head>/;

describe("the developers' visualizer on (DEVTOOLS=on)", async () => {
  const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist, env: 'production', devtools: true } });

  it('names itself in every page the shop serves, the offline shell’s /index.html included', async () => {
    for (const url of ['/', '/nl/horloges', '/nl/nowhere', '/__devtools', '/index.html']) {
      const response = await app.inject(url);
      expect(response.body, url).toMatch(META);
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await app.inject('/index.html')).statusCode).toBe(200);
    expect((await app.inject('/index.html')).headers['content-type']).toContain('text/html');
  });

  it('has /__devtools as an address of the shop', async () => {
    for (const url of ['/__devtools', '/__devtools/', '/__devtools?tab=replication']) expect((await app.inject(url)).statusCode, url).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/__devtools' })).statusCode).toBe(200);
    expect((await app.inject('/__devtools/elsewhere')).statusCode).toBe(404);
    expect((await app.inject('/nl/__devtools')).statusCode).toBe(404);
  });
});

describe("the developers' visualizer off (production without DEVTOOLS)", async () => {
  const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist, env: 'production', devtools: false } });

  it('leaves the pages without its meta and answers /__devtools with 404 (the page then says the visualizer is off)', async () => {
    for (const url of ['/', '/nl/horloges', '/index.html', '/__devtools']) expect((await app.inject(url)).body, url).not.toContain('shop-devtools');
    const devtools = await app.inject('/__devtools');
    expect(devtools.statusCode).toBe(404);
    expect(devtools.body).toContain('<div id="root">');
    expect((await app.inject('/')).statusCode).toBe(200);
    expect((await app.inject('/index.html')).statusCode).toBe(200);
  });
});

describe('pages are compressed like every other answer', async () => {
  const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist, env: 'production', devtools: false } });

  it('a page (the shell, a known address or an unknown one) comes compressed when the browser asks for it, and as it is when not', async () => {
    for (const url of ['/', '/nl/horloges', '/nl/nowhere']) {
      const compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers['content-encoding'], url).toBe('gzip');
      expect(compressed.headers['content-type'], url).toContain('text/html');
      expect(gunzipSync(compressed.rawPayload).toString('utf8'), url).toContain('<div id="root">');
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('<div id="root">');
    }
    const brotli = await app.inject({ url: '/nl/horloges', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toContain('<div id="root">');
    expect((await app.inject({ url: '/nl/nowhere', headers: { 'accept-encoding': 'gzip' } })).statusCode).toBe(404);
    const head = await app.inject({ method: 'HEAD', url: '/nl/horloges', headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['*', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (accept, encoding) => {
    expect(pageEncoding(accept)).toBe(encoding);
  });
});

describe('servedIndexHtml', () => {
  it('adds the meta once, at the end of the head, only when on', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(servedIndexHtml(html, false)).toBe(html);
    const on = servedIndexHtml(html, true);
    expect(on.match(/shop-devtools/g)).toHaveLength(1);
    expect(on.indexOf('shop-devtools')).toBeLessThan(on.indexOf('</head>'));
  });
});
