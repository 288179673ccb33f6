/**
 * Builds the shop's server: configuration in, a ready Fastify instance out (tests call it with `inject`).
 * Reads like a table of contents: storage, cross-cutting plugins, then one line per feature.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from './config.ts';
import { CartRepository } from './features/cart/cart.repository.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { CartService } from './features/cart/cart.service.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { CatalogueService } from './features/catalogue/catalogue.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { locationRoutes } from './features/location/location.routes.ts';
import { renderListRoutes } from './features/location/render-list.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { InProcessChangeFeed } from './features/replication/change-feed.ts';
import { Owners } from './features/replication/owner.ts';
import { replicationRoutes } from './features/replication/replication.routes.ts';
import { ReplicationRepository } from './features/replication/replication.repository.ts';
import { StockRepository } from './features/stock/stock.repository.ts';
import { stockRoutes } from './features/stock/stock.routes.ts';
import { registerClient } from './plugins/client.ts';
import { errorBody, registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { migrateToLatest, openSqlite, type Db } from './storage/database.ts';
import { seedDemoIfEmpty } from './storage/seed/seed-demo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    catalogue: CatalogueService;
  }
}

export interface BuildOptions {
  clock?: () => Date;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1_048_576,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed address) get the same envelope as every other error.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(400).send(errorBody(400, 'bad_request', error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : error.message));
    },
  });

  const db = openSqlite(config.databaseFile);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.destroy());

  const migrations = await migrateToLatest(db);
  const applied = migrations.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  if (applied.length) app.log.info({ applied }, 'database migrated');
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(db, { seed: config.demoSeed, productCount: config.demoProducts, useUrlKeys: config.useUrlKeys, now: clock(), dataDir: config.dataDir });
    if (seeded) app.log.info(seeded, 'demo catalogue seeded');
  }

  const catalogue = new CatalogueService(db, {
    useUrlKeys: config.useUrlKeys,
    clock,
    searchCacheTtlSeconds: config.searchCacheTtlSeconds,
    preventChildDirectAccess: config.preventChildDirectAccess,
    taxCountry: config.taxCountry,
  });
  await catalogue.refresh();
  app.decorate('catalogue', catalogue);
  app.addHook('onClose', async () => catalogue.close());

  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(healthRoutes(catalogue, clock()));
  await app.register(catalogueRoutes(catalogue));
  await app.register(stockRoutes(db, config));
  await app.register(locationRoutes(config));
  await app.register(renderListRoutes(catalogue, config));
  await app.register(mediaRoutes({ dataDir: config.dataDir }));
  const now = () => clock().getTime();
  const feed = new InProcessChangeFeed();
  const replication = new ReplicationRepository(db, feed, now);
  const owners = new Owners(db);
  await app.register(replicationRoutes({ repository: replication, owners, feed }));
  const cartService = new CartService(replication, new CartRepository(db, now), catalogue, new StockRepository(db), config, now);
  await app.register(cartRoutes(cartService, owners));
  registerNotFoundHandler(app, config.clientDist ? await registerClient(app, config.clientDist) : undefined);

  return app;
}
