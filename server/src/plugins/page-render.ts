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

/** How long a page may take to render before the shopper gets the shell instead. */
export const RENDER_BUDGET_MS = 2500;

type Transport = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

interface RenderedPage {
  html: string;
  head: string;
  title: string | null;
  state: { language: string };
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
  return pageRenderer(app, (await import(pathToFileURL(entryFile).href)) as ServerEntry, { budgetMs });
}

/** Renders pages with `entry`, within `budgetMs` each. */
export function pageRenderer(app: FastifyInstance, entry: ServerEntry, { budgetMs = RENDER_BUDGET_MS } = {}): PageRenderer {
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
      return page ? withPage(shell, page) : null;
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

/** The served shell with the rendered page in it: markup in `#root`, head tags, language, and the hydration state. */
export function withPage(shell: string, page: RenderedPage): string {
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  let html = shell.replace(/<html lang="[^"]*"/, `<html lang="${page.state.language}"`);
  if (page.title !== null) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  // The page's own description replaces the shop's.
  if (page.head.includes('<meta name="description"')) html = html.replace(/\s*<meta name="description"[^>]*>/, '');
  html = html.replace('</head>', `${page.head}</head>`);
  return html.replace('<div id="root"></div>', `<div id="root">${page.html}</div><script id="shop-ssr" type="application/json">${state}</script>`);
}
