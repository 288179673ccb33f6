/**
 * The figures of a bench part, kept for the next run: `bench-results/latest.json` at the repository's root
 * (git-ignored; BENCH_RESULTS names another file) holds each part's figures of its last run. A part reads its
 * previous figures when it starts and, at its end, prints each figure beside the previous one with their ratio
 * (now / before) and writes its new figures in place of the old. A figure no earlier run had is printed without a
 * ratio. Both bench parts, the server's (server/bench/run.ts) and the browser's (e2e/bench), use this one module.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_FILE = process.env.BENCH_RESULTS ?? path.join(root, 'bench-results', 'latest.json');

/** @typedef {{ value: number, unit: string }} Figure */
/** @typedef {{ at: string, machine: string, figures: Record<string, Figure> }} Part */

/** @returns {Record<string, Part>} */
function readAll() {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

export class BenchResults {
  /** @param {string} part @param {string} machine */
  constructor(part, machine) {
    this.part = part;
    this.machine = machine;
    /** @type {Record<string, Figure>} */
    this.figures = {};
    /** @type {Part | undefined} */
    this.previous = readAll()[part];
  }

  /** @param {string} name @param {number} value @param {string} unit */
  record(name, value, unit) {
    if (Number.isFinite(value)) this.figures[name] = { value, unit };
  }

  /** The comparison with the previous run, then the new figures written for the next. */
  finish() {
    /** @type {string[]} */
    const lines = [];
    const before = this.previous?.figures ?? {};
    const names = Object.keys(this.figures);
    if (!this.previous) {
      lines.push(`\nno earlier ${this.part} figures in ${path.relative(process.cwd(), RESULTS_FILE)}: this run's are kept there for the next run to compare with`);
    } else {
      const other = this.previous.machine === this.machine ? '' : ` (on another machine: ${this.previous.machine})`;
      lines.push(`\n${this.part} figures against the previous run of ${this.previous.at}${other}, ratio now / before:`);
      const width = Math.max(...names.map((name) => name.length), 10);
      for (const name of names) {
        const now = this.figures[name];
        const then = before[name];
        const shown = (/** @type {Figure} */ figure) => `${round(figure.value)} ${figure.unit}`;
        const ratio = then && then.value !== 0 && then.unit === now.unit ? `× ${(now.value / then.value).toFixed(2)}` : 'new';
        lines.push(`  ${name.padEnd(width)} ${shown(now).padStart(16)}  ${(then ? shown(then) : '').padStart(16)}  ${ratio}`);
      }
    }
    const all = readAll();
    all[this.part] = { at: new Date().toISOString(), machine: this.machine, figures: this.figures };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
    return lines.join('\n');
  }
}

/** @param {number} value */
function round(value) {
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}
