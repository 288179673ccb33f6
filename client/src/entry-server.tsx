/**
 * Server rendering (issue 20, decision 048): the server renders a store page's first request with the data it needs,
 * and the browser hydrates it (main.tsx). Built apart from the app (`vite build -c vite.ssr.config.ts`) into
 * `dist-ssr/entry-server.js`, which the server loads when it is there (server/src/plugins/page-render.ts).
 *
 * A page renders in passes (app/server-pass.ts): what a pass's components would load in their effects is loaded,
 * then the page renders again, at most MAX_PASSES times; the resource cache and the texts the page used go into the
 * page for the browser's first render. Pages render one at a time (the interface language is i18next's one global),
 * each from a fresh cache: the shop's answers are never older than the request.
 */
import type { StoreCode, VisitorLocation } from '@shop/shared';
import { isStoreCode, STORE_VIEWS } from '@shop/shared/stores/stores';
import { createMemoryHistory } from '@tanstack/react-router';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initI18n } from './app/i18n.ts';
import { shopNetwork, type Transport } from './app/network.ts';
import { apiGet } from './app/api.ts';
import { cached, cachedEntries, clearCache } from './app/resource.ts';
import { renderForLocation } from './features/location/shopper-country.ts';
import { createShopRouter } from './app/router.tsx';
import { ShopApp } from './app/shop-app.tsx';
import { beginPass, endPass, setServerOrigin } from './app/server-pass.ts';
import { beginRenderedParts, renderedParts } from './app/lazy-part.ts';
import { absolute, type PageHead } from './ui/page-head.ts';

const MAX_PASSES = 5;
const LOCATION_URL = '/api/location';

/**
 * The pages rendered on the server (their leaf routes): the shop's public pages, and checkout's shape (its header
 * and the skeleton it shows while the local database opens: issue 20 item 3, the form's frame at once). The other
 * pages of a shopper's own (cart, account, compare, order status) show what only the browser knows, so they start
 * from the shell.
 */
const RENDERED_ROUTES = new Set(['/$store/', '/$store/$', '/$store/search', '/$store/i/$slug', '/$store/testimonial', '/$store/magazine/$', '/$store/checkout']);

/** What the browser's first render needs to match the server's (main.tsx reads it from `#shop-ssr`). */
export interface RenderedState {
  store: StoreCode;
  language: string;
  /** The resource cache's answers (app/resource.ts). */
  cache: Array<[string, unknown]>;
  /** The texts the page used beyond `common`, by namespace. */
  texts: Record<string, unknown>;
  /** The location the page was rendered for (GET /api/location, asked as the shopper). */
  location: VisitorLocation | null;
  /** The lazy parts the page rendered (app/lazy-part.ts), which the browser loads before it hydrates. */
  parts: string[];
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** Tags for `<head>`: the page's title, description, canonical and alternates, structured data, preloads. */
  head: string;
  title: string | null;
  state: RenderedState;
  /** Renders it took (1 when the page wanted nothing beyond its route's loader). */
  passes: number;
  /** What failed while rendering (that part of the page then renders in the browser). */
  errors: string[];
}

/** Pages waiting to render beyond which a request gets the shell at once (a burst never queues up minutes of work). */
const MAX_WAITING = 8;

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * Renders `pathname` (with its query) of a store; null for an address outside the stores or one the app redirects
 * (the browser then starts from the shell, as before). `origin` makes the canonical and alternate links absolute.
 */
export function renderPage(url: string, options: { origin: string; transport: Transport }): Promise<RenderedPage | null> {
  if (waiting >= MAX_WAITING) return Promise.resolve(null);
  waiting += 1;
  const run = queue.then(() => {
    waiting -= 1;
    return renderNow(url, options);
  });
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(url: string, { origin, transport }: { origin: string; transport: Transport }): Promise<RenderedPage | null> {
  const requested = new URL(url, origin);
  const store = requested.pathname.split('/')[1];
  if (!isStoreCode(store)) return null;
  const language = STORE_VIEWS[store].i18n.language;
  shopNetwork.transport = transport;
  setServerOrigin(origin);
  clearCache();
  await initI18n(language);
  const router = createShopRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  // A redirect (a child variant opens its parent, a category named by its id) is the browser's to follow.
  if (samePath(router.state.location.pathname) !== samePath(requested.pathname)) return null;
  if (!RENDERED_ROUTES.has(router.state.matches.at(-1)?.routeId ?? '')) return null;
  const errors: string[] = [];
  // The shopper's location (their address, through the transport): the prices of their market where it is the store's.
  const location = await cached(LOCATION_URL, () => apiGet<VisitorLocation>(LOCATION_URL)).catch(() => null);
  renderForLocation(location);
  let html = '';
  let head: { head: PageHead; siteName: string } | null = null;
  let passes = 0;
  let parts: string[] = [];
  while (passes < MAX_PASSES) {
    passes += 1;
    beginPass();
    beginRenderedParts();
    errors.length = 0;
    html = await renderToString(<ShopApp router={router} />, errors);
    parts = renderedParts();
    const pass = endPass();
    head = pass.head ?? head;
    if (pass.wants.size === 0) break;
    await Promise.allSettled([...pass.wants.values()].map((load) => load()));
  }
  const { body, hoisted } = splitHoisted(html);
  const texts: Record<string, unknown> = {};
  for (const namespace of Object.keys(i18next.store.data[language] ?? {})) {
    if (namespace !== 'common') texts[namespace] = i18next.getResourceBundle(language, namespace);
  }
  return {
    html: body,
    head: hoisted + (head ? headTags(head.head) : ''),
    title: head ? (head.head.title ? `${head.head.title} | ${head.siteName}` : head.siteName) : null,
    state: { store, language, cache: cachedEntries(), texts, location, parts },
    passes,
    errors,
  };
}

function samePath(pathname: string): string {
  try {
    return decodeURI(pathname).replace(/\/+$/, '');
  } catch {
    return pathname;
  }
}

async function renderToString(node: ReactNode, errors: string[]): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, {
    // One piece: a boundary is never cut out of the markup to be swapped in by a script later.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error instanceof Error ? `${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}` : String(error));
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** React puts the preloads it found (the page's priority pictures) before the markup: they belong in `<head>`. */
function splitHoisted(html: string): { body: string; hoisted: string } {
  const match = /^(?:<link [^>]*>)+/.exec(html);
  return match ? { body: html.slice(match[0].length), hoisted: match[0] } : { body: html, hoisted: '' };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The head a page writes in the browser (ui/page-head.ts), as markup; marked so the browser replaces it. */
function headTags(head: PageHead): string {
  const tags: string[] = [];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" data-page-head>`);
  if (head.path !== undefined) {
    tags.push(`<link rel="canonical" href="${escapeHtml(absolute(head.store, head.path))}" data-page-head>`);
    const alternates = [{ store: head.store, path: head.path }, ...(head.alternates ?? []).filter((alternate) => alternate.store !== head.store)];
    if (alternates.length > 1) {
      for (const alternate of alternates) {
        tags.push(`<link rel="alternate" hreflang="${STORE_VIEWS[alternate.store].i18n.language}" href="${escapeHtml(absolute(alternate.store, alternate.path))}" data-page-head>`);
      }
    }
  }
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}" data-page-head>`);
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json" data-page-head>${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  return tags.join('');
}
