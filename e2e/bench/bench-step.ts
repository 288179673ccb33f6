import { test } from '@playwright/test';

/**
 * One step of a browser bench with a bound on its time: it shows as a step in the report, and a step that fails or
 * does not finish in `seconds` fails the bench with the step's name in the message (never a wait until the test's
 * own time-out, which says nothing of where it stood).
 */
export function benchStep<T>(name: string, seconds: number, body: () => Promise<T>): Promise<T> {
  return test.step(name, async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`bench step "${name}" did not finish within ${seconds} s`)), seconds * 1000);
    });
    try {
      return await Promise.race([body(), late]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith('bench step "')) throw error;
      throw new Error(`bench step "${name}" failed: ${message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  });
}

/** The median and 95th percentile line every browser bench prints. */
export function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `  ${label.padEnd(62)} p50 ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${sorted.length})`;
}
