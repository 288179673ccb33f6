/** Starts the shop: reads the configuration, builds the app, listens, and closes cleanly on a signal. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

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
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Shop open at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/nl`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
