import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { inspectionMessage, type DevtoolsMessage } from './devtools-channel.ts';
import { NO_FAULTS, type ShopReport } from './devtools-protocol.ts';
import {
  activePaths,
  devtoolsReducer,
  EVENT_CAP,
  eventSource,
  initialDevtoolsState,
  quietTabs,
  recordingSession,
  TAB_QUIET_MS,
  type DevtoolsState,
} from './devtools-store.ts';
import { exportRecording, importRecording, replay } from './recording.ts';

const feed = (state: DevtoolsState, ...messages: Array<DevtoolsMessage | ShopReport | unknown>) => devtoolsReducer(state, { type: 'messages', messages });

const hello = (tabId: string, at = 1, url = '/en'): DevtoolsMessage => ({ kind: 'hello', tabId, at, url });
const actor = (actorId: string, machineId: string | null, at = 2, parentId: string | null = null): DevtoolsMessage => ({ kind: 'actor', tabId: 'A', at, actorId, machineId, parentId });
const event = (type: string, at: number, payload: Record<string, string> = {}): DevtoolsMessage => ({
  kind: 'event',
  tabId: 'A',
  at,
  actorId: 'x:0',
  machineId: 'toggle',
  sourceId: null,
  source: 'user',
  event: { type, payload },
});
const snapshot = (value: string | Record<string, string>, eventType: string, at: number, context: Record<string, number> = {}): DevtoolsMessage => ({
  kind: 'snapshot',
  tabId: 'A',
  at,
  actorId: 'x:0',
  machineId: 'toggle',
  event: eventType,
  value,
  status: 'active',
  context,
});

describe('devtools store', () => {
  it('keeps each tab with its url and its actors with their current snapshot', () => {
    const state = feed(initialDevtoolsState(0), hello('A'), actor('x:0', 'toggle'), snapshot('off', 'xstate.init', 3, { count: 0 }));
    expect(state.tabs.A).toMatchObject({ tabId: 'A', url: '/en', closed: false, lastSeen: 3 });
    expect(state.tabs.A!.actors['x:0']).toMatchObject({ machineId: 'toggle', snapshot: { value: 'off', status: 'active', context: { count: 0 } } });
  });

  it('logs each event with the state before it and completes it with the snapshot it led to', () => {
    let state = feed(initialDevtoolsState(0), hello('A'), actor('x:0', 'toggle'), snapshot('off', 'xstate.init', 3));
    state = feed(state, event('flip', 10, { by: 'button' }));
    expect(state.events).toHaveLength(1);
    expect(state.events[0]).toMatchObject({ type: 'flip', before: 'off', after: null, payload: { by: 'button' }, machineId: 'toggle', tabId: 'A' });
    state = feed(state, snapshot('on', 'flip', 11, { count: 1 }));
    expect(state.events[0]!.after).toEqual({ value: 'on', status: 'active', context: { count: 1 } });
    expect(state.tabs.A!.actors['x:0']!.snapshot!.value).toBe('on');
    expect(state.tabs.A!.actors['x:0']!.lastEvent).toBe(state.events[0]!.seq);
    // A first snapshot stays as the machine's initial one.
    expect(state.tabs.A!.actors['x:0']!.initial!.value).toBe('off');
  });

  it('reads real inspection events of a running machine', () => {
    const machine = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });
    const messages: unknown[] = [hello('T')];
    const running = createActor(machine, { inspect: (inspection) => messages.push(inspectionMessage(inspection, 'T', messages.length)) });
    running.start();
    running.send({ type: 'flip' });
    running.stop();
    const state = feed(initialDevtoolsState(0), ...messages);
    const flip = state.events.find((entry) => entry.type === 'flip');
    expect(flip).toMatchObject({ machineId: 'toggle', before: 'off', after: { value: 'on' } });
    const live = Object.values(state.tabs.T!.actors).find((candidate) => candidate.machineId === 'toggle');
    expect(live?.snapshot?.value).toBe('on');
  });

  it('keeps only the last EVENT_CAP events', () => {
    let state = feed(initialDevtoolsState(0), hello('A'), actor('x:0', 'toggle'));
    state = feed(state, ...Array.from({ length: EVENT_CAP + 10 }, (_, index) => event(`e${index}`, index + 10)));
    expect(state.events).toHaveLength(EVENT_CAP);
    expect(state.events[0]!.type).toBe('e10');
    expect(state.events.at(-1)!.type).toBe(`e${EVENT_CAP + 9}`);
    expect(new Set(state.events.map((entry) => entry.seq)).size).toBe(EVENT_CAP);
  });

  it('shows a tab that said bye, or went quiet, as closed, and open again when it speaks', () => {
    let state = feed(initialDevtoolsState(0), hello('A', 1), hello('B', 1));
    state = feed(state, { kind: 'bye', tabId: 'A', at: 5 });
    expect(state.tabs.A!.closed).toBe(true);
    expect(state.tabs.B!.closed).toBe(false);
    expect(quietTabs(state, 1 + TAB_QUIET_MS + 1)).toEqual(['B']);
    state = devtoolsReducer(state, { type: 'tick', now: 1 + 2 * TAB_QUIET_MS + 1 });
    expect(state.tabs.B!.closed).toBe(true);
    state = feed(state, hello('B', 3 * TAB_QUIET_MS));
    expect(state.tabs.B!.closed).toBe(false);
  });

  it('follows leadership, replication reports, faults, conflicts and document answers', () => {
    const collections = [{ name: 'cart', documents: 1, pending: 1, checkpoint: null, stream: 'open' as const, resyncs: 1, error: null, errorAt: null, nextRetryAt: null, active: true }];
    let state = feed(
      initialDevtoolsState(0),
      hello('A'),
      hello('B'),
      { kind: 'replication', tabId: 'A', at: 2, leader: true, owner: 'A', collections },
      { kind: 'leader', tabId: 'B', at: 3, leader: false },
      { kind: 'faults', tabId: 'A', at: 4, faults: { ...NO_FAULTS, offline: true } },
      { kind: 'conflict', tabId: 'A', at: 5, collection: 'cart', id: 'c1', local: { qty: 1 }, server: { qty: 2 }, result: { qty: 2 } },
      { kind: 'docs', tabId: 'A', at: 6, requestId: 'r1', collection: 'cart', documents: [{ id: 'c1' }], total: 1 },
    );
    state = feed(state, { kind: 'leader', tabId: 'A', at: 7, leader: false }, { kind: 'leader', tabId: 'B', at: 8, leader: true });
    expect(state.tabs.A).toMatchObject({ leader: false, report: { owner: 'A', collections }, faults: { offline: true } });
    expect(state.leaderChanges).toEqual([
      { at: 2, tabId: 'A', leader: true },
      { at: 7, tabId: 'A', leader: false },
      { at: 8, tabId: 'B', leader: true },
    ]);
    expect(state.conflicts.map((conflict) => conflict.id)).toEqual(['c1']);
    expect(state.docs.cart).toEqual({ documents: [{ id: 'c1' }], total: 1, at: 6 });
  });

  it('ignores what no shop tab sends', () => {
    const state = initialDevtoolsState(0);
    expect(feed(state, null, 'x', { kind: 'viewer', viewerId: 'v', at: 1 }, { kind: 'event', at: 1 })).toBe(state);
  });

  it('names where an event came from', () => {
    expect(eventSource('xstate.after.retry.cartConnection.waiting')).toBe('timer');
    expect(eventSource('xstate.done.actor.sync')).toBe('network');
    expect(eventSource('xstate.error.actor.refresh')).toBe('network');
    expect(eventSource('cart.add', 'user')).toBe('user');
    expect(eventSource('cart.add')).toBe('unknown');
  });

  it('answers the active state paths of flat, nested and parallel states', () => {
    expect(activePaths('idle')).toEqual(['idle']);
    expect(activePaths({ connected: 'idle' })).toEqual(['connected.idle']);
    expect(activePaths({ a: { x: 'one' }, b: 'two' })).toEqual(['a.x.one', 'b.two']);
    expect(activePaths(null)).toEqual([]);
  });

  it('exports what it saw as a recording that replays to the same states', () => {
    let state = feed(initialDevtoolsState(0), hello('A'), actor('x:0', 'toggle'), snapshot('off', 'xstate.init', 3));
    state = feed(state, event('flip', 10, { email: 'ann@example.com' }), snapshot('on', 'flip', 11), { kind: 'leader', tabId: 'A', at: 12, leader: true });
    const loaded = importRecording(exportRecording(recordingSession(state), { exportedAt: 20 }));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const replayed = replay(loaded.recording);
    expect(replayed.length).toBe(2);
    expect(replayed.at(0).machines['A/toggle']!.value).toBe('off');
    expect(replayed.at(1).machines['A/toggle']!.value).toBe('on');
    expect(replayed.at(1).entry).toMatchObject({ kind: 'event', event: { type: 'flip', payload: { email: '‹redacted e-mail›' } } });
    expect(replayed.at(2).entry).toMatchObject({ kind: 'replication', type: 'leader' });
  });
});
