// A bench part prints its figures beside the previous run's, with the ratio, and keeps its own for the next run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-results-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
process.env.BENCH_RESULTS = path.join(dir, 'nested', 'latest.json');
const { BenchResults, RESULTS_FILE } = await import('./bench-results.mjs');

describe('bench results', () => {
  it('keeps a first run, then compares the next with it by name, and leaves other parts alone', () => {
    expect(RESULTS_FILE).toBe(path.join(dir, 'nested', 'latest.json'));
    const first = new BenchResults('server', 'two cores');
    first.record('listing p95', 12.5, 'ms');
    first.record('no answer', Number.NaN, 'ms');
    expect(first.finish()).toContain('no earlier server figures');
    const other = new BenchResults('browser: pages', 'two cores');
    other.record('home performance', 0.6, 'score');
    other.finish();

    const second = new BenchResults('server', 'two cores');
    second.record('listing p95', 25, 'ms');
    second.record('text p95', 40, 'ms');
    const report = second.finish();
    expect(report).toMatch(/listing p95\s+25\.0 ms\s+12\.5 ms\s+× 2\.00/);
    expect(report).toMatch(/text p95\s+40\.0 ms\s+new/);
    expect(report).not.toContain('another machine');

    const kept = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8'));
    expect(Object.keys(kept).sort()).toEqual(['browser: pages', 'server']);
    expect(kept.server.figures).toEqual({ 'listing p95': { value: 25, unit: 'ms' }, 'text p95': { value: 40, unit: 'ms' } });
  });

  it('says when the previous run was on another machine', () => {
    const run = new BenchResults('server', 'eight cores');
    run.record('listing p95', 10, 'ms');
    expect(run.finish()).toContain('(on another machine: two cores)');
  });
});
