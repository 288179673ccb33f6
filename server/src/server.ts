/** Starts the shop: reads the configuration, builds the app, listens, and closes cleanly on a signal. */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prettyLogStream, usePrettyLogs } from './plugins/log-format.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLOSE_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig({ CLIENT_DIST: path.resolve(here, '../../client/dist'), DATA_DIR: path.resolve(here, '../../data'), ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const terminal = process.stdout.isTTY === true;
  const pretty = usePrettyLogs(config.logFormat, terminal);
  const app = await buildApp(config, pretty ? { logStream: prettyLogStream(process.stdout, { colors: terminal && !process.env.NO_COLOR }) } : {});
  // Ctrl+C (SIGINT) and a process manager's SIGTERM close the shop cleanly: open requests end, the database is
  // checkpointed and closed, then the process exits with 0. A repeated signal while closing changes nothing.
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`Closing the shop (${signal})`);
    // Also what keeps the process alive until the database is closed: the checkpointer's worker, which closing
    // waits for, does not (it is unref'd), and Node would otherwise end with the close half done.
    const tooSlow = setTimeout(() => {
      app.log.error(`The shop did not close within ${CLOSE_TIMEOUT_MS / 1000} s; stopping anyway`);
      process.exit(1);
    }, CLOSE_TIMEOUT_MS);
    await app.close();
    clearTimeout(tooSlow);
    app.log.info('Shop closed');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void close(signal));
  process.on('SIGTERM', (signal) => void close(signal));
  await app.listen({ port: config.port, host: config.host });
  // The port listened on (PORT=0 takes a free one).
  const { port } = app.server.address() as AddressInfo;
  app.log.info(`Shop open at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/nl`);
}

main().catch((error: unknown) => {
  // A database the configuration names but that cannot be reached (storage/postgres.ts) is told like a bad setting.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
