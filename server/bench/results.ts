/**
 * The figures of a bench part, kept for the next run: `bench-results/latest.json` at the repository's root
 * (git-ignored; BENCH_RESULTS names another file) holds each part's figures of its last run. A part reads its
 * previous figures when it starts and, at its end, prints each figure beside the previous one with their ratio
 * (now / before) and writes its new figures in place of the old. A figure no earlier run had is printed without a
 * ratio. The browser part (e2e/bench/results.ts) writes the same file in the same shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_FILE = process.env.BENCH_RESULTS ?? path.join(root, 'bench-results', 'latest.json');

export interface Figure {
  value: number;
  unit: string;
}
interface Part {
  at: string;
  machine: string;
  figures: Record<string, Figure>;
}

function readAll(): Record<string, Part> {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, Part>;
  } catch {
    return {};
  }
}

export class BenchResults {
  private readonly previous: Part | undefined;
  private readonly figures: Record<string, Figure> = {};

  constructor(
    private readonly part: string,
    private readonly machine: string,
  ) {
    this.previous = readAll()[part];
  }

  record(name: string, value: number, unit: string): void {
    if (Number.isFinite(value)) this.figures[name] = { value, unit };
  }

  /** The comparison with the previous run, then the new figures written for the next. */
  finish(): string {
    const lines: string[] = [];
    const before = this.previous?.figures ?? {};
    const names = Object.keys(this.figures);
    if (!this.previous) {
      lines.push(`\nno earlier ${this.part} figures in ${path.relative(process.cwd(), RESULTS_FILE)}: this run's are kept there for the next run to compare with`);
    } else {
      const other = this.previous.machine === this.machine ? '' : ` (on another machine: ${this.previous.machine})`;
      lines.push(`\n${this.part} figures against the previous run of ${this.previous.at}${other}, ratio now / before:`);
      const width = Math.max(...names.map((name) => name.length), 10);
      for (const name of names) {
        const now = this.figures[name]!;
        const then = before[name];
        const shown = (figure: Figure) => `${round(figure.value)} ${figure.unit}`;
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

function round(value: number): string {
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}
