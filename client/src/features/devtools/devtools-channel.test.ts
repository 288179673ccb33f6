import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { startDevtoolsBroadcast, type ChannelLike, type DevtoolsMessage } from './devtools-channel.ts';
import { inspectActor, setInspectionSink } from './inspection.ts';

/** A session machine holding secrets in its context, as the shop's do. */
const session = setup({ types: { context: {} as { token: string | null; email: string }, events: {} as { type: 'login'; token: string; password: string } | { type: 'logout' } } }).createMachine({
  id: 'session',
  initial: 'guest',
  context: { token: null, email: 'anna@example.com' },
  states: {
    guest: { on: { login: { target: 'customer', actions: assign({ token: ({ event }) => event.token }) } } },
    customer: { on: { logout: { target: 'guest', actions: assign({ token: null }) } } },
  },
});

function recorder(): ChannelLike & { messages: DevtoolsMessage[]; closed: boolean } {
  const channel = {
    messages: [] as DevtoolsMessage[],
    closed: false,
    postMessage: (message: DevtoolsMessage) => void channel.messages.push(structuredClone(message)),
    close: () => void (channel.closed = true),
  };
  return channel;
}

afterEach(() => {
  setInspectionSink(null);
});

describe('the visualizer’s channel', () => {
  it('posts a tab’s actors, events and snapshots, redacted, between a hello and a bye', () => {
    const channel = recorder();
    const stop = startDevtoolsBroadcast({ tabId: 'tab-1', url: '/nl', channel, now: () => 1000 });
    const actor = createActor(session, { inspect: inspectActor }).start();
    actor.send({ type: 'login', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm5hIn0.c2lnbmF0dXJlLWJ5dGVz', password: 'Geheim-123!' });
    stop();

    const kinds = channel.messages.map((message) => message.kind);
    expect(kinds[0]).toBe('hello');
    expect(kinds.at(-1)).toBe('bye');
    expect(kinds).toEqual(expect.arrayContaining(['actor', 'event', 'snapshot']));
    expect(channel.closed).toBe(true);

    const login = channel.messages.find((message): message is Extract<DevtoolsMessage, { kind: 'snapshot' }> => message.kind === 'snapshot' && message.event === 'login')!;
    expect(login).toMatchObject({ tabId: 'tab-1', machineId: 'session', value: 'customer', status: 'active' });
    // No secret leaves the tab: not the token, not the password, not the e-mail address.
    const text = JSON.stringify(channel.messages);
    for (const secret of ['eyJhbGciOiJIUzI1NiJ9', 'Geheim-123!', 'anna@example.com']) expect(text).not.toContain(secret);
    expect(text).toContain('login');
  });

  it('gives back the sink it replaced and stops posting when stopped', () => {
    const earlier: string[] = [];
    setInspectionSink((event) => earlier.push(event.type));
    const channel = recorder();
    const stop = startDevtoolsBroadcast({ tabId: 'tab-2', channel });
    stop();
    const posted = channel.messages.length;
    const actor = createActor(session, { inspect: inspectActor }).start();
    actor.send({ type: 'logout' });
    expect(channel.messages).toHaveLength(posted);
    expect(earlier.length).toBeGreaterThan(0);
  });
});
