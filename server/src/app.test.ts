import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/build-test-app.ts';
import { fixtureCatalogue } from './test/fixture-catalogue.ts';

const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
afterAll(() => fs.rmSync(clientDist, { recursive: true, force: true }));
fs.mkdirSync(path.join(clientDist, 'assets'));
fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
fs.writeFileSync(path.join(clientDist, 'assets', 'app-abc123.js'), 'console.log("shop")');

const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist } });

describe('GET /health', () => {
  it('reports ok with the catalogue version and size', async () => {
    const response = await app.inject('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', catalogue: { state: 'ready', products: 8 } });
    expect(response.json().catalogue.version).toBeGreaterThan(0);
  });
});

describe('a malformed address', () => {
  it('gets a 400 in the usual envelope', async () => {
    const response = await app.inject('/media/catalog/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: { error: 'bad_request', message: 'The address is not valid' } });
  });
});

describe('GET /api/openapi.json', () => {
  it('describes the catalogue search and URL map', async () => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/health', '/api/catalog/search', '/api/url/map']));
    expect(spec.paths['/api/catalog/search'].post.requestBody.content['application/json'].schema.properties.type).toBeDefined();
  });
});

describe('the storefront on the same port', () => {
  it('serves index.html for store routes so they load on refresh', async () => {
    for (const url of ['/', '/nl', '/en/watches/men', '/nl/horloges?brand=101']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an address the shop does not have with 404 and the same page, so the app shows its not-found page', async () => {
    for (const url of ['/nl/nowhere', '/en/watches/men/no-such-watch', '/nl/horloges/cartier-tank-must', '/nl/archief', '/xx', '/xx/checkout', '/en/checkout/step-2', '/en/my-account/nothing', '/nl/nowhere.html', '/nl/1', '/nl/30', '/nl/heren/x']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'HEAD', url: '/en/nowhere' })).statusCode).toBe(404);
  });

  it('answers the pages of the app, the catalogue’s addresses and the aliases of Home with 200', async () => {
    const pages = ['/pwa.html', '/nl/pwa.html', '/en/pwa.html', '/en/checkout', '/checkout', '/nl/compare/', '/en/my-account/orders/12', '/orderstatus?transactionid=abc', '/en/order-status/tok', '/en/error', '/en/customer/account/forgotpassword'];
    for (const url of [...pages, '/en/watches/men/omega-seamaster-aqua-terra', '/nl/horloges/heren/', '/en/watches/men?brand=101', '/nl/11', '/nl/heren', '/en/men', '/en/10?brand=101']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'HEAD', url: '/nl/horloges' })).statusCode).toBe(200);
  });

  it('has /order-success only with the external checkout', async () => {
    expect((await app.inject('/en/order-success/EN000000123')).statusCode).toBe(404);
    const external = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist, checkout: { external: true, cmsUrls: { nl: 'http://cms.test', en: 'http://cms.test' }, countryInPath: false } } });
    expect((await external.inject('/en/order-success/EN000000123')).statusCode).toBe(200);
  });

  it('serves hashed assets with long caching', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and missing files with a JSON 404, not the page', async () => {
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, result: { error: 'not_found', message: 'Route GET /api/nothing-here not found' } });
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});
