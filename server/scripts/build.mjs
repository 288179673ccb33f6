/**
 * Bundles the server (and the shared rules it imports) into one ES module for `pnpm start`: plain Node then runs
 * it without a TypeScript loader in memory. npm dependencies stay external, native ones (better-sqlite3, sharp)
 * included, and are resolved from server/node_modules at run time.
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
  entryPoints: [path.join(root, 'src/server.ts')],
  outfile: path.join(root, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`server bundled into dist/server.mjs in ${Math.round(performance.now() - started)} ms`);
