import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { inspectActor, liveActors, setInspectionSink } from './inspection.ts';

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } } });

afterEach(() => {
  setInspectionSink(null);
});

describe('the inspection layer', () => {
  it('hands the installed sink every actor, event and snapshot of an inspected actor', () => {
    const seen: InspectionEvent[] = [];
    setInspectionSink((event) => seen.push(event));
    const actor = createActor(toggle, { inspect: inspectActor }).start();
    actor.send({ type: 'FLIP' });
    expect(seen.map((event) => event.type)).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']));
    const flipped = seen.filter((event): event is Extract<InspectionEvent, { type: '@xstate.snapshot' }> => event.type === '@xstate.snapshot' && event.event.type === 'FLIP');
    expect(flipped.map((event) => (event.snapshot as unknown as { value: unknown }).value)).toEqual(['on']);
    actor.stop();
  });

  it('costs the shop nothing but a check without a sink, and a sink that throws never breaks an actor', () => {
    const actor = createActor(toggle, { inspect: inspectActor }).start();
    actor.send({ type: 'FLIP' });
    setInspectionSink(() => {
      throw new Error('the visualizer fell over');
    });
    actor.send({ type: 'FLIP' });
    expect(actor.getSnapshot().value).toBe('off');
    actor.stop();
  });

  it('keeps every actor created, with or without a sink, until it stops: an agent that starts later finds them', () => {
    const first = createActor(toggle, { inspect: inspectActor }).start();
    const second = createActor(toggle, { inspect: inspectActor }).start();
    expect(liveActors()).toEqual(expect.arrayContaining([first, second]));
    first.stop();
    expect(liveActors()).not.toContain(first);
    expect(liveActors()).toContain(second);
    second.stop();
    expect(liveActors()).not.toContain(second);
  });

  it('keeps a parent whose snapshot does not exist yet while its first context spawns a child (no trip over it)', () => {
    // The child is spawned while the parent computes its first snapshot: the parent has none yet.
    const parent = createMachine({ id: 'parent', context: ({ spawn }) => ({ child: spawn(toggle) }), initial: 'busy', states: { busy: {} } });
    const actor = createActor(parent, { inspect: inspectActor });
    actor.start();
    expect(liveActors()).toContain(actor);
    expect(liveActors()).toHaveLength(2);
    actor.stop();
    expect(liveActors()).toEqual([]);
  });

  it('every actor the shop creates is inspected (createActor and useActorRef are given inspectActor)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
    const calls: string[] = [];
    const uninspected: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/\b(createActor|useActorRef)\(/g)) {
        // The call's arguments: up to the parenthesis that closes it.
        let depth = 0;
        let end = match.index + match[0].length - 1;
        for (; end < text.length; end += 1) {
          if (text[end] === '(') depth += 1;
          else if (text[end] === ')' && --depth === 0) break;
        }
        const call = text.slice(match.index, end + 1);
        calls.push(`${file}: ${match[1]}`);
        if (!/inspect:\s*inspectActor/.test(call)) uninspected.push(`${file}: ${call.slice(0, 80)}`);
      }
    }
    expect(calls.length).toBeGreaterThanOrEqual(6);
    expect(uninspected).toEqual([]);
  });
});
