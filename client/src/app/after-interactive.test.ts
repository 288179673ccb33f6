import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the page's interactive moment is once per document.
async function fresh() {
  vi.resetModules();
  return import('./after-interactive.ts');
}

describe('work that waits until the page is interactive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("starts at the shopper's first tap or key, not before", async () => {
    const { afterInteractive } = await fresh();
    const task = vi.fn();
    afterInteractive(task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
    // Later work runs at once (when idle): the page has been interactive since.
    const later = vi.fn();
    afterInteractive(later);
    await vi.advanceTimersByTimeAsync(10);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('an input after the app began watching counts for work asked later, not one before', async () => {
    const { afterInteractive, watchForShopper } = await fresh();
    window.dispatchEvent(new Event('keydown'));
    watchForShopper();
    const early = vi.fn();
    afterInteractive(early);
    await vi.advanceTimersByTimeAsync(10);
    expect(early).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('touchstart'));
    await vi.advanceTimersByTimeAsync(10);
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('an input before the work is asked for, once the app watches, starts it at once', async () => {
    const { afterInteractive, watchForShopper } = await fresh();
    watchForShopper();
    window.dispatchEvent(new Event('pointerdown'));
    const task = vi.fn();
    afterInteractive(task);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts by itself once the loaded page has stood quiet, and a cancelled task never runs', async () => {
    const { afterInteractive, QUIET_START_MS } = await fresh();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterInteractive(task);
    afterInteractive(cancelled)();
    await vi.advanceTimersByTimeAsync(QUIET_START_MS - 100);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('after the next paint: once a frame has been drawn, or at the latest after its limit when none is (a hidden tab)', async () => {
    const { afterNextPaint } = await fresh();
    let frame: (() => void) | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => (frame = callback));
    const painted = vi.fn();
    void afterNextPaint(100).then(painted);
    await vi.advanceTimersByTimeAsync(50);
    expect(painted).not.toHaveBeenCalled();
    frame!();
    await vi.advanceTimersByTimeAsync(1);
    expect(painted).toHaveBeenCalledTimes(1);

    const hidden = vi.fn();
    void afterNextPaint(100).then(hidden);
    await vi.advanceTimersByTimeAsync(99);
    expect(hidden).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(hidden).toHaveBeenCalledTimes(1);
  });
});
