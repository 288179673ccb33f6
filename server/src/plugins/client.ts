/**
 * Serves the built storefront on the API's port: hashed assets with long caching, and index.html for every
 * other GET that is not an API, media or health path, so client-side routes (/nl/..., /en/...) load on refresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

const SERVER_PATHS = /^\/(api|media|health|documentation)(\/|$)/;

export async function registerClient(app: FastifyInstance, dist: string): Promise<void> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'no built client found; build it with `pnpm build` to serve the storefront');
    return;
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
  const sendIndex = (_request: unknown, reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: string) => unknown } } }) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(pathname) && !path.extname(pathname)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send(errorBody(404, 'not_found', `Route ${request.method} ${pathname} not found`));
  });
}
