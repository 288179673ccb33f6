/** Builds the real app on a fresh SQLite file in a temp folder, optionally with a given catalogue. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { importCatalogue } from '../features/catalogue/catalogue.import.ts';
import { cleanUpLater } from './clean-up.ts';
import type { SourceCatalogue } from '../storage/seed/catalogue-source.ts';

export const TEST_NOW = new Date('2026-06-15T12:00:00.000Z');

export async function buildTestApp(options: { catalogue?: SourceCatalogue; config?: Partial<AppConfig>; clock?: () => Date } = {}): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: !options.catalogue, ...options.config }), { clock: options.clock ?? (() => TEST_NOW) });
  await app.catalogue.ready();
  if (options.catalogue) {
    await importCatalogue(app.db, options.catalogue, { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    await app.catalogue.refresh();
  }
  cleanUpLater(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}
