// Gzipped JS per route after `vite build`: the entry with its static imports, then what each lazy route adds.
// `node client/scripts/measure-bundle.mjs [dist folder]` (default client/dist). The service worker and the
// offline shell's chunks (registered after the page has loaded) are no page's first load: shown without a total.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { stdout } from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const dist = process.argv[2] ? process.argv[2].replace(/\/?$/, '/') : fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const gz = (file) => gzipSync(readFileSync(dist + file), { level: 9 }).length;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const child of chunk.imports ?? []) closure(child, seen);
  return seen;
}
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
const texts = (namespace) => sum(closure([...dynamic].find((key) => key.includes(`locales/nl/${namespace}`))));
const notAPage = (key) => key.includes('locales/') || key.includes('features/offline/');
const rows = [['shell = home page (React, router, i18n, layout, home)', sum(entry), sum(entry) + texts('common')]];
for (const key of [...dynamic].sort()) {
  const own = [...closure(key)].filter((file) => !entry.has(file));
  const pageTexts = texts('common') + (key.includes('mobile-menu') ? 0 : texts('catalogue'));
  rows.push([key.replace(/^src\//, ''), sum(own), notAPage(key) ? 0 : sum(entry) + sum(own) + pageTexts]);
}
stdout.write(`${'chunk'.padEnd(56)}${'own + static imports'.padStart(22)}${'first load incl. shell + nl texts'.padStart(36)}\n`);
for (const [name, own, total] of rows) stdout.write(`${name.padEnd(56)}${kb(own).padStart(22)}${(total ? kb(total) : '').padStart(36)}\n`);
