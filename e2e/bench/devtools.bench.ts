import { expect, test, type Page } from '@playwright/test';

/**
 * The developers' visualizer's cost on a shop tab (issue 15, "Measured"), in Chromium against the real server with
 * DEVTOOLS=on: µs per inspected event of a real machine (the tab's token lock, sent an event it ignores, so nothing
 * but XState and the inspection runs), median of rounds, in three phases of one tab:
 * - visualizer closed: the agent runs, no viewer has been heard (it keeps its actors and posts nothing);
 * - visualizer open: a second tab of the same browser speaks as a viewer (heartbeats on the same-origin channel) and
 *   counts what it receives, so every event is redacted, cloned and delivered for real;
 * - no agent: the agent stopped, the inspection layer has no sink, as on a shopper's tab.
 * Times are the page's own `performance.now()` around batches, so the runner's round trips do not count.
 */

const ROUNDS = Number(process.env.BENCH_DEVTOOLS_ROUNDS ?? 25);
const PER_ROUND = Number(process.env.BENCH_DEVTOOLS_EVENTS ?? 2000);

interface Agent {
  handled(): number;
  viewing(): boolean;
  stop(): void;
}

/** Rounds of `perRound` ignored events sent to the token lock; answers µs per inspected event, and how many each send made. */
function inspectionCost(page: Page): Promise<{ perEvent: number[]; inspectedPerSend: number | null }> {
  return page.evaluate(
    ([rounds, perRound]) => {
      const registry = (globalThis as unknown as { __shopDevtools: { tokenLock: { send(event: { type: string }): void }; agent: Agent } }).__shopDevtools;
      const performance = (globalThis as unknown as { performance: { now(): number } }).performance;
      const actor = registry.tokenLock;
      const handledBefore = registry.agent.handled();
      // Warm-up: the JIT settles before anything is timed.
      for (let i = 0; i < perRound; i++) actor.send({ type: 'devtools.bench' });
      const inspectedPerSend = (registry.agent.handled() - handledBefore) / perRound;
      const perSend: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        for (let i = 0; i < perRound; i++) actor.send({ type: 'devtools.bench' });
        perSend.push(((performance.now() - started) * 1000) / perRound);
      }
      return { perSend, inspectedPerSend };
    },
    [ROUNDS, PER_ROUND] as const,
  ).then(({ perSend, inspectedPerSend }) => ({ perEvent: perSend, inspectedPerSend: inspectedPerSend > 0 ? inspectedPerSend : null }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('the visualizer’s cost per inspected event on the shop’s tab', async ({ browser }) => {
  const context = await browser.newContext();
  const shop = await context.newPage();
  await shop.goto('/en');
  await shop.waitForFunction(() => {
    const registry = (globalThis as unknown as { __shopDevtools?: { agent?: unknown; tokenLock?: unknown } }).__shopDevtools;
    return !!registry?.agent && !!registry.tokenLock;
  }, undefined, { timeout: 30_000 });

  const closed = await inspectionCost(shop);
  const inspectedPerSend = closed.inspectedPerSend;
  expect(inspectedPerSend, 'the agent sees the token lock’s events').not.toBeNull();

  // A viewer in a second tab: heartbeats, and a count of what reaches it.
  const viewer = await context.newPage();
  await viewer.goto('/__devtools');
  await viewer.evaluate(() => {
    type Channel = { onmessage: (() => void) | null; postMessage(message: unknown): void };
    const channel = new (globalThis as unknown as { BroadcastChannel: new (name: string) => Channel }).BroadcastChannel('shop-devtools');
    const scope = globalThis as unknown as { __benchViewer: { received: number; channel: Channel } };
    scope.__benchViewer = { received: 0, channel };
    channel.onmessage = () => void (scope.__benchViewer.received += 1);
    const beat = () => channel.postMessage({ kind: 'viewer', viewerId: 'bench-viewer', at: Date.now() });
    beat();
    setInterval(beat, 2_000);
  });
  await shop.waitForFunction(() => (globalThis as unknown as { __shopDevtools: { agent: Agent } }).__shopDevtools.agent.viewing());
  const open = await inspectionCost(shop);
  const receivedBy = () => viewer.evaluate(() => (globalThis as unknown as { __benchViewer: { received: number } }).__benchViewer.received);
  await expect.poll(receivedBy, { message: 'the viewer receives the shop tab’s events' }).toBeGreaterThan(ROUNDS * PER_ROUND);

  await shop.evaluate(() => (globalThis as unknown as { __shopDevtools: { agent: Agent } }).__shopDevtools.agent.stop());
  const none = await inspectionCost(shop);
  await context.close();

  const perEvent = (times: number[]) => median(times) / inspectedPerSend!;
  const base = perEvent(none.perEvent);
  const line = (label: string, times: number[]) =>
    `  ${label.padEnd(54)} ${perEvent(times).toFixed(2).padStart(7)} µs per inspected event (median), ${(perEvent(times) - base).toFixed(2).padStart(6)} µs added`;
  console.log(
    [
      '',
      `the visualizer's cost on the shop's tab (token lock, ${inspectedPerSend} inspected events per send, ${ROUNDS} rounds of ${PER_ROUND} sends;`,
      '  a send\'s whole work, XState\'s own included, divided by its inspected events; "added": beyond the tab with no agent):',
      line('no agent (a shopper\'s tab: no inspection sink)', none.perEvent),
      line('visualizer closed (agent running, no viewer)', closed.perEvent),
      line('visualizer open (a viewer tab receiving every event)', open.perEvent),
    ].join('\n'),
  );
});

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/**
 * From a state change in the shop's tab to its highlight in the visualizer's tab: the shop's connectivity machine is
 * flipped by the offline switch (an epoch time taken just before, `performance.timeOrigin + now()`, comparable across
 * tabs of one browser), and the visualizer's own page marks the moment its connectivity card's `data-active` shows
 * the new state (a MutationObserver on the real card). Both tabs stay visible, as a developer has them side by side.
 */
const CHANGES = Number(process.env.BENCH_DEVTOOLS_CHANGES ?? 40);

test('the time from a state change in the shop’s tab to its highlight in the visualizer', async ({ browser }) => {
  const context = await browser.newContext();
  const shop = await context.newPage();
  await shop.goto('/en');
  await shop.waitForFunction(() => {
    const registry = (globalThis as unknown as { __shopDevtools?: { agent?: unknown; connectivity?: unknown; network?: unknown } }).__shopDevtools;
    return !!registry?.agent && !!registry.connectivity && !!registry.network;
  }, undefined, { timeout: 30_000 });
  const viewer = await context.newPage();
  await viewer.goto('/__devtools');
  const card = viewer.locator('[data-machine="connectivity"]').first();
  await expect(card).toHaveAttribute('data-active', 'online', { timeout: 30_000 });
  await viewer.evaluate(() => {
    const scope = globalThis as unknown as {
      performance: { timeOrigin: number; now(): number };
      document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: unknown): void };
      __seen: Array<{ state: string; at: number }>;
    };
    scope.__seen = [];
    const target = scope.document.querySelector('[data-machine="connectivity"]');
    let last = target?.getAttribute('data-active') ?? '';
    new scope.MutationObserver(() => {
      const now = scope.document.querySelector('[data-machine="connectivity"]')?.getAttribute('data-active') ?? '';
      if (now === last) return;
      last = now;
      scope.__seen.push({ state: now, at: scope.performance.timeOrigin + scope.performance.now() });
    }).observe(target, { attributes: true, attributeFilter: ['data-active'] });
  });

  const latencies: number[] = [];
  for (let change = 0; change < CHANGES; change++) {
    const offline = change % 2 === 0;
    const expected = offline ? 'offline.bySwitch' : 'online';
    const seenBefore = await viewer.evaluate(() => (globalThis as unknown as { __seen: unknown[] }).__seen.length);
    const changedAt = await shop.evaluate((on) => {
      const scope = globalThis as unknown as {
        performance: { timeOrigin: number; now(): number };
        __shopDevtools: { network: { applyFault(command: { type: 'offline'; on: boolean }): void } };
      };
      const at = scope.performance.timeOrigin + scope.performance.now();
      scope.__shopDevtools.network.applyFault({ type: 'offline', on });
      return at;
    }, offline);
    await expect(card).toHaveAttribute('data-active', expected);
    const seen = await viewer.evaluate((from) => (globalThis as unknown as { __seen: Array<{ state: string; at: number }> }).__seen.slice(from), seenBefore);
    const shown = seen.find((entry) => entry.state === expected);
    expect(shown, 'the visualizer showed the new state').toBeDefined();
    latencies.push(shown!.at - changedAt);
    await shop.waitForTimeout(150);
  }
  await context.close();
  console.log(
    [
      '',
      `state change in the shop's tab → its highlight in the visualizer's tab (connectivity, ${CHANGES} changes):`,
      `  p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (aim: under 50 ms)`,
    ].join('\n'),
  );
});
