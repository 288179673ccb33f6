/**
 * Several server instances on ONE database, as behind a load balancer: each is the real app (buildApp), with its own
 * process memory; they share only the database (and, unless `separateDataDirs`, the data folder). On SQLite the
 * instances open the same file, on PostgreSQL the same test database (test-database.ts names it from the first
 * instance's data folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { importCatalogue } from '../features/catalogue/catalogue.import.ts';
import type { SourceCatalogue } from '../storage/seed/catalogue-source.ts';
import { TEST_NOW } from './build-test-app.ts';
import { cleanUpLater } from './clean-up.ts';
import { testDatabase } from './test-database.ts';

export async function buildInstances(
  options: {
    count?: number;
    /** Imported (through the first instance) before the others start; without it, no catalogue at all. */
    catalogue?: SourceCatalogue;
    /** Each instance's configuration from the test configuration (the same for all unless it looks at `index`). */
    config?: (base: AppConfig, index: number) => AppConfig;
    /** Each instance gets a data folder of its own (as on separate machines); the database stays one. */
    separateDataDirs?: boolean;
    build?: BuildOptions;
  } = {},
): Promise<FastifyInstance[]> {
  const first = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instances-'));
  const dirs = [first];
  const apps: FastifyInstance[] = [];
  cleanUpLater(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  for (let index = 0; index < (options.count ?? 2); index++) {
    const dataDir = index > 0 && options.separateDataDirs ? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instances-')) : first;
    if (dataDir !== first) dirs.push(dataDir);
    const base = testConfig({ dataDir, database: testDatabase(first), seedDemo: false });
    const app = await buildApp(options.config ? options.config(base, index) : base, { clock: () => TEST_NOW, ...options.build });
    apps.push(app);
    await app.catalogue.ready();
    if (index === 0 && options.catalogue) {
      await importCatalogue(app.db, options.catalogue, { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
      await app.catalogue.refresh();
    }
  }
  return apps;
}
