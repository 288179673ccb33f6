/** Test clean-up that also works for apps built inside a test. */
import { afterAll, onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

/**
 * Runs `cleanup` when the current test ends, or after the file's tests when called outside a test (a hook registered
 * with `afterAll` from inside a running test would never run, leaving its app open and its folder behind).
 */
export function cleanUpLater(cleanup: () => Promise<void> | void): void {
  if (getCurrentTest()) onTestFinished(cleanup);
  else afterAll(cleanup);
}
