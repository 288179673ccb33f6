// Prints one closing line for the whole test run ("Tests: N passed, N failed, N skipped"),
// summing the unit/integration results (Vitest) and the browser journeys (Playwright), then says whether the server
// tests' PostgreSQL half ran (vitest.config.ts writes test-results/postgres.json).
import fs from 'node:fs';

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const e2e = read('test-results/e2e.json');
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
}
// The journeys' axe scans (e2e/tests/a11y.ts): each journey notes how many page states it scanned.
if (e2e?.suites) {
  let states = 0;
  let journeys = 0;
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of (test.results ?? []).slice(-1)) {
          // The note is in the result and, in newer reports, in the test too: counted once.
          const note = [...(result.annotations ?? []), ...(test.annotations ?? [])].find((each) => each.type === 'axe');
          const scanned = /^(\d+) page state/.exec(note?.description ?? '');
          if (scanned) {
            states += Number(scanned[1]);
            journeys += 1;
          }
        }
  };
  for (const suite of e2e.suites) walk(suite);
  console.log(`axe: ${states} page states scanned in ${journeys} journeys, no serious or critical violation allowed.`);
}
if (!vitest || !e2e) console.error(`missing results: ${!vitest ? 'test-results/vitest.json ' : ''}${!e2e ? 'test-results/e2e.json' : ''}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
const postgres = read('test-results/postgres.json');
// CI requires the PostgreSQL half (SHOP_REQUIRE_POSTGRES=1): a run without it is not a passing run there.
const postgresMissing = process.env.SHOP_REQUIRE_POSTGRES === '1' && (!postgres || postgres.skipped);
if (postgres?.skipped) console.log(postgres.line);
else if (postgres) console.log('Server tests ran on SQLite and on PostgreSQL.');
if (postgresMissing) console.error('SHOP_REQUIRE_POSTGRES=1, but the PostgreSQL half did not run.');
process.exit(failed > 0 || !vitest || !e2e || postgresMissing ? 1 : 0);
