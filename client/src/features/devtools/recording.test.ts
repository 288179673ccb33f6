import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from './redact.ts';
import { exportRecording, importRecording, replay, RECORDING_FORMAT, RECORDING_VERSION, type Recording, type RecordingSessionInput } from './recording.ts';

const CART_TOKEN = 'Qm9vb3Rfc3RyYXBfY2FydF90b2tlbl8x';
const SECRETS = ['anna@example.com', CART_TOKEN, 'hunter2', 'Kalverstraat', '4111111111111111'];

/** A short session as the visualizer would collect it: the cart connecting, a login, an order pushed. */
function session(): RecordingSessionInput {
  return {
    startedAt: 1000,
    machines: [
      { machineId: 'cartConnection', tabId: 'tab-a', initial: { value: 'idle', status: 'active', context: { token: null, bypassCount: 0 } } },
      { machineId: 'tokenLock', initial: { value: { lock: 'free' }, status: 'active', context: { lock: 0, refusedToken: null } } },
    ],
    entries: [
      {
        kind: 'event',
        at: 1010,
        tabId: 'tab-a',
        machineId: 'cartConnection',
        event: { type: 'cart.connect' },
        source: 'user',
        before: 'idle',
        after: { value: 'connected', status: 'active', context: { token: CART_TOKEN, bypassCount: 0 }, children: { poll: { status: 'active', machineId: 'cartPolling' } } },
      },
      { kind: 'replication', at: 1020, collection: 'orders', type: 'push', data: { documents: [SAMPLE_DOCS.orders] } },
      {
        kind: 'event',
        at: 1030,
        machineId: 'tokenLock',
        event: { type: 'auth.unauthorized', payload: { token: CART_TOKEN } },
        source: 'network',
        before: { lock: 'free' },
        after: { value: { lock: 'refreshing' }, status: 'active', context: { lock: 1, refusedToken: CART_TOKEN } },
      },
      { kind: 'snapshot', at: 1040, machineId: 'tokenLock', snapshot: { value: 'stopped', status: 'error', context: { lock: 0 }, error: { message: 'anna@example.com refused' } } },
    ],
  };
}

function recordingOf(text: string): Recording {
  const result = importRecording(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.recording;
}

describe('exportRecording and importRecording', () => {
  it('round-trips a session, redacted', () => {
    const text = exportRecording(session(), { exportedAt: 2000 });
    const recording = recordingOf(text);
    expect(recording).toMatchObject({ format: RECORDING_FORMAT, version: RECORDING_VERSION, exportedAt: 2000, startedAt: 1000 });
    expect(recording.machines).toEqual(session().machines);
    expect(recording.entries).toHaveLength(4);
    expect(recording.entries[0]).toMatchObject({ after: { value: 'connected', context: { token: '‹redacted token›' }, children: { poll: { machineId: 'cartPolling' } } } });
    expect(recording.entries[1]).toMatchObject({ data: { documents: [{ id: 'order-1', customer_email: '‹redacted e-mail›', totals: SAMPLE_DOCS.orders.totals }] } });
    expect(recording.entries[2]).toMatchObject({ event: { type: 'auth.unauthorized', payload: { token: '‹redacted token›' } }, source: 'network', before: { lock: 'free' } });
    // Exporting what was imported gives the same file.
    expect(exportRecording(recording, { exportedAt: 2000 })).toBe(text);
  });

  it('never writes a secret planted anywhere in its input (property)', () => {
    // Shapes are caught under any key; a street name or a password only under its own key.
    const secret = fc.oneof(fc.constantFrom('anna@example.com', CART_TOKEN, '4111111111111111'), fc.constant({ password: 'hunter2' }), fc.constant({ streetAddress: 'Kalverstraat 1' }));
    const json = fc.letrec<{ node: JsonValue }>((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, secret, fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<JsonValue>, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'note', 'value'), tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(json, json, json, json, (context, payload, data, error) => {
        const planted: RecordingSessionInput = {
          startedAt: 0,
          machines: [{ machineId: 'm', initial: { value: 'a', status: 'active', context } }],
          entries: [
            { kind: 'event', at: 1, machineId: 'm', event: { type: 'go', payload }, source: 'user', before: 'a', after: { value: 'b', status: 'active', context: { context } } },
            { kind: 'replication', at: 2, collection: 'cart', type: 'conflict', data: { local: data, remote: [data], result: { data } } },
            { kind: 'snapshot', at: 3, machineId: 'm', snapshot: { value: 'c', status: 'error', context: null, error } },
          ],
        };
        const text = exportRecording(planted, { exportedAt: 4 });
        for (const value of SECRETS) expect(text).not.toContain(value);
        expect(importRecording(text).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('redacts non-JSON values a caller left in a context (Maps, Dates, errors)', () => {
    const withValues = session();
    withValues.machines[0]!.initial.context = { seen: new Map([['email', 'anna@example.com']]), at: new Date(0), error: new Error(`token ${CART_TOKEN}`) };
    const text = exportRecording(withValues, { exportedAt: 1 });
    for (const value of SECRETS) expect(text).not.toContain(value);
    expect(recordingOf(text).machines[0]!.initial.context).toEqual({
      seen: { $type: 'Map', entries: [['email', '‹redacted e-mail›']] },
      at: '1970-01-01T00:00:00.000Z',
      error: { $type: 'Error', name: 'Error', message: 'token ‹redacted token›' },
    });
  });

  it('refuses to export a session of the wrong shape, naming the field', () => {
    const bad = session();
    (bad.entries[0] as { source: string }).source = 'telepathy';
    expect(() => exportRecording(bad)).toThrow(/entries\.0\.source/);
  });

  it('redacts what it imports: a file made under weaker rules shows no secret', () => {
    const file = JSON.parse(exportRecording(session(), { exportedAt: 1 })) as Recording;
    file.machines[0]!.initial.context = { note: 'mail anna@example.com', password: 'hunter2' };
    const recording = recordingOf(JSON.stringify(file));
    expect(recording.machines[0]!.initial.context).toEqual({ note: 'mail ‹redacted e-mail›', password: '‹redacted password›' });
  });

  it.each([
    ['', 'not-json'],
    ['{"format":', 'not-json'],
    ['null', 'not-a-recording'],
    ['[1,2]', 'not-a-recording'],
    ['"text"', 'not-a-recording'],
    ['{"format":"stately-inspector","version":1}', 'not-a-recording'],
    [JSON.stringify({ format: RECORDING_FORMAT, version: 2, whatever: true }), 'too-new'],
    [JSON.stringify({ format: RECORDING_FORMAT, version: 0 }), 'invalid'],
    [JSON.stringify({ format: RECORDING_FORMAT, version: 1, exportedAt: 1, startedAt: 0, machines: [], entries: [{ kind: 'teleport', at: 1 }] }), 'invalid'],
    [JSON.stringify({ format: RECORDING_FORMAT, version: 1, exportedAt: 1, startedAt: 0, machines: [{ machineId: 'm', initial: { value: 3, status: 'active', context: {} } }], entries: [] }), 'invalid'],
  ])('answers %s with %s', (text, code) => {
    const result = importRecording(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toMatch(/\.$/);
    }
  });

  it('names where a damaged recording is damaged, and refuses a file too large', () => {
    const file = JSON.parse(exportRecording(session(), { exportedAt: 1 })) as { entries: Array<{ at: unknown }> };
    file.entries[2]!.at = 'yesterday';
    expect(importRecording(JSON.stringify(file))).toMatchObject({ ok: false, error: { code: 'invalid', path: 'entries.2.at' } });
    // An entry of no known kind is damaged at its kind.
    Object.assign(file.entries[2]!, { kind: 'teleport' });
    expect(importRecording(JSON.stringify(file))).toMatchObject({ ok: false, error: { code: 'invalid', path: 'entries.2.kind' } });
    expect(importRecording(' '.repeat(64 * 1024 * 1024 + 1))).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });

  it('never throws on any text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify({ format: RECORDING_FORMAT, version: 1, ...(typeof value === 'object' && value !== null ? value : { value }) }))), (text) => {
        const result = importRecording(text);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('replay', () => {
  const recording = () => recordingOf(exportRecording(session(), { exportedAt: 2000 }));

  it('gives each machine\'s snapshot after any step', () => {
    const cursor = replay(recording());
    expect(cursor.length).toBe(4);
    expect(cursor.at(0)).toMatchObject({ step: 0, entry: null, at: 1000, machines: { 'tab-a/cartConnection': { value: 'idle' }, tokenLock: { value: { lock: 'free' } } } });
    expect(cursor.at(1)).toMatchObject({ step: 1, at: 1010, entry: { event: { type: 'cart.connect' } }, machines: { 'tab-a/cartConnection': { value: 'connected' }, tokenLock: { value: { lock: 'free' } } } });
    expect(cursor.at(2).machines).toBe(cursor.at(1).machines); // a replication entry changes no machine
    expect(cursor.at(2).entry).toMatchObject({ kind: 'replication', collection: 'orders' });
    expect(cursor.at(3).machines.tokenLock).toMatchObject({ value: { lock: 'refreshing' }, context: { lock: 1 } });
    expect(cursor.at(4).machines.tokenLock).toMatchObject({ value: 'stopped', status: 'error' });
    expect(cursor.at(4).machines['tab-a/cartConnection']).toMatchObject({ value: 'connected' });
  });

  it('clamps steps out of range', () => {
    const cursor = replay(recording());
    expect(cursor.at(-3).step).toBe(0);
    expect(cursor.at(99).step).toBe(4);
    expect(cursor.at(1.7).step).toBe(1);
    expect(cursor.at(Number.NaN).step).toBe(0);
    expect(cursor.at(Number.POSITIVE_INFINITY).step).toBe(4);
  });

  it('is read-only and leaves the recording alone', () => {
    const source = recording();
    const before = JSON.stringify(source);
    const cursor = replay(source);
    const frame = cursor.at(3);
    expect(() => {
      (frame.machines.tokenLock as { value: unknown }).value = 'hacked';
    }).toThrow(TypeError);
    expect(() => {
      ((frame.machines.tokenLock!.context as Record<string, unknown>) ?? {}).lock = 9;
    }).toThrow(TypeError);
    expect(() => {
      (cursor.entries as unknown[]).push({});
    }).toThrow(TypeError);
    expect(JSON.stringify(source)).toBe(before);
    expect(Object.isFrozen(source.entries)).toBe(false);
  });
});
