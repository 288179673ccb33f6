/**
 * Serves the built storefront on the API's port: hashed assets with long caching, and index.html for every
 * other GET that is not a server path (API, media, health, developers' mailbox) or a file, so client-side routes
 * (/nl/..., /en/...) load on refresh. An address the shop has gets it with 200, any other with 404 (the app then
 * shows its not-found page), so search engines do not index addresses that do not exist.
 *
 * With the developers' visualizer on (`DEVTOOLS`, issue 15) the page carries `<meta name="shop-devtools" content="on">`
 * (the client then loads the visualizer's agent once the page is idle) and `/__devtools` is an address of the shop;
 * with it off there is no meta and `/__devtools` is not found. index.html is served from memory at its own address
 * too, so the offline shell (which precaches /index.html) carries the same meta.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { FILE_ADDRESS, SERVER_PATHS } from '@shop/shared/stores/store-pages';
import type { FastifyInstance } from 'fastify';
import type { AddressKnown } from '../features/catalogue/storefront-addresses.ts';
import type { NotFoundFallback } from './error-handler.ts';
import { loadPageRenderer } from './page-render.ts';

/** The visualizer's address (its client route). */
export const DEVTOOLS_ADDRESS = /^\/__devtools\/?$/;
export const DEVTOOLS_META = '<meta name="shop-devtools" content="on" />';

/** The page as served: with the visualizer on, its meta goes at the end of the head. */
export function servedIndexHtml(html: string, devtools: boolean): string {
  if (!devtools) return html;
  return html.includes('</head>') ? html.replace('</head>', `  ${DEVTOOLS_META}\n  </head>`) : `${DEVTOOLS_META}${html}`;
}

/**
 * How a page goes out. The compression plugin compresses what routes answer, and a page is the not-found handler's
 * answer, so it is compressed here: a rendered page is about 120 kB, under 25 kB compressed, most of a phone's first
 * wait on a slow line. Brotli when the browser takes it, else gzip, else as it is (a `q=0` refuses an encoding).
 */
export function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const taken = new Set<string>();
  for (const part of (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name && (quality === undefined || Number(quality) > 0)) taken.add(name.trim());
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return 'identity';
}

/** A quality that compresses a page in a few milliseconds, within a few per cent of the best. */
const brotliPage = (html: string) => brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } });

export async function registerClient(
  app: FastifyInstance,
  dist: string,
  known: AddressKnown,
  options: { devtools: boolean; serverRender?: boolean } = { devtools: false },
): Promise<NotFoundFallback | undefined> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'no built client found; build it with `pnpm build` to serve the storefront');
    return undefined;
  }
  const indexHtml = servedIndexHtml(fs.readFileSync(indexFile, 'utf8'), options.devtools);
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml));
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // Served above, as every page is, with the visualizer's meta when it is on.
    globIgnore: ['index.html'],
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // index.html itself stays the plain shell: the offline shell precaches it and renders every page from it.
  const render = options.serverRender ? await loadPageRenderer(app, dist) : null;
  return async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(pathname) || FILE_ADDRESS.test(pathname)) return false;
    const status = (options.devtools && DEVTOOLS_ADDRESS.test(pathname)) || (await known(pathname)) ? 200 : 404;
    const page = render && status === 200 && request.method === 'GET' ? await render(request, indexHtml) : null;
    const html = page ?? indexHtml;
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding === 'identity') reply.send(html);
    else reply.header('content-encoding', encoding).send(encoding === 'br' ? brotliPage(html) : gzipSync(html));
    return true;
  };
}
