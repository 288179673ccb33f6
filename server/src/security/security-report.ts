/**
 * The counts of the security suites (routes, requests, refusals, 5xx, seconds): one line on the test output and
 * `test-results/security-<suite>.json` beside vitest's own results, for the closing note of a security review.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results');

export function report(suite: string, line: string, counts: Record<string, unknown> = {}): void {
  process.stdout.write(`${line}\n`);
  try {
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, `security-${suite}.json`), `${JSON.stringify({ suite, line, ...counts }, null, 2)}\n`);
  } catch {
    // The line above is the report; the file is a convenience.
  }
}
