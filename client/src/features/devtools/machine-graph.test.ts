import { and, assign, fromPromise, not, setup, StateMachine, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MACHINE_CATALOG } from './machine-catalog.ts';
import { machineGraph, stateNodeId, type MachineGraph, type StateGraphEdge } from './machine-graph.ts';
import { layoutGraph } from './machine-layout.ts';

/**
 * An independent reading of a machine's raw configuration (not XState's StateNode API that machineGraph uses): every
 * state and every transition it declares, each of which must be found in the graph. Answers what is missing.
 */
type Config = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const asTransition = (value: unknown): Config => (typeof value === 'string' ? { target: value } : (value as Config));

function missingFromGraph(machine: AnyStateMachine, graph: MachineGraph): string[] {
  const machineId = machine.id;
  const missing: string[] = [];
  const configs = new Map<string, { path: string[]; config: Config }>();
  const byCustomId = new Map<string, string[]>();
  const gather = (path: string[], config: Config) => {
    configs.set(stateNodeId(machineId, path), { path, config });
    if (typeof config.id === 'string') byCustomId.set(config.id, path);
    for (const [key, child] of Object.entries((config.states ?? {}) as Record<string, Config>)) gather([...path, key], child);
  };
  gather([], machine.config as Config);

  const resolve = (sourcePath: string[], target: string): string => {
    if (target.startsWith('#')) {
      const [id = '', ...rest] = target.slice(1).split('.');
      const base = byCustomId.get(id) ?? (id === machineId ? [] : null);
      // `#machine.a.b` names the default id of a.b; a custom id may be followed by a path too.
      const full = stateNodeId(machineId, [...(base ?? []), ...rest]);
      return configs.has(target.slice(1)) ? target.slice(1) : full;
    }
    if (target.startsWith('.')) return stateNodeId(machineId, [...sourcePath, ...target.slice(1).split('.')]);
    return stateNodeId(machineId, [...sourcePath.slice(0, -1), ...target.split('.')]);
  };

  const used = new Set<StateGraphEdge>();
  const expectEdge = (path: string[], kind: StateGraphEdge['kind'], matches: (edge: StateGraphEdge) => boolean, raw: unknown, order: number, what: string) => {
    const transition = asTransition(raw);
    const source = stateNodeId(machineId, path);
    const targets = asArray(transition.target).map((target) => resolve(path, String(target)));
    const guard = transition.guard;
    const found = graph.edges.find(
      (edge) =>
        !used.has(edge) &&
        edge.source === source &&
        edge.kind === kind &&
        edge.order === order &&
        matches(edge) &&
        JSON.stringify(edge.targets) === JSON.stringify(targets) &&
        (guard === undefined
          ? edge.guard === null
          : typeof guard === 'string'
            ? edge.guard?.label === guard
            : typeof guard === 'object' && guard !== null && 'type' in guard
              ? edge.guard?.label === guard.type
              : edge.guard !== null),
    );
    if (found) used.add(found);
    else missing.push(`${source}: ${what} #${order} → ${targets.join(', ') || '(stays)'}`);
  };

  for (const [id, { path, config }] of configs) {
    const node = graph.nodes.find((candidate) => candidate.id === id);
    const kind = (config.type as string | undefined) ?? (config.states && Object.keys(config.states).length > 0 ? 'compound' : 'atomic');
    if (!node || node.kind !== kind) missing.push(`state ${id} (${kind})`);
    else if (node.parent !== (path.length === 0 ? null : stateNodeId(machineId, path.slice(0, -1)))) missing.push(`state ${id}: parent`);

    const initial = config.initial as string | undefined;
    if (initial !== undefined && !graph.nodes.some((candidate) => candidate.id === stateNodeId(machineId, [...path, initial]) && candidate.initial)) {
      missing.push(`initial ${initial} of ${id}`);
    }
    for (const [event, raw] of Object.entries((config.on ?? {}) as Config)) {
      asArray(raw).forEach((one, order) => expectEdge(path, 'event', (edge) => edge.event === event && edge.label === event, one, order, `on ${event}`));
    }
    asArray(config.always).forEach((one, order) => expectEdge(path, 'always', (edge) => edge.event === '', one, order, 'always'));
    for (const [delay, raw] of Object.entries((config.after ?? {}) as Config)) {
      const value = Number.isNaN(Number(delay)) ? delay : Number(delay);
      asArray(raw).forEach((one, order) => expectEdge(path, 'after', (edge) => edge.delay === value, one, order, `after ${delay}`));
    }
    for (const invoke of asArray(config.invoke) as Config[]) {
      const name = typeof invoke.src === 'string' ? invoke.src : String(invoke.id);
      asArray(invoke.onDone).forEach((one, order) => expectEdge(path, 'done', (edge) => edge.label === `done: ${name}`, one, order, `invoke ${name} onDone`));
      asArray(invoke.onError).forEach((one, order) => expectEdge(path, 'error', (edge) => edge.label === `error: ${name}`, one, order, `invoke ${name} onError`));
    }
    asArray(config.onDone).forEach((one, order) => expectEdge(path, 'done', (edge) => edge.label === 'done', one, order, 'onDone'));
  }
  for (const edge of graph.edges) if (!used.has(edge)) missing.push(`unexpected edge ${edge.id}`);
  if (graph.nodes.length !== configs.size) missing.push(`${graph.nodes.length} nodes for ${configs.size} states`);
  return missing;
}

const sample = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' } | { type: 'poke' } | { type: 'pay'; amount: number } },
  guards: { isReady: () => true, isPaid: () => false },
  actors: { fetchThing: fromPromise(async () => 1) },
  delays: { patience: 500 },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  states: {
    idle: { on: { go: { guard: 'isReady', target: 'busy' }, poke: { actions: assign({}) } } },
    busy: {
      type: 'parallel',
      states: {
        left: {
          initial: 'one',
          states: {
            one: { after: { 1000: 'two' }, on: { poke: { target: 'one', reenter: true } } },
            two: { always: [{ guard: ({ event }) => event.type === 'go', target: 'done' }, { guard: and(['isReady', not('isPaid')]), target: 'done' }] },
            done: { type: 'final' },
            back: { type: 'history', history: 'deep' },
          },
        },
        right: {
          initial: 'fetching',
          states: {
            fetching: { invoke: { src: 'fetchThing', onDone: 'fetched', onError: { target: '#sample.failed' } } },
            fetched: { after: { patience: 'finished' } },
            finished: { type: 'final' },
          },
        },
      },
      onDone: 'settled',
      on: { stop: 'idle', pay: { guard: ({ event }) => event.amount > 0, target: ['.left.two', '.right.fetched'] } },
    },
    failed: {},
    settled: { type: 'final' },
  },
});

describe('machineGraph', () => {
  it('the catalogue holds every machine the shop defines in a *.machine.ts file', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../**/*.machine.ts', { eager: true });
    const defined = Object.values(modules).flatMap((exports) => Object.values(exports).filter((value) => value instanceof StateMachine));
    expect(defined.length).toBeGreaterThanOrEqual(6);
    for (const machine of defined) expect(MACHINE_CATALOG.map((entry) => entry.machine)).toContain(machine);
    expect(new Set(MACHINE_CATALOG.map((entry) => entry.id)).size).toBe(MACHINE_CATALOG.length);
  });

  it.each(MACHINE_CATALOG.map((entry) => [entry.id, entry.machine] as const))('the graph of %s holds every state and transition of its definition', (_id, machine) => {
    const graph = machineGraph(machine);
    expect(missingFromGraph(machine, graph)).toEqual([]);
    expect(graph.edges.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(graph))).toEqual(graph);
  });

  it('the check notices a transition or a state missing from the drawing', () => {
    for (const { machine } of MACHINE_CATALOG) {
      const graph = machineGraph(machine);
      for (const kind of new Set(graph.edges.map((edge) => edge.kind))) {
        const dropped = graph.edges.find((edge) => edge.kind === kind)!;
        expect(missingFromGraph(machine, { ...graph, edges: graph.edges.filter((edge) => edge !== dropped) })).not.toEqual([]);
      }
      const leaf = graph.nodes.at(-1)!;
      expect(missingFromGraph(machine, { ...graph, nodes: graph.nodes.filter((node) => node !== leaf) })).not.toEqual([]);
    }
  });

  it('draws nested and parallel states, guards, delays, eventless, done and error transitions of a hand-made machine', () => {
    const graph = machineGraph(sample);
    expect(missingFromGraph(sample, graph)).toEqual([]);
    const node = (path: string) => graph.nodes.find((candidate) => candidate.id === `sample${path ? `.${path}` : ''}`)!;
    expect(node('')).toMatchObject({ parent: null, kind: 'compound', label: 'sample' });
    expect(node('idle')).toMatchObject({ kind: 'atomic', initial: true, parent: 'sample' });
    expect(node('busy')).toMatchObject({ kind: 'parallel', initial: false });
    expect(node('busy.left')).toMatchObject({ kind: 'compound', initial: false, parent: 'sample.busy' });
    expect(node('busy.left.one')).toMatchObject({ initial: true, parent: 'sample.busy.left' });
    expect(node('busy.left.done')).toMatchObject({ kind: 'final', final: true });
    expect(node('busy.left.back')).toMatchObject({ kind: 'history', history: 'deep' });
    expect(node('busy.right.fetching').invokes).toEqual(['fetchThing']);
    expect(graph.nodes).toHaveLength(14);

    const edge = (source: string, label: string, order = 0) =>
      graph.edges.find((candidate) => candidate.source === `sample.${source}` && candidate.label === label && candidate.order === order)!;
    expect(edge('idle', 'go')).toMatchObject({ kind: 'event', targets: ['sample.busy'], guard: { label: 'isReady', inline: false } });
    expect(edge('idle', 'poke')).toMatchObject({ targets: [], targetless: true, actions: ['xstate.assign'] });
    expect(edge('busy.left.one', 'poke')).toMatchObject({ targets: ['sample.busy.left.one'], reenter: true, targetless: false });
    expect(edge('busy.left.one', 'after 1000 ms')).toMatchObject({ kind: 'after', delay: 1000, targets: ['sample.busy.left.two'] });
    expect(edge('busy.right.fetched', 'after patience')).toMatchObject({ kind: 'after', delay: 'patience', targets: ['sample.busy.right.finished'] });
    expect(edge('busy.left.two', 'always', 0)).toMatchObject({ kind: 'always', event: '', guard: { label: 'inline', inline: true } });
    expect(edge('busy.left.two', 'always', 1)).toMatchObject({ guard: { label: 'and(isReady, not(isPaid))', inline: false }, targets: ['sample.busy.left.done'] });
    expect(edge('busy.right.fetching', 'done: fetchThing')).toMatchObject({ kind: 'done', targets: ['sample.busy.right.fetched'] });
    expect(edge('busy.right.fetching', 'error: fetchThing')).toMatchObject({ kind: 'error', targets: ['sample.failed'] });
    expect(edge('busy', 'done')).toMatchObject({ kind: 'done', targets: ['sample.settled'] });
    expect(edge('busy', 'stop')).toMatchObject({ targets: ['sample.idle'], guard: null });
    expect(edge('busy', 'pay')).toMatchObject({ targets: ['sample.busy.left.two', 'sample.busy.right.fetched'], guard: { inline: true } });
    expect(graph.edges).toHaveLength(12);
  });
});

describe('layoutGraph', () => {
  const inside = (inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) =>
    inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

  it.each([['sample', sample] as const, ...MACHINE_CATALOG.map((entry) => [entry.id, entry.machine] as const)])(
    'lays %s out: every state placed inside its parent, every transition routed',
    async (_id, machine) => {
      const graph = machineGraph(machine);
      const layout = await layoutGraph(graph);
      expect(Number.isFinite(layout.width) && layout.width > 0).toBe(true);
      for (const node of graph.nodes) {
        const box = layout.nodes[node.id];
        expect(box, node.id).toBeDefined();
        for (const value of [box!.x, box!.y, box!.width, box!.height]) expect(Number.isFinite(value), node.id).toBe(true);
        expect(box!.width).toBeGreaterThan(0);
        if (node.parent !== null) expect(inside(box!, layout.nodes[node.parent]!), `${node.id} inside ${node.parent}`).toBe(true);
      }
      for (const edge of graph.edges) {
        const laid = layout.edges[edge.id];
        expect(laid?.routes.map((route) => route.target), edge.id).toEqual(edge.targetless ? [edge.source] : edge.targets);
        for (const route of laid!.routes) {
          expect(route.points.length, edge.id).toBeGreaterThanOrEqual(2);
          for (const point of route.points) expect(Number.isFinite(point.x) && Number.isFinite(point.y), edge.id).toBe(true);
        }
        expect(laid!.label, edge.id).not.toBeNull();
      }
    },
    30_000,
  );

  it('sets the regions of a parallel state side by side', async () => {
    const layout = await layoutGraph(machineGraph(sample));
    const left = layout.nodes['sample.busy.left']!;
    const right = layout.nodes['sample.busy.right']!;
    const apart = left.x + left.width <= right.x || right.x + right.width <= left.x;
    expect(apart).toBe(true);
  });
});
