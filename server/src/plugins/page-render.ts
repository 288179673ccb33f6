/**
 * Server rendering of store pages (issue 20, decision 048). The client's server build (`client/dist-ssr/`, beside
 * `client/dist/`) renders a page with its data; this puts the markup, the page's head and the state the browser
 * hydrates with into the served index.html. The page's data comes from the shop's own routes, asked in-process
 * (`app.inject`) as the shopper's browser would ask them (their address, so `/api/location` answers for them).
 *
 * Rendering never stands between a shopper and the page: an address outside the stores, a page that takes longer than
 * RENDER_BUDGET_MS, or any failure is served the plain shell, which renders in the browser as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../features/mail/mailbox.page.ts';
import { readPartAssets, type PartAssets } from './page-assets.ts';

/** How long a page may take to render before the shopper gets the shell instead. */
export const RENDER_BUDGET_MS = 2500;

type Transport = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

interface RenderedPage {
  html: string;
  head: string;
  title: string | null;
  state: { language: string; parts?: string[] };
  passes: number;
}

/** What the client's server build exports (client/src/entry-server.tsx). */
export interface ServerEntry {
  renderPage(url: string, options: { origin: string; transport: Transport }): Promise<RenderedPage | null>;
}

/** Renders a page request into the shell; null when it serves the shell as it is. */
export type PageRenderer = (request: FastifyRequest, shell: string) => Promise<string | null>;

/** The renderer of the client's server build next to `clientDist`, or null when there is none. */
export async function loadPageRenderer(app: FastifyInstance, clientDist: string, { budgetMs = RENDER_BUDGET_MS } = {}): Promise<PageRenderer | null> {
  const entryFile = path.join(path.dirname(clientDist), 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(entryFile)) {
    app.log.warn({ entryFile }, 'no server build of the client found: pages render in the browser only (build the client with `pnpm build`)');
    return null;
  }
  const shellFile = path.join(clientDist, 'index.html');
  const assets = fs.existsSync(shellFile) ? readPartAssets(clientDist, fs.readFileSync(shellFile, 'utf8')) : null;
  return pageRenderer(app, (await import(pathToFileURL(entryFile).href)) as ServerEntry, { budgetMs, assets });
}

/** Renders pages with `entry`, within `budgetMs` each; `assets` links the styles and chunks of the parts a page rendered. */
export function pageRenderer(app: FastifyInstance, entry: ServerEntry, { budgetMs = RENDER_BUDGET_MS, assets = null }: { budgetMs?: number; assets?: PartAssets | null } = {}): PageRenderer {
  return async (request, shell) => {
    const origin = `${request.protocol}://${request.host}`;
    const transport = inProcess(app, request);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), budgetMs);
    });
    try {
      const page = await Promise.race([entry.renderPage(request.url, { origin, transport }), late]);
      if (page === 'late') {
        request.log.warn({ url: request.url, budgetMs }, 'a page took too long to render on the server: the shell is served');
        return null;
      }
      // The page's parts, and the texts every page loads before it starts (client/src/app/i18n.ts), in its language.
      return page ? withPage(shell, page, assets?.([...(page.state.parts ?? []), `src/locales/${page.state.language}/common.json`]) ?? '') : null;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'a page failed to render on the server: the shell is served');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The page request's headers that say nothing about the shopper, or would change the form of an API answer. */
const NOT_PASSED_ON = new Set(['accept', 'accept-encoding', 'connection', 'content-length', 'content-type', 'expect', 'if-match', 'if-modified-since', 'if-none-match', 'if-range', 'if-unmodified-since', 'range', 'transfer-encoding', 'upgrade']);

/**
 * `fetch` for the renderer: the shop's own routes, asked in-process as the shopper's browser would ask them: from
 * their address, with their request's headers (the location header a proxy sets, their languages).
 */
function inProcess(app: FastifyInstance, request: FastifyRequest): Transport {
  const shopper: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !NOT_PASSED_ON.has(name)) shopper[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input), 'http://shop.invalid');
    const headers: Record<string, string> = { ...shopper };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * A preload of the page's lead picture: the first image it marks `fetchpriority="high"` (the home page's banner, a
 * listing's first cards, a product's first picture), with its candidates and sizes; '' when it marks none. The
 * attributes come from React's markup, already escaped for a quoted attribute.
 */
export function leadImagePreload(markup: string): string {
  const image = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(markup)?.[0];
  if (!image) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(image)?.[1];
  const src = attribute('src');
  if (!src) return '';
  const srcset = attribute('srcset');
  const sizes = attribute('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`;
}

/**
 * The served shell with the rendered page in it: markup in `#root`, head tags (with `partTags`, its parts' styles and
 * chunks), language, and the hydration state.
 */
export function withPage(shell: string, page: RenderedPage, partTags = ''): string {
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  let html = shell.replace(/<html lang="[^"]*"/, `<html lang="${page.state.language}"`);
  if (page.title !== null) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  // The page's own description replaces the shop's.
  if (page.head.includes('<meta name="description"')) html = html.replace(/\s*<meta name="description"[^>]*>/, '');
  html = html.replace('</head>', `${partTags}${page.head}</head>`);
  // The lead picture is asked for before the head's fonts, styles and scripts: over HTTP/1.1 a browser opens six
  // connections to a host, and a picture found in the body waits behind the thirty-odd files the head links.
  const lead = leadImagePreload(page.html);
  if (lead) html = html.replace(/<link\b|<script\b|<\/head>/, (first) => `${lead}${first}`);
  return html.replace('<div id="root"></div>', `<div id="root">${page.html}</div><script id="shop-ssr" type="application/json">${state}</script>`);
}
