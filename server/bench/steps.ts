/**
 * The server bench runs as named steps, and it never ends silently:
 * - a step that throws ends the bench with exit code 1 and the step's name;
 * - a step that outlives its bound (BENCH_STEP_FACTOR scales every bound) ends it the same way;
 * - a step waiting on something nothing will settle (the event loop empties under it, which Node would otherwise
 *   end with exit code 13, "unsettled top-level await", and no word of where) ends it the same way;
 * - the bench ending before `finished()` is called (a wait between steps that never settled) says so too.
 * The bound's timer does not hold the process: an emptied event loop is told at once, not after the bound.
 */
const FACTOR = Number(process.env.BENCH_STEP_FACTOR ?? 1);

let current: string | null = null;
let last: string | null = null;
let done = false;

function fail(message: string): never {
  console.error(`\nbench FAILED: ${message}`);
  process.exit(1);
}

process.on('beforeExit', () => {
  if (done) return;
  if (current) fail(`step "${current}" never finished: the event loop emptied while it waited on something that will never settle`);
  fail(`the bench stopped before its end (after step "${last ?? 'none'}"): the event loop emptied while it waited on something that will never settle`);
});

export async function step<T>(name: string, seconds: number, body: () => Promise<T>): Promise<T> {
  current = name;
  const bound = seconds * FACTOR;
  const timer = setTimeout(() => fail(`step "${name}" did not finish within ${bound} s`), bound * 1000);
  timer.unref();
  try {
    return await body();
  } catch (error) {
    fail(`step "${name}": ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    clearTimeout(timer);
    last = name;
    current = null;
  }
}

/** The bench's last line: after this, the process may end. */
export function finished(): void {
  done = true;
}
