/**
 * The statechart drawing's data: `machineGraph` walks an XState v5 machine definition (its root StateNode) and
 * answers a plain, JSON-serializable graph of every state node and every transition, ready to be laid out
 * (machine-layout.ts) and drawn. Nothing here runs the machine or needs its actors to be provided.
 */
import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StateGraphNode {
  /** The state path joined with dots after the machine id (`cartConnection.connected.syncing`), as XState's own default ids. */
  id: string;
  /** The keys from the root down; the root's is empty. */
  path: string[];
  /** The containing state's id; null for the root. */
  parent: string | null;
  kind: StateKind;
  /** The state its parent (a compound state) enters first. Regions of a parallel state and the root are not marked. */
  initial: boolean;
  final: boolean;
  /** Shallow or deep, for a history state. */
  history?: 'shallow' | 'deep';
  /** The key (the machine id for the root). */
  label: string;
  /** The actors invoked while in this state, by their `src` name (or the invoke id when the source is inline). */
  invokes: string[];
  /** The state's tags, if any. */
  tags: string[];
}

/** `event`: an `on` transition; `always`: eventless; `after`: delayed; `done`/`error`: an invoked actor's (or, for `done`, a compound state's) completion; `snapshot`: an invoke's onSnapshot. */
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot';

export interface TransitionGuard {
  /** A named guard's name (`tooManyAttempts`), a combination (`and(a, not(b))`), or `inline` for a function written in place. */
  label: string;
  inline: boolean;
}

export interface StateGraphEdge {
  /** Unique within the graph: source id, event descriptor and the transition's position among that event's candidates. */
  id: string;
  source: string;
  /** The target state ids; empty for a targetless transition (actions only, the state is not left). */
  targets: string[];
  kind: TransitionKind;
  /** XState's event descriptor (`auth.unauthorized`, `xstate.after.retry.tokenLock.waiting`, `xstate.done.actor.refresh`); empty for `always`. */
  event: string;
  /** What the drawing writes on the arrow: the event name, `always`, `after retry`, `done: refresh`, `error: refresh`, `done`. */
  label: string;
  guard: TransitionGuard | null;
  /** No target: the transition runs its actions and stays (an internal transition). */
  targetless: boolean;
  /** The source is left and entered again (`reenter: true`). */
  reenter: boolean;
  /** For `after`: the delay in ms or its name in `delays`. */
  delay?: number | string;
  /** Named actions, in order (inline ones as `inline`). */
  actions: string[];
  /** Among the transitions for the same source and event, its position: candidates are tried in this order. */
  order: number;
}

export interface MachineGraph {
  machineId: string;
  /** The root's id (the machine id). */
  root: string;
  /** Parents before their children, siblings in definition order. */
  nodes: StateGraphNode[];
  edges: StateGraphEdge[];
}

export function stateNodeId(machineId: string, path: readonly string[]): string {
  return [machineId, ...path].join('.');
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const root = machine.root;
  const machineId = root.key;
  const nodes: StateGraphNode[] = [];
  const edges: StateGraphEdge[] = [];
  const idOf = (node: AnyStateNode) => stateNodeId(machineId, node.path);

  const visit = (node: AnyStateNode) => {
    const parent = node.parent;
    const initial = parent !== undefined && parent.type === 'compound' && parent.initial.target.some((target: AnyStateNode) => target === node);
    nodes.push({
      id: idOf(node),
      path: [...node.path],
      parent: parent ? idOf(parent) : null,
      kind: node.type,
      initial,
      final: node.type === 'final',
      ...(node.type === 'history' && node.history ? { history: node.history } : {}),
      label: node.key,
      invokes: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
      tags: [...node.tags],
    });

    const invokeNames = new Map(node.invoke.map((invoke) => [invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id]));
    const delays = new Map<string, number | string>(
      node.after.map((transition) => [transition.eventType, typeof transition.delay === 'function' ? 'inline' : transition.delay]),
    );
    const add = (descriptor: string, transitions: readonly AnyTransitionDefinition[]) => {
      transitions.forEach((transition, order) => {
        const { kind, label } = describeEvent(descriptor, node, invokeNames, delays);
        const targets = (transition.target ?? []).map((target: AnyStateNode) => idOf(target));
        const delay = delays.get(descriptor);
        edges.push({
          id: `${idOf(node)}:${descriptor || 'always'}:${order}`,
          source: idOf(node),
          targets,
          kind,
          event: descriptor,
          label,
          guard: transition.guard === undefined ? null : describeGuard(transition.guard),
          targetless: targets.length === 0,
          reenter: transition.reenter,
          ...(delay === undefined ? {} : { delay }),
          actions: transition.actions.map(actionName),
          order,
        });
      });
    };
    for (const [descriptor, transitions] of node.transitions) add(descriptor, transitions);
    if (node.always) add('', node.always);

    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(root);
  return { machineId, root: idOf(root), nodes, edges };
}

function describeEvent(
  descriptor: string,
  node: AnyStateNode,
  invokeNames: ReadonlyMap<string, string>,
  delays: ReadonlyMap<string, unknown>,
): { kind: TransitionKind; label: string } {
  if (descriptor === '') return { kind: 'always', label: 'always' };
  if (delays.has(descriptor)) {
    const delay = delays.get(descriptor);
    return { kind: 'after', label: `after ${typeof delay === 'number' ? `${delay} ms` : String(delay)}` };
  }
  if (descriptor === `xstate.done.state.${node.id}`) return { kind: 'done', label: 'done' };
  for (const [prefix, kind] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (descriptor.startsWith(prefix)) {
      const invokeId = descriptor.slice(prefix.length);
      if (invokeNames.has(invokeId)) return { kind, label: `${kind}: ${invokeNames.get(invokeId)}` };
    }
  }
  return { kind: 'event', label: descriptor };
}

/** Guards come as a name, `{ type, params }`, an inline function, or XState's and/or/not/stateIn combinators (functions carrying their parts). */
export function describeGuard(guard: unknown): TransitionGuard {
  const label = guardLabel(guard);
  return { label, inline: label === 'inline' };
}

// The combinators are recognised by their `check` function, which survives minification (their names may not).
const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
const COMBINATORS = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('')), 'not'],
]);
const STATE_IN_CHECK = checkOf(stateIn({}));

function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') {
    const check = checkOf(guard);
    const combinator = check === undefined ? undefined : COMBINATORS.get(check);
    const parts = (guard as { guards?: unknown }).guards;
    if (combinator && Array.isArray(parts)) return `${combinator}(${parts.map(guardLabel).join(', ')})`;
    if (check !== undefined && check === STATE_IN_CHECK) return 'stateIn';
  }
  return 'inline';
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') return action.type;
  if (typeof action === 'function') {
    // XState's built-in actions (assign, raise, sendTo, enqueueActions…) carry their kind in `type`.
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type;
  }
  return 'inline';
}
