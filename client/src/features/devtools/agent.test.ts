// @vitest-environment node
import { newTaskDoc } from '@shop/shared/sync/sync-task';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import type { ReplicationEvent } from '../sync/replication-events.ts';
import { startAgent, type AgentChannel, type AgentDatabase, type AgentMessage, type AgentOptions, type AgentSync, type FaultSwitches } from './agent.ts';
import { eventSource } from './devtools-channel.ts';
import { NO_FAULTS, VIEWER_GONE_MS, type FaultCommand, type FaultState, type ViewerMessage } from './devtools-protocol.ts';
import { inspectActor, liveActors, setInspectionSink } from './inspection.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);
afterEach(() => void setInspectionSink(null));

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm5hIn0.c2lnbmF0dXJlLWJ5dGVz';
const SECRETS = [TOKEN, 'Geheim-123!', 'anna@example.com', 'Kalverstraat'];

/** A session machine holding secrets in its context, as the shop's do. */
const session = setup({
  types: { context: {} as { token: string | null; email: string }, events: {} as { type: 'login'; token: string; password: string } | { type: 'logout' } },
}).createMachine({
  id: 'session',
  initial: 'guest',
  context: { token: null, email: 'anna@example.com' },
  states: {
    guest: { on: { login: { target: 'customer', actions: assign({ token: ({ event }) => event.token }) } } },
    customer: { on: { logout: { target: 'guest', actions: assign({ token: null }) } } },
  },
});

/** A fake clock with timers the test runs by hand. */
function clock() {
  let time = 1_000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      next += 1;
      timers.set(next, { at: time + ms, run });
      return next;
    },
    clearTimer: (timer: unknown) => void timers.delete(timer as number),
    advance(ms: number) {
      const until = time + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].run();
      }
      time = until;
    },
  };
}

function fakeChannel(): AgentChannel & { posted: AgentMessage[]; hear(message: ViewerMessage): void; closed: boolean } {
  const channel = {
    posted: [] as AgentMessage[],
    closed: false,
    onmessage: null as AgentChannel['onmessage'],
    postMessage: (message: AgentMessage) => void channel.posted.push(structuredClone(message)),
    close: () => void (channel.closed = true),
    hear: (message: ViewerMessage) => channel.onmessage?.({ data: structuredClone(message) }),
  };
  return channel;
}

function fakeFaults(): FaultSwitches & { applied: FaultCommand[] } {
  let state: FaultState = NO_FAULTS;
  const listeners = new Set<(faults: FaultState) => void>();
  return {
    applied: [],
    faultState: () => state,
    applyFault(command) {
      this.applied.push(command);
      if (command.type === 'offline') state = { ...state, offline: command.on };
      for (const listener of listeners) listener(state);
    },
    onFaults: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function harness(overrides: Partial<AgentOptions> = {}) {
  const channel = fakeChannel();
  const time = clock();
  const faults = fakeFaults();
  const replicationListeners = new Set<(event: ReplicationEvent) => void>();
  const calls = { expired: 0, conflicts: [] as Array<[string, string]> };
  const agent = startAgent({
    tabId: 'tab-1',
    channel,
    installSink: setInspectionSink,
    pieces: () => ({ database: null, sync: null }),
    onReplicationEvent: (listener) => {
      replicationListeners.add(listener);
      return () => replicationListeners.delete(listener);
    },
    faults,
    expireToken: () => void (calls.expired += 1),
    forceConflict: (collection, id) => void calls.conflicts.push([collection, id]),
    url: () => '/nl/horloges',
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    ...overrides,
  });
  const replicate = (event: ReplicationEvent) => replicationListeners.forEach((listener) => listener(event));
  const viewer = (kind: 'viewer' | 'sync' = 'viewer', viewerId = 'viewer-1') => channel.hear({ kind, viewerId, at: time.now() });
  const posted = <K extends AgentMessage['kind']>(kind: K) => channel.posted.filter((m): m is Extract<AgentMessage, { kind: K }> => m.kind === kind);
  return { agent, channel, time, faults, calls, replicate, viewer, posted };
}

describe('the agent without a viewer', () => {
  it('posts nothing, however busy the machines are, and stops posting when the viewer has gone quiet', () => {
    const { agent, channel, viewer, time } = harness();
    const actor = createActor(session, { inspect: inspectActor }).start();
    actor.send({ type: 'login', token: TOKEN, password: 'Geheim-123!' });
    expect(channel.posted).toEqual([]);
    expect(agent.viewing()).toBe(false);
    expect(agent.handled()).toBeGreaterThan(0);

    viewer();
    expect(agent.viewing()).toBe(true);
    expect(channel.posted.length).toBeGreaterThan(0);
    time.advance(VIEWER_GONE_MS + 1);
    expect(agent.viewing()).toBe(false);
    const before = channel.posted.length;
    actor.send({ type: 'logout' });
    expect(channel.posted.length).toBe(before);
    agent.stop();
  });

  it('stays with a viewer that keeps beating, and leaves at its bye', () => {
    const { agent, channel, viewer, time } = harness();
    viewer();
    for (let beat = 0; beat < 5; beat++) {
      time.advance(2_000);
      viewer();
    }
    expect(agent.viewing()).toBe(true);
    channel.hear({ kind: 'viewer-bye', viewerId: 'viewer-1', at: time.now() });
    expect(agent.viewing()).toBe(false);
    agent.stop();
  });
});

describe('a viewer appears', () => {
  it('gets hello, each live actor with its current snapshot (not its first), and no stopped actor', () => {
    const { agent, viewer, posted } = harness();
    const actor = createActor(session, { inspect: inspectActor }).start();
    actor.send({ type: 'login', token: TOKEN, password: 'Geheim-123!' });
    const gone = createActor(session, { inspect: inspectActor }).start();
    gone.stop();

    viewer();
    expect(posted('hello')).toEqual([expect.objectContaining({ tabId: 'tab-1', url: '/nl/horloges' })]);
    expect(posted('actor').map((m) => m.actorId)).toEqual([actor.sessionId]);
    expect(posted('snapshot')).toEqual([expect.objectContaining({ actorId: actor.sessionId, machineId: 'session', value: 'customer', status: 'active' })]);
    expect(posted('faults')).toEqual([expect.objectContaining({ faults: NO_FAULTS })]);
    expect(posted('leader')).toEqual([expect.objectContaining({ leader: false })]);

    // The same viewer beating again is no new viewer; its sync is answered in full.
    viewer();
    expect(posted('hello')).toHaveLength(1);
    actor.send({ type: 'logout' });
    viewer('sync');
    expect(posted('hello')).toHaveLength(2);
    expect(posted('snapshot').at(-1)).toMatchObject({ actorId: actor.sessionId, value: 'guest' });
    agent.stop();
  });

  it('finds the actors created before it started (the cart runtime may start its machines first)', () => {
    const earlier = createActor(session, { inspect: inspectActor }).start();
    earlier.send({ type: 'login', token: TOKEN, password: 'Geheim-123!' });
    const { agent, viewer, posted } = harness({ liveActors });
    viewer();
    expect(posted('actor').map((m) => m.actorId)).toContain(earlier.sessionId);
    expect(posted('snapshot')).toContainEqual(expect.objectContaining({ actorId: earlier.sessionId, value: 'customer' }));
    agent.stop();
    earlier.stop();
  });

  it('then posts every event with its source, and every snapshot, redacted; a bye when it stops', () => {
    const { agent, channel, viewer, posted } = harness();
    viewer();
    const actor = createActor(session, { inspect: inspectActor }).start();
    actor.send({ type: 'login', token: TOKEN, password: 'Geheim-123!' });
    expect(posted('event').find((m) => m.event.type === 'login')).toMatchObject({ machineId: 'session', source: 'user' });
    expect(posted('snapshot').at(-1)).toMatchObject({ value: 'customer', event: 'login' });
    agent.stop();
    expect(channel.posted.at(-1)).toMatchObject({ kind: 'bye', tabId: 'tab-1' });
    expect(channel.closed).toBe(true);
    const text = JSON.stringify(channel.posted);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});

describe('where an event comes from', () => {
  it.each([
    ['xstate.after.1000.tokenLock.refreshing', 'outside', 'timer'],
    ['xstate.after.5000.cartConnection.retrying', 'self', 'timer'],
    ['xstate.done.actor.0.cartConnection.connecting:invocation[0]', 'child', 'network'],
    ['xstate.error.actor.refresh', 'child', 'network'],
    ['network.online', 'outside', 'network'],
    ['network.offline', 'outside', 'network'],
    ['connectivity.online', 'outside', 'network'],
    ['auth.unauthorized', 'outside', 'network'],
    ['cart.serverChanged', 'outside', 'network'],
    ['cart.tokenRejected', 'outside', 'network'],
    ['cart.changedInOtherTab', 'outside', 'other-tab'],
    ['order.placedElsewhere', 'child', 'other-tab'],
    ['storage.changed', 'outside', 'other-tab'],
    ['personal.submit', 'outside', 'user'],
    ['order.place', 'outside', 'user'],
    ['cart.connect', 'outside', 'user'],
    ['step.back', 'outside', 'user'],
    ['order.place', 'parent', 'unknown'],
    ['sync.resync', 'parent', 'unknown'],
    ['orders.waiting', 'outside', 'unknown'],
    ['xstate.init', 'outside', 'unknown'],
  ] as const)('%s sent from %s is %s', (type, sender, source) => {
    expect(eventSource(type, sender)).toBe(source);
  });

  it('tells a delayed transition of a running machine from the shopper’s click', () => {
    const { agent, viewer, posted } = harness();
    const timed = setup({}).createMachine({ id: 'timed', initial: 'idle', states: { idle: { on: { go: 'waiting' } }, waiting: { after: { 1: 'done' } }, done: {} } });
    viewer();
    const actor = createActor(timed, { inspect: inspectActor }).start();
    actor.send({ type: 'go' });
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        const events = posted('event').filter((m) => m.machineId === 'timed');
        expect(events.find((m) => m.event.type === 'go')?.source).toBe('user');
        expect(events.find((m) => m.event.type.startsWith('xstate.after.'))?.source).toBe('timer');
        agent.stop();
        resolve();
      }, 20);
    });
  });
});

describe('fault switches', () => {
  it('applies the commands for this tab or every tab, never another tab’s, and reports the switches', () => {
    const { agent, faults, calls, posted, channel, time } = harness();
    const fault = (tabId: string | null, command: FaultCommand) => channel.hear({ kind: 'fault', viewerId: 'viewer-1', at: time.now(), tabId, fault: command });
    fault('tab-2', { type: 'offline', on: true });
    expect(faults.applied).toEqual([]);
    fault('tab-1', { type: 'offline', on: true });
    fault(null, { type: 'delay-stream', ms: 500 });
    expect(faults.applied).toEqual([{ type: 'offline', on: true }, { type: 'delay-stream', ms: 500 }]);
    expect(posted('faults').some((m) => m.faults.offline)).toBe(true);

    fault('tab-2', { type: 'expire-token' });
    expect(calls.expired).toBe(0);
    const reports = posted('faults').length;
    fault(null, { type: 'expire-token' });
    expect(calls.expired).toBe(1);
    fault('tab-1', { type: 'force-conflict', collection: 'cart', id: 'RING-52:0123456789abcdef' });
    expect(calls.conflicts).toEqual([['cart', 'RING-52:0123456789abcdef']]);
    // Neither goes through the network layer's switches, and each is answered with the switches as they are.
    expect(faults.applied).toHaveLength(2);
    expect(posted('faults')).toHaveLength(reports + 2);
    agent.stop();
  });
});

describe('replication, leadership and documents', () => {
  async function withDatabase(leads: boolean) {
    const database = await testDatabase();
    await database.collections.cart.insert(SAMPLE_DOCS.cart);
    await database.collections.orders.insert(SAMPLE_DOCS.orders);
    await database.collections.orders.insert({ ...SAMPLE_DOCS.orders, id: 'order-2', transmited: true });
    await database.collections.syncTasks.insert(SAMPLE_DOCS.syncTasks);
    let resolveLead: () => void = () => undefined;
    const leadership = new Promise<void>((resolve) => (resolveLead = resolve));
    let leading = leads;
    const agentDatabase: AgentDatabase = {
      isLeader: () => leading,
      waitForLeadership: () => leadership,
      $: database.$,
      collections: database.collections as unknown as AgentDatabase['collections'],
    };
    const sync: AgentSync = { scope: () => ({ kind: 'guest' }), replication: () => ({ unsent: async () => ({ cart: [SAMPLE_DOCS.cart.id] }) }) };
    const lead = () => {
      leading = true;
      resolveLead();
    };
    return { database, agentDatabase, sync, lead };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('reports each collection on a sync: documents, pending, the queues, and what the feed told (redacted)', async () => {
    const { agentDatabase, sync } = await withDatabase(true);
    const { agent, viewer, posted, replicate, time } = harness({ pieces: () => ({ database: agentDatabase, sync }) });
    replicate({ collection: 'cart', at: 5, type: 'stream', state: 'open' });
    replicate({ collection: 'cart', at: 6, type: 'resync' });
    replicate({ collection: 'cart', at: 7, type: 'pull', documents: 1, checkpoint: { id: 'x', updatedAt: 100 } });
    replicate({ collection: 'orders', at: 8, type: 'error', message: `401 for Bearer ${TOKEN}`, nextRetryAt: 5008 });
    viewer('sync');
    await vi.waitFor(() => expect(posted('replication').length).toBeGreaterThan(0));
    const report = posted('replication').at(-1)!;
    expect(report).toMatchObject({ leader: true, owner: 'guest' });
    const by = Object.fromEntries(report.collections.map((c) => [c.name, c]));
    expect(by.cart).toMatchObject({ documents: 1, pending: 1, stream: 'open', resyncs: 1, checkpoint: { id: 'x', updatedAt: 100 }, error: null });
    expect(by.orders).toMatchObject({ documents: 2, pending: 0, errorAt: 8, nextRetryAt: 5008, queue: { transmitted: 1, waiting: 1 } });
    expect(by.orders!.error).toContain('401');
    // Sync tasks are device-only (decision 042): not a replicated collection, reported in the queue report.
    expect(by.syncTasks).toBeUndefined();
    expect(by.wishlist).toMatchObject({ documents: 0, stream: 'none' });

    // A burst of changes makes one report, not one each.
    const reports = posted('replication').length;
    for (let n = 0; n < 5; n++) replicate({ collection: 'cart', at: 9 + n, type: 'push', documents: 1 });
    time.advance(250);
    await vi.waitFor(() => expect(posted('replication')).toHaveLength(reports + 1));
    await settle();
    expect(posted('replication')).toHaveLength(reports + 1);
    expect(JSON.stringify(posted('replication'))).not.toContain(TOKEN);
    agent.stop();
  });

  it('reports the sync task queue with states and reasons, and never a payload body value', async () => {
    const { agentDatabase, sync } = await withDatabase(true);
    const secret = { firstname: 'Annabel-Secret', email: 'anna.secret@example.com', phone: '+31 6 1234 5678' };
    const task = (id: string, over: Record<string, unknown> = {}) => ({
      ...SAMPLE_DOCS.syncTasks,
      id,
      task_id: id,
      url: `/api/forms/contacts?email=${encodeURIComponent(secret.email)}&storeCode=nl`,
      payload: { ...SAMPLE_DOCS.syncTasks.payload, body: secret },
      meta: { kind: 'contact', auth: 'public', ready: true, attempts: 2, lastError: `Failed for ${secret.email}`, nextAttemptAt: 9_000, attachments: [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', bytes: 2048, uploaded: true }] },
      ...over,
    });
    const rows = [
      { doc: task('aaaaaaaa-1'), status: 'pending' as const, reason: 'backoff' },
      { doc: task('bbbbbbbb-2', { transmited: true, resultCode: 400, result: { error: 'validation_failed', message: `Refused ${secret.email}`, details: secret } }), status: 'failed' as const, reason: `Refused ${secret.email}` },
      { doc: task('cccccccc-3'), status: 'sending' as const, step: 'uploading' },
    ];
    const { agent, viewer, posted } = harness({ pieces: () => ({ database: agentDatabase, sync, tasks: { rows: async () => rows } }) });
    viewer('sync');
    await vi.waitFor(() => expect(posted('queue').length).toBeGreaterThan(0));
    const report = posted('queue').at(-1)!;
    expect(report.tasks).toEqual([
      expect.objectContaining({ id8: 'aaaaaaaa', kind: 'contact', method: 'POST', path: '/api/forms/contacts', status: 'pending', reason: 'backoff', attempts: 2, nextAttemptAt: 9_000, photos: { count: 1, bytes: 2048, uploaded: 1 } }),
      expect.objectContaining({ id8: 'bbbbbbbb', status: 'failed', resultCode: 400 }),
      expect.objectContaining({ id8: 'cccccccc', status: 'sending', step: 'uploading' }),
    ]);
    const everything = JSON.stringify(posted('queue'));
    for (const value of Object.values(secret)) expect(everything).not.toContain(value);
    expect(everything).not.toContain(encodeURIComponent(secret.email));
    agent.stop();
  });

  it('never posts a task’s header value or payload body value, in the queue report or anywhere else', async () => {
    const { database, agentDatabase, sync } = await withDatabase(true);
    const MARKER = 'Marker-7Q2x';
    const doc = newTaskDoc(
      {
        taskId: 'dddddddd-4',
        kind: 'newsletter',
        url: '/api/ext/mailchimp-subscribe/subscribe?storeCode=nl',
        method: 'DELETE',
        auth: 'public',
        headers: { 'x-newsletter-token': `${MARKER}-proof`, 'x-shop-note': `${MARKER}-note` },
        body: { comment: `${MARKER}-comment`, lines: [{ note: `${MARKER}-line` }] },
      },
      5_000,
    );
    await database.collections.syncTasks.insert(doc);
    const rows = [
      { doc, status: 'pending' as const, reason: 'offline' },
      { doc: { ...doc, id: 'eeeeeeee-5', task_id: 'eeeeeeee-5' }, status: 'sending' as const, step: 'captcha' },
    ];
    const { agent, channel, posted, viewer, time } = harness({ pieces: () => ({ database: agentDatabase, sync, tasks: { rows: async () => rows } }) });
    viewer('sync');
    // The visualizer asks for the sync tasks' documents too, and searches them for the marker.
    for (const [n, query] of ['', MARKER].entries()) channel.hear({ kind: 'docs-request', viewerId: 'viewer-1', at: time.now(), requestId: `r${n}`, collection: 'syncTasks', query });
    await vi.waitFor(() => expect(posted('queue').length).toBeGreaterThan(0));
    await settle();
    expect(posted('queue').at(-1)!.tasks).toEqual([
      expect.objectContaining({ id8: 'dddddddd', kind: 'newsletter', method: 'DELETE', path: '/api/ext/mailchimp-subscribe/subscribe', status: 'pending', reason: 'offline' }),
      expect.objectContaining({ id8: 'eeeeeeee', status: 'sending', step: 'captcha' }),
    ]);
    // Sync tasks are no replicated collection: a docs request for them is answered with nothing.
    expect(posted('docs')).toEqual([expect.objectContaining({ requestId: 'r0', documents: [], total: 0 }), expect.objectContaining({ requestId: 'r1', documents: [], total: 0 })]);
    expect(JSON.stringify(channel.posted)).not.toContain(MARKER);
    agent.stop();
  });

  it('says pending is unknown in a tab that does not lead, and posts leader when leadership comes', async () => {
    const { agentDatabase, sync, lead } = await withDatabase(false);
    const { agent, viewer, posted } = harness({ pieces: () => ({ database: agentDatabase, sync }) });
    viewer('sync');
    await vi.waitFor(() => expect(posted('replication').length * posted('leader').length).toBeGreaterThan(0));
    expect(posted('replication').at(-1)!.collections.every((c) => c.pending === null)).toBe(true);
    expect(posted('leader').at(-1)).toMatchObject({ leader: false });
    lead();
    await vi.waitFor(() => expect(posted('leader').at(-1)).toMatchObject({ leader: true }));
    agent.stop();
  });

  it('answers a docs request in the leading tab only, redacted and searched in what it shows', async () => {
    const follower = await withDatabase(false);
    const leaderDb = await withDatabase(true);
    const other = harness({ pieces: () => ({ database: follower.agentDatabase, sync: follower.sync }) });
    const { agent, channel, posted, time } = harness({ pieces: () => ({ database: leaderDb.agentDatabase, sync: leaderDb.sync }) });
    const ask = (query: string, requestId: string) => {
      const request: ViewerMessage = { kind: 'docs-request', viewerId: 'viewer-1', at: time.now(), requestId, collection: 'orders', query };
      channel.hear(request);
      other.channel.hear(request);
    };
    ask('', 'r1');
    ask('ORDER-2', 'r2');
    ask('kalverstraat', 'r3');
    await vi.waitFor(() => expect(posted('docs')).toHaveLength(3));
    await settle();
    expect(other.posted('docs')).toEqual([]);
    const answers = Object.fromEntries(posted('docs').map((m) => [m.requestId, m]));
    expect(answers.r1).toMatchObject({ collection: 'orders', total: 2 });
    expect(answers.r1!.documents).toHaveLength(2);
    expect(answers.r2).toMatchObject({ total: 1 });
    // The address is redacted, so searching for it finds nothing: a search never probes a secret.
    expect(answers.r3).toMatchObject({ total: 0, documents: [] });
    const text = JSON.stringify(posted('docs'));
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    agent.stop();
    other.agent.stop();
  });

  it('posts each conflict the merge resolved, redacted', () => {
    const { agent, viewer, posted, replicate } = harness();
    viewer();
    replicate({ collection: 'orders', at: 9, type: 'conflict', id: 'order-1', local: SAMPLE_DOCS.orders, server: { ...SAMPLE_DOCS.orders, transmited: true }, result: SAMPLE_DOCS.orders });
    expect(posted('conflict')).toEqual([expect.objectContaining({ collection: 'orders', id: 'order-1' })]);
    for (const secret of SECRETS) expect(JSON.stringify(posted('conflict'))).not.toContain(secret);
    agent.stop();
  });
});
