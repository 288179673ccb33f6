import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { applyFault } from '../devtools/network-faults.ts';
import { inspectActor, setInspectionSink } from '../devtools/inspection.ts';
import { connectivityMachine } from './connectivity.machine.ts';
import { startConnectivity } from './connectivity-runtime.ts';

afterEach(() => {
  applyFault({ type: 'clear' });
  setInspectionSink(null);
  vi.restoreAllMocks();
});

const start = (browserOnline: boolean, switchOffline: boolean) => createActor(connectivityMachine, { input: { browserOnline, switchOffline }, inspect: inspectActor }).start();

describe('the connectivity machine', () => {
  it('starts where the network layer is: online, offline by the browser, offline by the switch (a real loss wins)', () => {
    expect(start(true, false).getSnapshot().value).toBe('online');
    expect(start(false, false).getSnapshot().value).toEqual({ offline: 'byBrowser' });
    expect(start(true, true).getSnapshot().value).toEqual({ offline: 'bySwitch' });
    expect(start(false, true).getSnapshot().value).toEqual({ offline: 'byBrowser' });
  });

  it('follows every change and records when and how often', () => {
    const actor = start(true, false);
    actor.send({ type: 'network.changed', browserOnline: true, switchOffline: true, at: 10 });
    expect(actor.getSnapshot().value).toEqual({ offline: 'bySwitch' });
    actor.send({ type: 'network.changed', browserOnline: false, switchOffline: true, at: 20 });
    expect(actor.getSnapshot().value).toEqual({ offline: 'byBrowser' });
    actor.send({ type: 'network.changed', browserOnline: false, switchOffline: false, at: 30 });
    expect(actor.getSnapshot().value).toEqual({ offline: 'byBrowser' });
    actor.send({ type: 'network.changed', browserOnline: true, switchOffline: false, at: 40 });
    expect(actor.getSnapshot().value).toBe('online');
    expect(actor.getSnapshot().context).toEqual({ browserOnline: true, switchOffline: false, changedAt: 40, changes: 4 });
  });
});

describe("the tab's connectivity actor", () => {
  it("is inspected, exposed to the devtools, and follows the offline switch and the browser's own events", () => {
    const seen: InspectionEvent[] = [];
    setInspectionSink((event) => seen.push(event));
    const actor = startConnectivity();
    expect(startConnectivity()).toBe(actor);
    expect((globalThis as { __shopDevtools?: Record<string, unknown> }).__shopDevtools?.connectivity).toBe(actor);
    expect(actor.getSnapshot().value).toBe('online');

    applyFault({ type: 'offline', on: true });
    expect(actor.getSnapshot().value).toEqual({ offline: 'bySwitch' });
    // Failing a route is no change of connectivity.
    applyFault({ type: 'fail-route', route: '/api/cart', method: null, outcome: 500, count: 1 });
    expect(actor.getSnapshot().context.changes).toBe(1);

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(actor.getSnapshot().value).toEqual({ offline: 'byBrowser' });
    applyFault({ type: 'offline', on: false });
    expect(actor.getSnapshot().value).toEqual({ offline: 'byBrowser' });
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(actor.getSnapshot().value).toBe('online');
    expect(actor.getSnapshot().context.changes).toBe(4);

    const events = seen.filter((event) => event.type === '@xstate.event' && event.actorRef === actor).map((event) => (event as { event: { type: string } }).event.type);
    expect(events.filter((type) => type === 'network.changed')).toHaveLength(4);
  });
});
