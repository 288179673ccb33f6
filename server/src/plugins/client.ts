/**
 * Serves the built storefront on the API's port: hashed assets with long caching, and index.html for every
 * other GET that is not an API, media, health or developers' mailbox path, so client-side routes (/nl/..., /en/...) load on refresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './error-handler.ts';

const SERVER_PATHS = /^\/(api|media|health|documentation|dev\/mailbox)(\/|$)/;

export async function registerClient(app: FastifyInstance, dist: string): Promise<NotFoundFallback | undefined> {
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
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(pathname) || path.extname(pathname)) return false;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return true;
  };
}
