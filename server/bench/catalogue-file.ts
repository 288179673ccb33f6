/**
 * `pnpm --filter @shop/server bench:catalogue-file`: time and peak resident memory of `pnpm shop export` and
 * `pnpm shop import` on catalogues made by the demo generator (BENCH_FILE_SIZES, default 50000; BENCH_FILE_RUNS runs
 * each, default 3, medians printed). Each command runs as the operator runs it, in its own process on SQLite, under
 * GNU time (wall seconds and the process's peak resident set). The seeding that fills the first database is set-up,
 * not measured. Nothing here asserts a time.
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

for (const size of sizes) {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-file-'));
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-file-'));
  try {
    // Set-up: the generator and the document import hold the whole catalogue; give them room.
    const seeded = timed(source, 'src/storage/seed/cli.ts', ['--products', String(size), '--seed', '20261122'], '--max-old-space-size=16000');
    console.log(`\n${size.toLocaleString('en')} products (seeded in ${seeded.seconds.toFixed(0)} s, not measured):`);
    const file = path.join(source, 'catalogue.ndjson');
    const exports: Measured[] = [];
    const imports: Measured[] = [];
    const upserts: Measured[] = [];
    for (let run = 0; run < runs; run++) {
      exports.push(timed(source, 'src/cli/shop.ts', ['export', file]));
      fs.rmSync(path.join(target, 'shop.sqlite'), { force: true });
      for (const suffix of ['-wal', '-shm']) fs.rmSync(path.join(target, `shop.sqlite${suffix}`), { force: true });
      imports.push(timed(target, 'src/cli/shop.ts', ['import', file, '--replace']));
      upserts.push(timed(target, 'src/cli/shop.ts', ['import', file]));
    }
    console.log(`  file ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`);
    show('export (NDJSON)', exports);
    show('import --replace into an empty shop', imports);
    show('import again (upsert over itself)', upserts);
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  }
}
