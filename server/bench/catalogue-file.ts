/**
 * `pnpm --filter @shop/server bench:catalogue-file`: time and peak resident memory of `pnpm shop export` and
 * `pnpm shop import` on catalogues made by the demo generator (BENCH_FILE_SIZES, default 50000; BENCH_FILE_RUNS runs
 * each, default 3, medians printed). Each command runs as the operator runs it, in its own process on SQLite, under
 * GNU time (wall seconds and the process's peak resident set): import the generated file into an empty shop, export
 * it, import the export over it. Generating the file is set-up, not measured. Nothing here asserts a time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_FILE_SIZES ?? '50000').split(',').map(Number);
const runs = Number(process.env.BENCH_FILE_RUNS ?? 3);

interface Measured {
  seconds: number;
  peakMb: number;
}

/** Runs `node --import tsx <script> ...args` under GNU time; returns its wall time and peak RSS. */
function timed(dataDir: string, script: string, args: string[], nodeOptions = ''): Measured {
  const report = path.join(dataDir, 'time.txt');
  execFileSync('/usr/bin/time', ['-o', report, '-f', '%e %M', process.execPath, '--import', 'tsx', script, ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: dataDir, NODE_OPTIONS: nodeOptions, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [seconds, kb] = fs.readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  return { seconds: seconds!, peakMb: kb! / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (label: string, measured: Measured[]) =>
  console.log(`  ${label.padEnd(38)} ${median(measured.map((m) => m.seconds)).toFixed(1).padStart(7)} s   peak RSS ${median(measured.map((m) => m.peakMb)).toFixed(0).padStart(5)} MB   (n=${measured.length})`);

/** Set-up, in a child process with room for the generator: the demo catalogue of `size` products as a file of one record per line. */
function writeGenerated(dir: string, size: number, file: string): Measured {
  return timed(dir, 'bench/catalogue-file.ts', ['--generate', String(size), file], '--max-old-space-size=16000');
}

async function generate(size: number, file: string): Promise<void> {
  const { generateCatalogue } = await import('../src/storage/seed/generator/generate-catalogue.ts');
  const { FILE_HEADER, RECORD_KINDS } = await import('../src/features/catalogue/catalogue.export.ts');
  const catalogue = generateCatalogue({ seed: 20261122, productCount: size });
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `${JSON.stringify(FILE_HEADER)}\n`);
  for (const [kind, section] of Object.entries(RECORD_KINDS)) {
    for (const record of catalogue[section]) fs.writeSync(fd, `${JSON.stringify({ kind, ...record })}\n`);
  }
  fs.closeSync(fd);
}

if (process.argv[2] === '--generate') {
  await generate(Number(process.argv[3]), process.argv[4]!);
} else {
  for (const size of sizes) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-file-'));
    const shop = path.join(work, 'shop');
    fs.mkdirSync(shop);
    try {
      const generated = path.join(work, 'generated.ndjson');
      const made = writeGenerated(work, size, generated);
      console.log(`\n${size.toLocaleString('en')} products (generated in ${made.seconds.toFixed(0)} s, not measured; file ${(fs.statSync(generated).size / 1e6).toFixed(0)} MB):`);
      const exported = path.join(work, 'exported.ndjson');
      const imports: Measured[] = [];
      const exports: Measured[] = [];
      const upserts: Measured[] = [];
      for (let run = 0; run < runs; run++) {
        for (const name of fs.readdirSync(shop)) fs.rmSync(path.join(shop, name), { recursive: true, force: true });
        imports.push(timed(shop, 'src/cli/shop.ts', ['import', generated, '--replace']));
        exports.push(timed(shop, 'src/cli/shop.ts', ['export', exported]));
        upserts.push(timed(shop, 'src/cli/shop.ts', ['import', exported]));
      }
      show('import --replace into an empty shop', imports);
      show('export (NDJSON)', exports);
      show('import the export again (upsert)', upserts);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}
