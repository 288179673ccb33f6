/**
 * `pnpm shop serve [--instances N] [--pg-throwaway]`: runs the built shop as N processes behind a round-robin proxy on
 * PORT, on one machine. For trying several instances, and for a small shop that wants a restart when a process dies;
 * a shop on several machines puts a real load balancer in front instead (README, "Several instances").
 *
 * 1. More than one instance needs PostgreSQL (DATABASE_URL): an SQLite file has one writing process, and the instances
 *    would neither see each other's writes as they happen nor share their locks. It is refused with the reason.
 * 2. The server is bundled once (`scripts/build.mjs`, as `pnpm start` does) and the database migrated once; the
 *    instances then find it up to date (and wait on the startup lock for the demo seed, which one of them does).
 * 3. Every instance is `node <flags> dist/server.mjs` with PORT=0 (its address is read from its "Shop open at" line),
 *    HOST=127.0.0.1 (only the proxy reaches it), the same DATA_DIR (pictures), one token secret (TOKEN_SECRET, or on
 *    PostgreSQL the `settings` row `token_secret`, made once), TRUST_PROXY naming the proxy, and PUBLIC_URL naming the
 *    proxy's address (links in mails).
 * 4. The proxy (round-robin-proxy.ts) sends requests to the instances whose /health answers (asked every 5 s).
 * 5. An instance that dies is started again (after 1 s; longer, up to 30 s, when it keeps dying at once).
 * 6. SIGINT and SIGTERM close the proxy, pass the signal on to every instance, wait for them (SIGKILL after 15 s),
 *    stop the throwaway cluster if there is one, and exit 0.
 *
 * `--pg-throwaway` starts a temporary PostgreSQL cluster (scripts/postgres-cluster.mjs) for a quick try; it and its
 * data are deleted when serve stops.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from '../../../scripts/postgres-cluster.mjs';
// @ts-expect-error a plain ES module without types; it holds the flags `pnpm start` runs the server with
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { loadTokenSecret } from '../features/accounts/token-secret.ts';
import { describeDatabase, migrateToLatest, openDatabase } from '../storage/database.ts';
import { createRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_INSTANCES = 32;
const STOP_TIMEOUT_MS = 15_000;
/** How often the proxy asks each instance's /health. */
const HEALTH_INTERVAL_MS = 5000;
/** Log levels that would hide an instance's "Shop open at" line. */
const QUIETER_THAN_INFO = new Set<string>(['warn', 'error', 'fatal', 'silent']);
/** An instance that has not opened after this long is stopped (and started again, as when it dies). */
const START_TIMEOUT_MS = 120_000;
/** An instance that ran this long before dying is restarted after 1 s; one dying sooner waits longer each time. */
const STEADY_MS = 30_000;

export const SERVE_USAGE = `  pnpm shop serve [--instances N] [--pg-throwaway]
                                        run the built shop as N instances behind a round-robin proxy on PORT
                                        (N > 1 needs PostgreSQL: DATABASE_URL); --pg-throwaway starts a temporary
                                        PostgreSQL for a try and deletes it on exit`;

export const SQLITE_REFUSAL =
  'Several instances need PostgreSQL: set DATABASE_URL=postgres://... (or add --pg-throwaway to try it with a temporary database). ' +
  'With SQLite the shop keeps its data in one file that one process writes, and each instance would keep its own live updates, locks and caches, ' +
  'so shoppers would miss each other\'s changes. One instance (--instances 1) works on SQLite.';

export class ServeUsageError extends Error {}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** TRUST_PROXY for the instances: whatever the operator trusts in front of serve, plus the proxy itself on loopback. */
export function instanceTrustProxy(configured: string | undefined): string {
  const text = configured?.trim() ?? '';
  if (text === '' || text === 'false') return '127.0.0.1';
  if (text === 'true') return 'true';
  if (/^\d+$/.test(text)) return String(Number(text) + 1);
  return `${text},127.0.0.1`;
}

function hostForPeople(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
}

/** Shared across instances: TOKEN_SECRET when set; on PostgreSQL the settings row the app reads (made here when missing). */
async function sharedTokenSecret(config: AppConfig, configured: string | undefined, db: Awaited<ReturnType<typeof openDatabase>>): Promise<string | null> {
  if (configured) return configured;
  // On SQLite there is one instance, which keeps using the data folder's token-secret file.
  if (config.database.engine !== 'postgres') return null;
  return loadTokenSecret(db, config.dataDir, null);
}

class Instance {
  child: ChildProcess | null = null;
  url: string | null = null;
  startedAt = 0;
  failures = 0;
  restartTimer: NodeJS.Timeout | null = null;

  constructor(readonly number: number) {}
}

export async function serve(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { instances: { type: 'string', default: '1' }, 'pg-throwaway': { type: 'boolean', default: false }, build: { type: 'boolean', default: true } },
  });
  if (positionals.length > 0) throw new ServeUsageError(`serve takes no file or word: ${positionals.join(' ')}`);
  if (!/^\d{1,3}$/.test(values.instances) || Number(values.instances) < 1 || Number(values.instances) > MAX_INSTANCES) {
    throw new ServeUsageError(`--instances must be a whole number from 1 to ${MAX_INSTANCES}, not "${values.instances}"`);
  }
  const count = Number(values.instances);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (values['pg-throwaway'] && env.DATABASE_URL) throw new ServeUsageError('--pg-throwaway starts its own PostgreSQL: leave DATABASE_URL unset, or drop --pg-throwaway');
  if (!values['pg-throwaway']) {
    // Checked before anything starts, so the refusal comes at once.
    const config = loadConfig(env);
    if (count > 1 && config.database.engine !== 'postgres') {
      io.err(SQLITE_REFUSAL);
      return 2;
    }
  }

  let cluster: Cluster | null = null;
  const instances = Array.from({ length: count }, (_, i) => new Instance(i + 1));
  let proxy: RoundRobinProxy | null = null;
  let stopping = false;
  let stopped: () => void = () => {};
  const allStopped = new Promise<void>((resolve) => (stopped = resolve));
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    io.out(`Closing the shop (${signal}): stopping ${count} instance${count === 1 ? '' : 's'}`);
    void proxy?.close();
    for (const instance of instances) {
      if (instance.restartTimer) clearTimeout(instance.restartTimer);
      instance.child?.kill(signal);
    }
    if (instances.every((i) => i.child === null)) stopped();
    setTimeout(() => {
      for (const instance of instances) instance.child?.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    if (values['pg-throwaway']) {
      io.out('Starting a throwaway PostgreSQL cluster (deleted when serve stops)...');
      cluster = await startCluster();
      const url = new URL(cluster.url);
      url.pathname = '/shop';
      env.DATABASE_URL = url.href;
    }
    const config = loadConfig(env);
    if (stopping) return 0;
    if (values.build) {
      const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      if (build.status !== 0) {
        io.err(`Bundling the server failed:\n${build.stdout}${build.stderr}`);
        return 1;
      }
    }

    // Migrate once, and settle the token secret every instance signs with.
    const db = await openDatabase(config.database.engine === 'postgres' ? { ...config.database, poolSize: 1, createIfMissing: values['pg-throwaway'] } : config);
    let tokenSecret: string | null;
    try {
      await migrateToLatest(db);
      tokenSecret = await sharedTokenSecret(config, env.TOKEN_SECRET, db);
    } finally {
      await db.destroy();
    }
    if (stopping) return 0;

    const childEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      ...(config.clientDist ? { CLIENT_DIST: config.clientDist } : {}),
      TRUST_PROXY: instanceTrustProxy(env.TRUST_PROXY),
      // Each instance's lines go through serve's own output, a pipe: keep them readable on a terminal.
      LOG_FORMAT: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
      // Each instance's address comes from its "Shop open at" line, logged at info level.
      LOG_LEVEL: QUIETER_THAN_INFO.has(config.logLevel) ? 'info' : config.logLevel,
      ...(tokenSecret ? { TOKEN_SECRET: tokenSecret } : {}),
    };

    const upstreams = () => instances.flatMap((instance) => (instance.url ? [instance.url] : []));

    const launch = (instance: Instance): Promise<string> =>
      new Promise((resolve, reject) => {
        if (stopping) return reject(new Error('the shop is closing'));
        const child = spawn(process.execPath, [...(SERVER_NODE_FLAGS as string[]), 'dist/server.mjs'], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
        instance.child = child;
        instance.startedAt = Date.now();
        let opened = false;
        const recent: string[] = [];
        const tooSlow = setTimeout(() => {
          io.err(`Instance ${instance.number} did not open within ${START_TIMEOUT_MS / 1000} s; stopping it`);
          child.kill('SIGKILL');
        }, START_TIMEOUT_MS);
        const relay = (stream: NodeJS.ReadableStream, write: (line: string) => void) =>
          readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
            write(`[shop ${instance.number}] ${line}`);
            if (opened) return;
            recent.push(line);
            const open = /Shop open at (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
            if (open) {
              opened = true;
              clearTimeout(tooSlow);
              instance.url = open[1]!;
              io.out(`Instance ${instance.number} (pid ${child.pid}) open at ${instance.url}`);
              proxy?.setUpstreams(upstreams());
              resolve(instance.url);
            }
          });
        relay(child.stdout!, io.out);
        relay(child.stderr!, io.err);
        child.once('exit', (code, signal) => {
          clearTimeout(tooSlow);
          instance.child = null;
          const wasOpen = instance.url !== null;
          instance.url = null;
          proxy?.setUpstreams(upstreams());
          if (!opened) reject(new Error(`instance ${instance.number} stopped (${signal ?? `exit code ${code}`}) before it opened:\n${recent.slice(-20).join('\n')}`));
          if (stopping) {
            if (instances.every((i) => i.child === null)) stopped();
            return;
          }
          if (!proxy) return;
          // Running for a while counts as healthy: the next death is restarted quickly again.
          instance.failures = wasOpen && Date.now() - instance.startedAt > STEADY_MS ? 0 : instance.failures + 1;
          const delay = Math.min(30_000, 1000 * 2 ** Math.max(0, instance.failures - 1));
          io.err(`Instance ${instance.number} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s`);
          instance.restartTimer = setTimeout(() => {
            instance.restartTimer = null;
            if (stopping) return;
            // A failed start ends in another exit, which schedules the next try.
            launch(instance).catch(() => {});
          }, delay);
        });
      });


    proxy = createRoundRobinProxy({
      upstreams: [],
      // Every check is a request line in each instance's log; a dead instance is skipped at once anyway (its
      // connections are refused), so the checks only have to find hung ones.
      healthIntervalMs: HEALTH_INTERVAL_MS,
      instanceName: (url) => String(instances.find((instance) => instance.url === url)?.number ?? '') || null,
      log: (line) => io.out(`Proxy: ${line}`),
    });
    const proxyUrl = await proxy.listen(config.port, config.host);
    // PORT=0 takes any free port: the instances learn the proxy's address (links in mails) once it listens.
    const port = new URL(proxyUrl).port;
    childEnv.PUBLIC_URL = env.PUBLIC_URL ?? `http://${hostForPeople(config.host)}:${port}`;

    try {
      await Promise.all(instances.map((instance) => launch(instance)));
    } catch (error) {
      const closing = stopping;
      if (!closing) io.err(`The shop could not start: ${(error as Error).message}`);
      stop('SIGTERM');
      await allStopped;
      return closing ? 0 : 1;
    }
    proxy.setUpstreams(upstreams());
    io.out(
      `Shop open at http://${hostForPeople(config.host)}:${port}/nl: ${count} instance${count === 1 ? '' : 's'} behind a round-robin proxy, on ${describeDatabase(config)}. Ctrl+C stops them all.`,
    );
    await allStopped;
    io.out('Shop closed');
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    if (cluster) {
      cluster.stop();
      io.out('Throwaway PostgreSQL cluster stopped and deleted.');
    }
  }
}
