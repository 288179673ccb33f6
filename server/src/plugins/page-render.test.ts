import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';
import { leadImagePreload, loadPageRenderer, withPage } from './page-render.ts';

const SHELL = '<!doctype html><html lang="nl"><head><meta name="description" content="The shop." /><title>Shop</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

/**
 * A client build with a server entry written by the test: it renders what the address asks, so the server's side
 * (in-process data, the page in the shell, falling back to the shell) is tested without building the client.
 */
function clientBuild(entry: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-'));
  fs.mkdirSync(path.join(folder, 'dist'));
  fs.mkdirSync(path.join(folder, 'dist-ssr'));
  fs.writeFileSync(path.join(folder, 'dist', 'index.html'), SHELL);
  fs.writeFileSync(path.join(folder, 'dist-ssr', 'entry-server.js'), entry);
  return path.join(folder, 'dist');
}

const ENTRY = `
export async function renderPage(url, { origin, transport }) {
  if (url.startsWith('/nl/slow')) await new Promise((resolve) => setTimeout(resolve, 1000));
  if (url.startsWith('/nl/broken')) throw new Error('a component failed');
  if (url.startsWith('/nl/shell')) return null;
  const answer = await transport('/api/echo?from=render', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ asked: url }) });
  const echo = await answer.json();
  return {
    html: '<main><h1>Rendered ' + url + '</h1><p>' + echo.ip + ' ' + echo.query + ' ' + echo.asked + ' ' + answer.status + '</p><p>[' + echo.country + '][' + echo.encoding + ']</p></main>',
    head: '<link rel="canonical" href="' + origin + url + '" data-page-head><meta name="description" content="Watches." data-page-head>',
    title: 'Watches | Shop',
    state: { store: 'nl', language: 'nl', cache: [['note', '</script><script>alert(1)</script>']], texts: {} },
    passes: 1,
    errors: [],
  };
}
`;

const builds: string[] = [];
afterAll(() => {
  for (const dist of builds) fs.rmSync(path.dirname(dist), { recursive: true, force: true });
});

async function renderingApp(entry: string, budgetMs = 300): Promise<FastifyInstance> {
  const dist = clientBuild(entry);
  builds.push(dist);
  const app = Fastify();
  app.post('/api/echo', async (request) => ({ ip: request.ip, query: (request.query as { from?: string }).from, asked: (request.body as { asked: string }).asked, country: request.headers['x-country-code'] ?? '', encoding: request.headers['accept-encoding'] ?? '' }));
  const render = await loadPageRenderer(app, dist, { budgetMs });
  if (!render) throw new Error('no renderer');
  app.get('/*', async (request, reply) => reply.type('text/html').send((await render(request, SHELL)) ?? SHELL));
  return app;
}

describe('server rendering of a page', () => {
  it('puts the page into the shell: markup in #root, title, head, language and the state the browser hydrates with', async () => {
    const app = await renderingApp(ENTRY);
    const response = await app.inject({ url: '/nl/horloges', remoteAddress: '203.0.113.9', headers: { 'x-country-code': 'GB', 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<div id="root"><main><h1>Rendered /nl/horloges</h1>');
    expect(html).toContain('<title>Watches | Shop</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/nl/horloges" data-page-head>');
    // The page's description replaces the shop's: one description.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('content="Watches."');
    // The page's data came from the shop's own routes, in-process, asked as the shopper (their address).
    expect(html).toContain('<p>203.0.113.9 render /nl/horloges 200</p>');
    // With the shopper's headers (the location a proxy names), but never one that changes the answer's form.
    expect(html).toContain('<p>[GB][]</p>');
    const state = /<script id="shop-ssr" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(state).toBeDefined();
    // A `</script>` inside the data cannot end the script early.
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state!)).toMatchObject({ language: 'nl', cache: [['note', '</script><script>alert(1)</script>']] });
    await app.close();
  });

  it('serves the plain shell when the page is not rendered, fails, or takes longer than its budget', async () => {
    const app = await renderingApp(ENTRY);
    for (const url of ['/nl/shell', '/nl/broken', '/nl/slow']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
    }
    await app.close();
  });

  it('is off when there is no server build beside the client', async () => {
    const dist = clientBuild(ENTRY);
    builds.push(dist);
    fs.rmSync(path.join(path.dirname(dist), 'dist-ssr'), { recursive: true });
    const app = Fastify({ logger: false });
    expect(await loadPageRenderer(app, dist)).toBeNull();
    await app.close();
  });
});

describe('withPage', () => {
  it('writes the language and escapes the title', () => {
    const html = withPage(SHELL, { html: '<p>x</p>', head: '', title: 'Rings & <Things>', state: { language: 'de' }, passes: 1 });
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<title>Rings &amp; &lt;Things&gt;</title>');
    // Without a description of its own the page keeps the shop's.
    expect(html).toContain('<meta name="description" content="The shop." />');
  });

  it("puts the page's part tags and head before the head's end", () => {
    const html = withPage(SHELL, { html: '', head: '<link rel="canonical" href="/x">', title: null, state: { language: 'nl', parts: ['src/a.tsx'] }, passes: 1 }, '<link rel="stylesheet" href="/assets/a.css">');
    expect(html).toContain('<title>Shop</title><link rel="stylesheet" href="/assets/a.css"><link rel="canonical" href="/x"></head>');
  });
});

describe('leadImagePreload', () => {
  it("preloads the page's first high-priority picture with its candidates and sizes, and nothing for a page without one", () => {
    const markup =
      '<img src="/media/logo.svg" alt=""><img class="card" src="/media/a.svg?size=372" srcset="/media/a.svg?size=372 372w, /media/a.svg?size=744 744w" sizes="(min-width: 60em) 25vw, 50vw" alt="" fetchpriority="high"><img src="/media/b.svg" fetchpriority="high" alt="">';
    expect(leadImagePreload(markup)).toBe(
      '<link rel="preload" as="image" href="/media/a.svg?size=372" imagesrcset="/media/a.svg?size=372 372w, /media/a.svg?size=744 744w" imagesizes="(min-width: 60em) 25vw, 50vw" fetchpriority="high">',
    );
    expect(leadImagePreload('<img fetchpriority="high" alt="" src="/media/hero.svg?x=1&amp;y=2">')).toBe('<link rel="preload" as="image" href="/media/hero.svg?x=1&amp;y=2" fetchpriority="high">');
    expect(leadImagePreload('<img src="/media/a.svg" loading="lazy" alt="">')).toBe('');
    expect(leadImagePreload('<p>no pictures</p>')).toBe('');
  });

  it('goes first in the head, before its fonts, styles and scripts', () => {
    const shell = '<!doctype html><html lang="nl"><head><meta charset="UTF-8" /><link rel="preload" href="/font.woff2" as="font" /><title>Shop</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';
    const html = withPage(shell, { html: '<img src="/media/hero.svg" fetchpriority="high" alt="">', head: '', title: null, state: { language: 'nl' }, passes: 1 });
    expect(html).toContain('<meta charset="UTF-8" /><link rel="preload" as="image" href="/media/hero.svg" fetchpriority="high"><link rel="preload" href="/font.woff2"');
    const bare = withPage(SHELL, { html: '<img src="/media/hero.svg" fetchpriority="high" alt="">', head: '', title: null, state: { language: 'nl' }, passes: 1 });
    expect(bare).toContain('<title>Shop</title><link rel="preload" as="image" href="/media/hero.svg" fetchpriority="high"></head>');
    expect(withPage(shell, { html: '<p>x</p>', head: '', title: null, state: { language: 'nl' }, passes: 1 })).not.toContain('as="image"');
  });
});

describe('the shop serving rendered pages', async () => {
  const dist = clientBuild(ENTRY);
  builds.push(dist);
  const on = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist: dist, env: 'production', devtools: false, serverRender: true } });
  const off = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist: dist, env: 'production', devtools: false, serverRender: false } });

  it('renders a page the shop has; a missing one, index.html (the offline shell) and a HEAD get the plain shell', async () => {
    const page = await on.inject('/nl');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Rendered /nl</h1>');
    const missing = await on.inject('/nl/nowhere-to-be-found');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(SHELL);
    expect((await on.inject('/index.html')).body).toBe(SHELL);
    const head = await on.inject({ method: 'HEAD', url: '/nl' });
    expect(head.statusCode).toBe(200);
  });

  it('is on by default; with SERVER_RENDER=off it serves the shell to every page', async () => {
    expect((await off.inject('/nl')).body).toBe(SHELL);
    expect(loadConfig({ DATA_DIR: os.tmpdir() }).serverRender).toBe(true);
    expect(loadConfig({ DATA_DIR: os.tmpdir(), SERVER_RENDER: 'off' }).serverRender).toBe(false);
    expect(loadConfig({ DATA_DIR: os.tmpdir(), SERVER_RENDER: 'on' }).serverRender).toBe(true);
  });
});
