/**
 * Bundles the server (and the shared rules it imports) into one ES module for `pnpm start`, and its catalogue worker
 * thread into a second: plain Node then runs them without a TypeScript loader in memory. npm dependencies stay
 * external, native ones (better-sqlite3, sharp) included, and are resolved from server/node_modules at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@shop/'));

const started = performance.now();
await build({
  // The catalogue's worker thread (features/catalogue/catalogue.build.ts) loads its own bundle, beside the server's.
  entryPoints: [
    { in: path.join(root, 'src/server.ts'), out: 'server' },
    { in: path.join(root, 'src/features/catalogue/catalogue.worker.ts'), out: 'catalogue-worker' },
  ],
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`server bundled into dist/server.mjs and dist/catalogue-worker.mjs in ${Math.round(performance.now() - started)} ms`);
