/**
 * Builds the shop's server: configuration in, a ready Fastify instance out (tests call it with `inject`).
 * Reads like a table of contents: storage, cross-cutting plugins, then one line per feature.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from './config.ts';
import { createAccounts } from './features/accounts/accounts.ts';
import { accountRoutes } from './features/accounts/accounts.routes.ts';
import { AccountThrottle, formThrottle } from './features/accounts/account-throttle.ts';
import { registerThrottle } from './plugins/throttle.ts';
import { bearerToken } from './features/replication/owner.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { AppointmentBook } from './features/boutiques/appointments.ts';
import { seedBoutiquesIfEmpty } from './features/boutiques/boutiques-seed.ts';
import { BoutiquesRepository } from './features/boutiques/boutiques.repository.ts';
import { boutiqueRoutes } from './features/boutiques/boutiques.routes.ts';
import { createCaptcha } from './features/captcha/captcha.ts';
import { captchaRoutes } from './features/captcha/captcha.routes.ts';
import { CartRepository } from './features/cart/cart.repository.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { CartService } from './features/cart/cart.service.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { checkoutConfigRoutes } from './features/checkout-config/checkout-config.routes.ts';
import { shopDetailsRoutes } from './features/shop-details/shop-details.routes.ts';
import type { BuildPlace } from './features/catalogue/catalogue.build.ts';
import { CatalogueService } from './features/catalogue/catalogue.service.ts';
import { storefrontAddresses } from './features/catalogue/storefront-addresses.ts';
import { urlMapper } from './features/catalogue/url-map.ts';
import { ContentRepository } from './features/content/content.repository.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { cmsPageResolver, ContentService } from './features/content/content.service.ts';
import { sitemapRoutes } from './features/content/sitemap.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { formsRoutes } from './features/forms/forms.routes.ts';
import { FormsService } from './features/forms/forms.service.ts';
import { inboxAdminRoutes } from './features/forms/inbox.admin.routes.ts';
import { publicFormGuard } from './features/forms/public-form.ts';
import { applyRetention } from './features/forms/retention.ts';
import { uploadsRoutes } from './features/forms/uploads.routes.ts';
import { locationRoutes } from './features/location/location.routes.ts';
import { mailboxRoutes } from './features/mail/mailbox.routes.ts';
import { smtpTransport } from './features/mail/smtp.ts';
import { OutboxMailer, type Mailer } from './features/mail/mailer.ts';
import { OutboxRepository } from './features/mail/outbox.repository.ts';
import { createOrders } from './features/orders/orders.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { orderStatusRoutes } from './features/order-status/order-status.routes.ts';
import type { PaymentFetch } from './features/payments/payment-provider.ts';
import { createPayments } from './features/payments/payments.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { sandboxRoutes } from './features/payments/sandbox/sandbox.routes.ts';
import { renderListRoutes } from './features/location/render-list.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { NewsletterCoupons } from './features/newsletter/newsletter-coupons.ts';
import { newsletterProof, newsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import { loadTokenSecret } from './features/accounts/token-secret.ts';
import { createNewsletterProvider } from './features/newsletter/newsletter.ts';
import { InProcessChangeFeed, type ChangeFeed } from './features/replication/change-feed.ts';
import { PostgresLogFeed } from './features/replication/log-feed.ts';
import { Owners } from './features/replication/owner.ts';
import { replicationRoutes } from './features/replication/replication.routes.ts';
import { ReplicationRepository } from './features/replication/replication.repository.ts';
import { ReviewsRepository } from './features/reviews/reviews.repository.ts';
import { CheckoutMethods } from './features/shipping/checkout-methods.ts';
import { customerFromToken, reviewRoutes } from './features/reviews/reviews.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { StockRepository } from './features/stock/stock.repository.ts';
import { stockRoutes } from './features/stock/stock.routes.ts';
import { StockAlerts } from './features/stock/stock-alerts.ts';
import { stockAlertRoutes } from './features/stock/stock-alerts.routes.ts';
import { registerClient } from './plugins/client.ts';
import { clientErrorHandler, errorBody, registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler.ts';
import { refuseNulInAddress, registerJsonBodyParser } from './plugins/json-body.ts';
import { REDACTED_HEADERS, redactingStream, requestSerializer } from './plugins/log-redact.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sql } from 'kysely';
import { startCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from './storage/checkpointer.ts';
import { migrateToLatest, openDatabase, type Db } from './storage/database.ts';
import { withStartupLock } from './storage/engine.ts';
import { PostgresNotifications } from './storage/notifications.ts';
import { restrictToOwner } from './storage/owner-only.ts';
import { seedDemoContentIfEmpty, seedDemoIfEmpty } from './storage/seed/seed-demo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    catalogue: CatalogueService;
    mailer: Mailer;
    stockAlerts: StockAlerts;
  }
}

export interface BuildOptions {
  clock?: () => Date;
  /** The payment adapters' fetch (tests give recorded provider answers). */
  paymentFetch?: PaymentFetch;
  /** Where the logs go instead of stdout as JSON (server.ts: readable lines on a terminal). */
  logStream?: { write(line: string): void };
  /** How often an open replication stream re-checks its credential (tests make it short). */
  streamRecheckMs?: number;
  /** Where the catalogue is built (catalogue.build.ts): `auto` (a worker thread for a large one) unless a test says. */
  catalogueBuildPlace?: BuildPlace;
}

const DAY_MS = 86_400_000;

/** TRUST_PROXY as a number of hops: the nearest `hops` proxies may name the client (Fastify types take a function). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    // No credential reaches a log line (log-redact.ts): not in the address, a header, or any other field.
    logger: {
      level: config.logLevel,
      redact: REDACTED_HEADERS,
      serializers: { req: requestSerializer },
      stream: redactingStream(options.logStream ?? process.stdout),
    },
    bodyLimit: 1_048_576,
    forceCloseConnections: true,
    // The client's address (the throttles count by it) comes from X-Forwarded-For only behind a trusted proxy.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed address) get the same envelope as every other error.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(400).send(errorBody(400, 'bad_request', error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : error.message));
    },
  });

  const db = await openDatabase(config, { onIdleError: (error) => app.log.warn({ err: error }, 'an idle PostgreSQL connection failed; the pool opens another') });
  // Whatever an older version left in the data folder becomes the owner's only (storage/owner-only.ts).
  restrictToOwner(config.dataDir);
  app.decorate('db', db);
  // WAL checkpoints (and their fsyncs) run on a worker thread, not inside a shopper's commit (decision 024); SQLite only.
  const database = config.database;
  const checkpointer =
    database.engine === 'sqlite'
      ? startCheckpointer(database.file, { onError: (message) => app.log.warn({ err: message }, 'the background WAL checkpoint failed') })
      : null;
  if (database.engine === 'sqlite') await sql`pragma wal_autocheckpoint = ${sql.lit(WRITER_AUTOCHECKPOINT_PAGES)}`.execute(db);
  app.addHook('onClose', async () => {
    await checkpointer?.stop();
    await db.destroy();
  });

  // Instances starting together on one PostgreSQL database migrate and seed one after another (storage/engine.ts).
  await withStartupLock(db, async (db) => {
    const migrations = await migrateToLatest(db);
    const applied = migrations.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    if (applied.length) app.log.info({ applied }, 'database migrated');
    if (config.seedDemo) {
      const seeded = await seedDemoIfEmpty(db, { seed: config.demoSeed, productCount: config.demoProducts, useUrlKeys: config.useUrlKeys, now: clock(), dataDir: config.dataDir });
      if (seeded) app.log.info(seeded, 'demo catalogue seeded');
      const boutiques = await seedBoutiquesIfEmpty(db, () => clock().getTime());
      if (boutiques) app.log.info({ boutiques }, 'demo boutiques seeded');
      const content = await seedDemoContentIfEmpty(db, { seed: config.demoSeed, productCount: config.demoProducts, now: clock(), dataDir: config.dataDir });
      if (content) app.log.info({ ...content, warnings: content.warnings.length }, 'demo content seeded');
    }
  });
  // One signing key for every instance on the database (token-secret.ts): loaded once, handed to each feature.
  const secret = await loadTokenSecret(db, config.dataDir, config.accounts.tokenSecret);
  // On PostgreSQL other instances write too: their replication writes and catalogue imports are heard through
  // LISTEN (storage/notifications.ts) and polled for; on SQLite this process is the only writer.
  const notifications =
    database.engine === 'postgres'
      ? new PostgresNotifications(database.url, { onError: (error) => app.log.warn({ err: error }, 'the PostgreSQL notification connection failed; it is opened again') })
      : null;
  app.addHook('onClose', async () => notifications?.close());

  const catalogue = new CatalogueService(db, {
    useUrlKeys: config.useUrlKeys,
    clock,
    searchCacheTtlSeconds: config.searchCacheTtlSeconds,
    preventChildDirectAccess: config.preventChildDirectAccess,
    taxCountry: config.taxCountry,
    priceSyncWait: config.priceSyncWait,
    database: config.database,
    buildPlace: options.catalogueBuildPlace ?? ({ auto: 'auto', worker: 'always', here: 'never' } as const)[config.catalogueBuild],
    onLoadFailed: (error) => app.log.error({ err: error }, 'the catalogue could not be loaded; the catalogue served so far (if any) stays'),
    onLoaded: (load) => app.log.info(load, 'catalogue loaded'),
  });
  // The catalogue loads while the shop already answers (a large one takes seconds): until it is in, what needs it
  // answers a 503 `catalogue_loading`, the rest as usual. Tests and benches wait for `app.catalogue.ready()`.
  catalogue.start();
  // An import through another instance or the CLI shows here within WATCH_MS (at once when notified).
  catalogue.watch({ ...(notifications ? { notifications } : {}), onError: (error) => app.log.warn({ err: error }, 'the catalogue version could not be checked') });
  app.decorate('catalogue', catalogue);
  app.addHook('onClose', async () => catalogue.close());

  const outbox = new OutboxRepository(db);
  const smtp = config.mail.smtpUrl ? await smtpTransport(config.mail.smtpUrl) : null;
  const mailer = new OutboxMailer(outbox, { from: config.mail.from, transport: smtp, now: () => clock().getTime(), log: app.log });
  app.decorate('mailer', mailer);
  // Mails hold customers' names and addresses: the outbox keeps them MAIL_KEEP_DAYS, checked at start and daily.
  const pruneOutbox = () =>
    outbox
      .prune(clock().getTime() - config.mail.keepDays * DAY_MS)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'old mails removed from the outbox'))
      .catch((error: unknown) => app.log.error({ err: error }, 'old mails could not be removed from the outbox'));
  const outboxPruning = setInterval(() => void pruneOutbox(), DAY_MS).unref();
  app.addHook('onReady', async () => {
    await pruneOutbox();
  });
  app.addHook('onClose', async () => {
    clearInterval(outboxPruning);
    mailer.close();
    await mailer.settled();
    smtp?.close();
  });

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  refuseNulInAddress(app);
  await registerSecurityHeaders(app, { publicUrl: config.accounts.publicUrl, recaptcha: config.captcha.provider === 'recaptcha' });
  await registerOpenApi(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(healthRoutes(catalogue, clock()));
  // The content store (issue 18): CMS pages and blocks, the magazine, testimonials; the URL map also finds CMS pages.
  const contentRepository = new ContentRepository(db);
  const content = new ContentService(contentRepository, () => clock().getTime());
  const mapUrl = urlMapper(catalogue, [cmsPageResolver(content)]);
  await app.register(catalogueRoutes(catalogue, { mapUrl }));
  await app.register(contentRoutes(content));
  await app.register(sitemapRoutes({ db, content: contentRepository, publicUrl: config.accounts.publicUrl, now: () => clock().getTime() }));
  await app.register(stockRoutes(db, config));
  await app.register(locationRoutes(catalogue, config));
  await app.register(renderListRoutes(catalogue, config));
  await app.register(mediaRoutes({ dataDir: config.dataDir }));
  if (config.mail.devMailbox) await app.register(mailboxRoutes(outbox));
  const now = () => clock().getTime();
  let feed: ChangeFeed = new InProcessChangeFeed();
  if (notifications) {
    const logFeed = new PostgresLogFeed(db, { notifications, onError: (error) => app.log.warn({ err: error }, 'the replication log could not be read') });
    await logFeed.start();
    feed = logFeed;
    await notifications.start();
  }
  const replication = new ReplicationRepository(db, feed, now);
  const carts = new CartRepository(db, now);
  const accounts = createAccounts({ db, replication, carts, mailer: app.mailer, config, secret, now, log: app.log });
  const owners = new Owners(db, accounts.ownerOfToken, { tokenInUrl: config.accounts.tokenInUrl });
  const captcha = createCaptcha(config.captcha, { db, now, log: app.log });
  const throttle = await registerThrottle(app, { db, now, captcha });
  const accountThrottle = new AccountThrottle(throttle, config.accounts.rateLimit);
  await app.register(accountRoutes(accounts, { ...config.accounts, throttle: accountThrottle, registration: formThrottle(throttle, 'register', config.accounts.forms), now }));
  await app.register(replicationRoutes({ repository: replication, owners, feed, db, now, ...(options.streamRecheckMs ? { recheckMs: options.streamRecheckMs } : {}) }));
  const cartService = new CartService(replication, carts, catalogue, new StockRepository(db), config, now);
  const checkoutMethods = new CheckoutMethods(config.orders, config.payments.provider);
  await app.register(cartRoutes(cartService, owners, checkoutMethods, config));
  await app.register(checkoutConfigRoutes(config));
  await app.register(shopDetailsRoutes(config, checkoutMethods));
  // Back-in-stock and price-drop alerts (issue 19): checked after a cancel gives stock back, after every catalogue
  // load (an import on any instance or the CLI, a special price starting), at start and every minute.
  const stockAlerts = new StockAlerts({ db, prices: catalogue, mailer, publicUrl: config.accounts.publicUrl, now, log: app.log });
  app.decorate('stockAlerts', stockAlerts);
  const stopAlertWatch = catalogue.onLoaded(() => void stockAlerts.notifyDueQuietly());
  // Before the first catalogue is in there are no prices to compare: its load (onLoaded above) runs the first sweep.
  const alertSweep = setInterval(() => catalogue.isLoaded && void stockAlerts.notifyDueQuietly(), 60_000).unref();
  app.addHook('onReady', async () => {
    if (catalogue.isLoaded) await stockAlerts.notifyDueQuietly();
  });
  app.addHook('onClose', async () => {
    clearInterval(alertSweep);
    stopAlertWatch();
  });
  const orders = createOrders({ db, replication, catalogue, methods: checkoutMethods, mailer, config, secret, now, stockReleased: (skus) => stockAlerts.notifyDueQuietly(skus), log: app.log });
  app.decorate('orders', orders.service);
  await app.register(orderRoutes({ replication, owners, contactEmail: config.orders.contactEmail }));
  app.addHook('onReady', async () => {
    // Mail a crash left queued (or an older order left without its confirmation) goes out at start.
    await orders.mailPending();
    await mailer.flush();
  });
  const payments = createPayments({
    db,
    orders: orders.service,
    config,
    secret,
    now,
    // The sandbox notifies the shop's own notification route, in-process: signed and checked like a provider's.
    sandboxNotify: async (url, body, headers) => (await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
    ...(options.paymentFetch ? { fetch: options.paymentFetch } : {}),
    log: app.log,
  });
  app.decorate('payments', payments.service);
  // Orders left unpaid past the payment window give their stock back: checked at start and every minute.
  const expireUnpaid = () =>
    payments.service
      .expireUnpaid()
      .then((canceled) => canceled > 0 && app.log.info({ canceled }, 'orders not paid in time were canceled'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unpaid orders could not be checked'));
  const unpaidExpiry = setInterval(() => void expireUnpaid(), 60_000).unref();
  app.addHook('onReady', async () => {
    await expireUnpaid();
  });
  app.addHook('onClose', async () => clearInterval(unpaidExpiry));
  await app.register(paymentRoutes(payments.service, { basePath: config.payments.basePath, customerOwner: accounts.ownerOfToken }));
  if (payments.sandbox) await app.register(sandboxRoutes(payments.sandbox));
  await app.register(orderStatusRoutes({ orders: orders.service, payments: payments.service, methods: checkoutMethods, catalogue, bankAccount: config.orders.bankAccount }));
  await app.register(captchaRoutes(captcha));
  const newsletter = createNewsletterProvider(config.newsletter, { db, now, log: app.log });
  const proof = newsletterProof(secret, async (request) => {
    const token = bearerToken(request.headers.authorization);
    const identity = token ? await accounts.authenticate(token) : null;
    return identity ? accounts.emailOf(identity) : null;
  });
  await app.register(newsletterRoutes({ provider: newsletter, captcha, coupons: new NewsletterCoupons(db, now), mailer, proof, publicUrl: config.accounts.publicUrl, now }));
  const reviews = new ReviewsRepository(db, now);
  await app.register(
    reviewRoutes({ reviews, customerOf: customerFromToken((token) => accounts.identify(token), config.accounts), throttle: formThrottle(throttle, 'review', config.accounts.forms), now }),
  );
  await app.register(adminRoutes({ reviews, adminToken: config.adminToken }));
  const customerOf = customerFromToken((token) => accounts.identify(token), config.accounts);
  await app.register(stockAlertRoutes({ alerts: stockAlerts, customerOf, throttle, now }));
  const forms = new FormsService({ mailer, notify: { to: config.forms.notifyTo, language: config.forms.notifyLanguage }, bankAccount: config.orders.bankAccount, now });
  await app.register(formsRoutes({ db, forms, mailer, throttle, rate: config.accounts.forms, customerOf, shipToCountries: config.orders.shipToCountries, now }));
  await app.register(uploadsRoutes({ db, dataDir: config.dataDir, throttle, maxBytes: config.forms.uploadMaxBytes, rate: { max: config.forms.uploadRateMax, windowSeconds: config.accounts.forms.windowSeconds }, now }));
  await app.register(inboxAdminRoutes({ db, dataDir: config.dataDir, adminToken: config.adminToken, now }));
  // The inbox keeps personal data and photos INBOX_KEEP_DAYS (features/forms/retention.ts): checked at start and daily.
  const pruneInbox = () =>
    applyRetention(db, { dataDir: config.dataDir, keepDays: config.forms.keepDays, now: now() })
      .then((removed) => (removed.redacted || removed.unlinked) && app.log.info(removed, 'old form submissions redacted'))
      .catch((error: unknown) => app.log.error({ err: error }, 'old form submissions could not be redacted'));
  const inboxPruning = setInterval(() => void pruneInbox(), DAY_MS).unref();
  app.addHook('onReady', async () => {
    await pruneInbox();
  });
  app.addHook('onClose', async () => clearInterval(inboxPruning));
  const boutiques = new BoutiquesRepository(db, now);
  const appointmentBook = new AppointmentBook({ boutiques, mailer, notify: { to: config.forms.notifyTo, language: config.forms.notifyLanguage }, host: new URL(config.accounts.publicUrl).host, now });
  await app.register(
    boutiqueRoutes({
      boutiques,
      book: appointmentBook,
      guard: publicFormGuard(throttle, config.accounts.forms),
      // A public form records a logged-in shopper; an expired token does not stop the form.
      customerOf: (request) => customerOf(request).catch(() => null),
      adminToken: config.adminToken,
      log: app.log,
    }),
  );
  await app.register(statsRoutes({ throttle, now, ratePerMinute: config.forms.statsRateMax }));
  const addresses = storefrontAddresses(mapUrl, { externalCheckout: config.checkout.external });
  registerNotFoundHandler(app, config.clientDist ? await registerClient(app, config.clientDist, addresses, { devtools: config.devtools, serverRender: config.serverRender }) : undefined);

  return app;
}
