// Gzipped JS per route after `vite build`: the entry with its static imports, then what each lazy route adds.
// `node client/scripts/measure-bundle.mjs [dist folder] [--compare other-dist]` (default client/dist). The service
// worker and the offline shell's chunks (registered after the page has loaded) are no page's first load: shown without a
// total. `--compare` sets the home page's first load beside another build's (the bench builds one with VITE_DEVTOOLS=off,
// without the developers' visualizer, whose code must add nothing to it).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { stdout } from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const args = process.argv.slice(2);
const compareAt = args.indexOf('--compare');
const other = compareAt >= 0 ? args.splice(compareAt, 2)[1] : null;
const folder = (dir) => dir.replace(/\/?$/, '/');
const dist = args[0] ? folder(args[0]) : fileURLToPath(new URL('../dist/', import.meta.url));

/** One build's manifest, and the gzipped size of the home page's first load (its entry's closure with the nl texts). */
function build(dir) {
  const manifest = JSON.parse(readFileSync(`${dir}.vite/manifest.json`, 'utf8'));
  const gz = (file) => gzipSync(readFileSync(dir + file), { level: 9 }).length;
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const child of chunk.imports ?? []) closure(child, seen);
    return seen;
  };
  const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
  const entry = closure(Object.keys(manifest).find((key) => manifest[key].isEntry));
  const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const texts = (namespace) => sum(closure([...dynamic].find((key) => key.includes(`locales/nl/${namespace}`))));
  return { manifest, closure, sum, entry, dynamic, texts, firstLoad: sum(entry) + texts('common') };
}
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

const { closure, sum, entry, dynamic, texts, firstLoad } = build(dist);
const notAPage = (key) => key.includes('locales/') || key.includes('features/offline/');
const rows = [['shell = home page (React, router, i18n, layout, home)', sum(entry), sum(entry) + texts('common')]];
for (const key of [...dynamic].sort()) {
  const own = [...closure(key)].filter((file) => !entry.has(file));
  const pageTexts = texts('common') + (key.includes('mobile-menu') ? 0 : texts('catalogue'));
  rows.push([key.replace(/^src\//, ''), sum(own), notAPage(key) ? 0 : sum(entry) + sum(own) + pageTexts]);
}
stdout.write(`${'chunk'.padEnd(56)}${'own + static imports'.padStart(22)}${'first load incl. shell + nl texts'.padStart(36)}\n`);
for (const [name, own, total] of rows) stdout.write(`${name.padEnd(56)}${kb(own).padStart(22)}${(total ? kb(total) : '').padStart(36)}\n`);

// Pages whose first load goes through more than one lazy chunk: each names its chain of dynamic imports and its texts.
// A magazine post (issue 18): the pages' door, the magazine's chunk and the magazine's texts (its products' cards and
// the cart's button load after the story, in their own chunk, and are not counted).
const CHAINS = [{ name: 'magazine post page (door + magazine + texts)', chunks: ['routes/app-door.tsx', 'features/magazine/magazine-route.tsx'], texts: ['common', 'catalogue', 'magazine'] }];
for (const chain of CHAINS) {
  const keys = chain.chunks.map((name) => [...dynamic].find((key) => key.endsWith(name)));
  if (keys.some((key) => !key)) continue;
  const files = new Set(keys.flatMap((key) => [...closure(key)]));
  const own = [...files].filter((file) => !entry.has(file));
  const total = sum(entry) + sum(own) + chain.texts.reduce((bytes, namespace) => bytes + texts(namespace), 0);
  stdout.write(`${chain.name.padEnd(56)}${kb(sum(own)).padStart(22)}${kb(total).padStart(36)}\n`);
}

// The content routes add nothing to the home page's first load (issue 18): none of their code is in the shell.
const CONTENT_MARKERS = ['post-card__', 'magazine-products', 'lead-story'];
const shellText = [...entry].filter((file) => file.endsWith('.js')).map((file) => readFileSync(dist + file, 'utf8')).join('\n');
const leaked = CONTENT_MARKERS.filter((marker) => shellText.includes(marker));
stdout.write(leaked.length ? `\nWARNING: the home page's first load holds magazine code (${leaked.join(', ')}): import it lazily\n` : `\nthe home page's first load holds none of the magazine's code\n`);

if (other) {
  const without = build(folder(other)).firstLoad;
  const diff = firstLoad - without;
  stdout.write(`\nhome page first load with the visualizer's code ${kb(firstLoad)}, without it ${kb(without)}: ${diff >= 0 ? '+' : ''}${diff} bytes\n`);
}
