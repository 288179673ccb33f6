/**
 * Serves the built storefront on the API's port: hashed assets with long caching, and index.html for every
 * other GET that is not a server path (API, media, health, developers' mailbox) or a file, so client-side routes
 * (/nl/..., /en/...) load on refresh. An address the shop has gets it with 200, any other with 404 (the app then
 * shows its not-found page), so search engines do not index addresses that do not exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { FILE_ADDRESS, SERVER_PATHS } from '@shop/shared/stores/store-pages';
import type { FastifyInstance } from 'fastify';
import type { AddressKnown } from '../features/catalogue/storefront-addresses.ts';
import type { NotFoundFallback } from './error-handler.ts';

export async function registerClient(app: FastifyInstance, dist: string, known: AddressKnown): Promise<NotFoundFallback | undefined> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'no built client found; build it with `pnpm build` to serve the storefront');
    return undefined;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(pathname) || FILE_ADDRESS.test(pathname)) return false;
    const status = (await known(pathname)) ? 200 : 404;
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return true;
  };
}
