// Throwaway (client engineer): the real server with the test fixture catalogue, to check the client against the contract.
import fs from 'node:fs';
import { buildApp } from './src/app.ts';
import { testConfig } from './src/config.ts';
import { importCatalogue } from './src/features/catalogue/catalogue.import.ts';
import { fixtureCatalogue } from './src/test/fixture-catalogue.ts';
const dataDir = fs.mkdtempSync('/tmp/realfix/d-');
const app = await buildApp(testConfig({ dataDir, seedDemo: false, clientDist: '/work/main/client/dist' }));
await importCatalogue((app as any).db, fixtureCatalogue(), { useUrlKeys: true, now: new Date() });
await (app as any).catalogue.refresh();
await app.listen({ port: 3108, host: '127.0.0.1' });
