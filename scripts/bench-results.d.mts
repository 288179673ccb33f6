// Types of scripts/bench-results.mjs for the TypeScript benches (server/bench, e2e/bench).
export const RESULTS_FILE: string;
export interface Figure {
  value: number;
  unit: string;
}
export class BenchResults {
  constructor(part: string, machine: string);
  /** A figure of this run (not finite: left out). */
  record(name: string, value: number, unit: string): void;
  /** The comparison with the previous run, then the new figures written for the next. */
  finish(): string;
}
