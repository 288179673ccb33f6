/**
 * Lays a machine graph out with ELK (elkjs, the Eclipse Layout Kernel): compound states as ELK hierarchy with their
 * children inside, the regions of a parallel state side by side, edges routed across the hierarchy with their labels
 * placed. Every coordinate answered is absolute (from the drawing's top-left).
 *
 * In the browser ELK runs in a Web Worker made from elkjs's own worker script, a plain file the build copies
 * (`?url`): no CommonJS module of elkjs enters the app's bundle (its interop would go into the runtime every page
 * shares), the layout never blocks the page, and the file is fetched only when a statechart is drawn. We talk to it
 * with its small message protocol (`register`, then `layout`, each answered with the same `id`). Tests run in Node,
 * without workers: there the same engine runs in-process from elkjs's bundled build, a branch the build drops.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { MachineGraph, StateGraphEdge, StateGraphNode } from './machine-graph.ts';

/** What the elk worker answers: the laid-out graph, or the error it threw. */
interface ElkReply {
  id: number;
  data?: ElkNode;
  error?: { message?: unknown } | string;
}

type RunLayout = (graph: ElkNode) => Promise<ElkNode>;

function elkInWorker(): RunLayout {
  const worker = new Worker(elkWorkerUrl, { name: 'devtools-elk' });
  const waiting = new Map<number, { resolve(reply: ElkReply): void; reject(error: Error): void }>();
  let next = 0;
  worker.onmessage = ({ data: reply }: MessageEvent<ElkReply>) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  };
  // The script could not load or crashed: every waiting layout fails, and the next one starts a new worker.
  worker.onerror = (event) => {
    event.preventDefault();
    engine = null;
    worker.terminate();
    for (const call of waiting.values()) call.reject(new Error(`ELK: ${event.message || 'the layout worker failed'}`));
    waiting.clear();
  };
  const post = (message: Record<string, unknown>) =>
    new Promise<ElkReply>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  // The worker answers in order: the algorithm is known before the first layout.
  void post({ cmd: 'register', algorithms: ['layered'] }).catch(() => undefined);
  return async (graph) => {
    const reply = await post({ cmd: 'layout', graph, layoutOptions: {}, options: {} });
    if (reply.data && reply.error === undefined) return reply.data;
    throw new Error(`ELK: ${typeof reply.error === 'string' ? reply.error : String(reply.error?.message ?? 'the layout failed')}`);
  };
}

let engine: Promise<RunLayout> | null = null;

function elk(): Promise<RunLayout> {
  engine ??=
    import.meta.env.MODE === 'test'
      ? import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => {
          const inProcess = new ELK();
          return (graph: ElkNode) => inProcess.layout(graph);
        })
      : Promise.resolve(elkInWorker());
  return engine;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface NodeLayout extends Box {
  id: string;
}

/** One route per target (a transition into a parallel state's regions has several); a targetless one loops back to its source. */
export interface EdgeRoute {
  target: string;
  /** Start, bend points, end. */
  points: Point[];
}

export interface EdgeLayout {
  id: string;
  routes: EdgeRoute[];
  /** Where the event/guard label goes. */
  label: Box | null;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: Record<string, NodeLayout>;
  edges: Record<string, EdgeLayout>;
}

/** A rough text width for a monospace-ish 12px label; the drawing may use its own font within it. */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 16;

export function edgeText(edge: StateGraphEdge): string {
  return edge.guard ? `${edge.label} [${edge.guard.label}]` : edge.label;
}

function nodeSize(node: StateGraphNode): { width: number; height: number } {
  const lines = [node.label, ...node.invokes.map((name) => `invoke ${name}`)];
  const longest = Math.max(...lines.map((line) => line.length));
  return { width: Math.max(60, longest * CHAR_WIDTH + 24), height: lines.length * LINE_HEIGHT + 20 };
}

export async function layoutGraph(graph: MachineGraph): Promise<GraphLayout> {
  const runLayout = await elk();

  const children = new Map<string, StateGraphNode[]>();
  for (const node of graph.nodes) {
    if (node.parent === null) continue;
    children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  }

  const toElk = (node: StateGraphNode): ElkNode => {
    const inner = children.get(node.id) ?? [];
    if (inner.length === 0) return { id: node.id, ...nodeSize(node), labels: [{ text: node.label }] };
    const header = nodeSize(node).height;
    return {
      id: node.id,
      labels: [{ text: node.label }],
      layoutOptions: {
        'elk.padding': `[top=${header + 8},left=16,bottom=16,right=16]`,
        // A parallel state's regions run side by side, a compound state's children flow downwards.
        'elk.direction': node.kind === 'parallel' ? 'RIGHT' : 'DOWN',
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${nodeSize(node).width},${header})`,
      },
      children: inner.map(toElk),
    };
  };

  const elkEdges: ElkExtendedEdge[] = graph.edges.flatMap((edge) => {
    const targets = edge.targetless ? [edge.source] : edge.targets;
    const text = edgeText(edge);
    return targets.map((target, index) => ({
      id: `${edge.id}#${index}`,
      sources: [edge.source],
      targets: [target],
      // The label is placed once, on the first route.
      labels: index === 0 ? [{ text, width: text.length * CHAR_WIDTH, height: LINE_HEIGHT }] : [],
    }));
  });

  const rootNode = graph.nodes.find((node) => node.id === graph.root);
  if (!rootNode) throw new Error(`machine graph ${graph.machineId} has no root node`);
  const laidOut: ElkNode = await runLayout({
    id: '__layout',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '32',
      'elk.spacing.edgeLabel': '4',
    },
    children: [toElk(rootNode)],
    edges: elkEdges,
  });

  // ELK answers node positions relative to their parent and edge points relative to the edge's container.
  const nodes: Record<string, NodeLayout> = {};
  const offsets = new Map<string, Point>([['__layout', { x: 0, y: 0 }]]);
  const place = (node: ElkNode, origin: Point) => {
    const x = origin.x + (node.x ?? 0);
    const y = origin.y + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    nodes[node.id] = { id: node.id, x, y, width: node.width ?? 0, height: node.height ?? 0 };
    for (const child of node.children ?? []) place(child, { x, y });
  };
  for (const child of laidOut.children ?? []) place(child, { x: 0, y: 0 });

  const laidEdges = new Map<string, ElkExtendedEdge & { container?: string }>();
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) laidEdges.set(edge.id, edge);
    for (const child of node.children ?? []) collect(child);
  };
  collect(laidOut);

  const edges: Record<string, EdgeLayout> = {};
  for (const edge of graph.edges) {
    const targets = edge.targetless ? [edge.source] : edge.targets;
    const routes: EdgeRoute[] = [];
    let label: Box | null = null;
    targets.forEach((target, index) => {
      const laid = laidEdges.get(`${edge.id}#${index}`);
      if (!laid) return;
      const origin = offsets.get(laid.container ?? '__layout') ?? { x: 0, y: 0 };
      const shift = (point: Point): Point => ({ x: origin.x + point.x, y: origin.y + point.y });
      const points = (laid.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift));
      routes.push({ target, points });
      const first = laid.labels?.[0];
      if (index === 0 && first) label = { ...shift({ x: first.x ?? 0, y: first.y ?? 0 }), width: first.width ?? 0, height: first.height ?? 0 };
    });
    edges[edge.id] = { id: edge.id, routes, label };
  }

  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, nodes, edges };
}
