/**
 * One machine's statechart, drawn as SVG from its own definition: machineGraph walks the definition, layoutGraph
 * lays it out with ELK, once per machine (cached for the page's life). Compound and parallel states are boxes
 * around their children (a parallel state's regions dashed), the initial state has its dot, a final state a double
 * border; the active states are filled and the transition last taken is drawn bold.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { catalogMachine } from './machine-catalog.ts';
import { machineGraph, type MachineGraph, type StateGraphNode } from './machine-graph.ts';
import { edgeText, layoutGraph, type GraphLayout } from './machine-layout.ts';

interface Drawing {
  graph: MachineGraph;
  layout: GraphLayout;
}

const drawings = new Map<string, Promise<Drawing | null>>();

/** The machine's graph and layout, computed once; null for a machine the catalogue does not hold. */
export function machineDrawing(machineId: string): Promise<Drawing | null> {
  let drawing = drawings.get(machineId);
  if (!drawing) {
    const entry = catalogMachine(machineId);
    drawing = entry ? Promise.resolve(machineGraph(entry.machine)).then(async (graph) => ({ graph, layout: await layoutGraph(graph) })) : Promise.resolve(null);
    drawings.set(machineId, drawing);
  }
  return drawing;
}

type DrawingState = { status: 'loading' } | { status: 'none' } | { status: 'error' } | { status: 'ready'; drawing: Drawing };

function useDrawing(machineId: string): DrawingState {
  const [state, setState] = useState<{ id: string; value: DrawingState }>({ id: machineId, value: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    machineDrawing(machineId).then(
      (drawing) => live && setState({ id: machineId, value: drawing ? { status: 'ready', drawing } : { status: 'none' } }),
      () => live && setState({ id: machineId, value: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [machineId]);
  return state.id === machineId ? state.value : { status: 'loading' };
}

/** Every prefix of each path: `connected.idle` is in `connected` too. */
function withAncestors(paths: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('.');
    for (let index = 1; index <= parts.length; index += 1) all.add(parts.slice(0, index).join('.'));
  }
  return all;
}

export interface LastTransition {
  event: string;
  /** The active paths before it. */
  from: readonly string[];
}

export function hasDrawing(machineId: string | null): boolean {
  return machineId !== null && catalogMachine(machineId) !== undefined;
}

type Zoom = 'fit' | number;
const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5];
/** Wider than this, a chart fitted to a laptop's card would have unreadable labels. */
const WIDE = 1_600;

export function Statechart({ machineId, title, active, last }: { machineId: string; title: string; active: readonly string[]; last: LastTransition | null }) {
  const { t } = useTranslation();
  const state = useDrawing(machineId);
  // Until the developer picks a zoom: a chart that fits legibly is fitted to the card, a wide one (the cart
  // connection is ~4,200 px) is shown at 75 % and scrolls.
  const [chosenZoom, setZoom] = useState<Zoom | null>(null);
  const zoom: Zoom = chosenZoom ?? (state.status === 'ready' && state.drawing.layout.width > WIDE ? 0.75 : 'fit');
  const markerId = `arrow-${useId().replace(/:/g, '')}`;

  const lit = useMemo(() => {
    if (state.status !== 'ready') return null;
    const { graph } = state.drawing;
    const relative = (node: StateGraphNode) => node.path.join('.');
    const activeSet = withAncestors(active);
    const leaves = new Set(active);
    const before = last ? withAncestors(last.from) : new Set<string>();
    const nodes = new Map(graph.nodes.map((node) => [node.id, relative(node)]));
    const taken = new Set(
      last
        ? graph.edges
            .filter((edge) => edge.event === last.event && before.has(nodes.get(edge.source) ?? '\0') && (edge.targetless || edge.targets.some((target) => activeSet.has(nodes.get(target) ?? '\0'))))
            .map((edge) => edge.id)
        : [],
    );
    return { activeSet, leaves, taken, nodes };
  }, [state, active, last]);

  if (state.status === 'loading') return <p className="dt-chart__note" role="status">{t('devtools:machines.laying')}</p>;
  if (state.status === 'none') return <p className="dt-chart__note">{t('devtools:machines.noDrawing')}</p>;
  if (state.status === 'error' || !lit) return <p className="dt-chart__note">{t('devtools:machines.layoutFailed')}</p>;

  const { graph, layout } = state.drawing;
  const pad = 12;
  const width = layout.width + pad * 2;
  const height = layout.height + pad * 2;
  const scale = zoom === 'fit' ? null : zoom;
  const zoomIndex = scale === null ? -1 : ZOOMS.indexOf(scale);
  const label = t('devtools:machines.chartLabel', { machine: title, states: active.join(', ') || '—' });

  return (
    <div className="dt-chart">
      <div className="dt-chart__tools" role="group" aria-label={t('devtools:machines.zoom', { machine: title })}>
        <button type="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
          {t('devtools:machines.fit')}
        </button>
        <button type="button" onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex === -1 ? 2 : zoomIndex - 1)]!)} aria-label={t('devtools:machines.zoomOut')}>
          −
        </button>
        <button type="button" onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex === -1 ? 3 : zoomIndex + 1)]!)} aria-label={t('devtools:machines.zoomIn')}>
          +
        </button>
        <span className="dt-muted">{scale === null ? t('devtools:machines.fitted') : `${Math.round(scale * 100)} %`}</span>
      </div>
      <div className="dt-chart__viewport" tabIndex={0} role="region" aria-label={t('devtools:machines.chartRegion', { machine: title })}>
        <svg
          role="img"
          aria-label={label}
          viewBox={`${-pad} ${-pad} ${width} ${height}`}
          width={scale === null ? '100%' : width * scale}
          height={scale === null ? undefined : height * scale}
          className="dt-chart__svg"
          style={scale === null ? { maxHeight: '26rem' } : undefined}
        >
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="dt-edge__head" />
            </marker>
          </defs>
          {graph.nodes.map((node) => {
            const box = layout.nodes[node.id];
            if (!box) return null;
            const path = lit.nodes.get(node.id) ?? '';
            const container = node.kind === 'compound' || node.kind === 'parallel';
            const isActive = node.parent !== null && lit.activeSet.has(path);
            const isLeaf = lit.leaves.has(path);
            const parentKind = node.parent ? graph.nodes.find((candidate) => candidate.id === node.parent)?.kind : undefined;
            const className = [
              'dt-node',
              container ? 'dt-node--container' : 'dt-node--atomic',
              parentKind === 'parallel' ? 'dt-node--region' : '',
              isActive ? 'dt-node--active' : '',
              isLeaf ? 'dt-node--current' : '',
            ].join(' ');
            const lines = container ? [] : node.invokes.map((name) => `invoke ${name}`);
            return (
              <g key={node.id} className={className} data-state={path || undefined}>
                <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={container ? 6 : 10} />
                {node.final && <rect className="dt-node__inner" x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={8} />}
                {node.initial && (
                  <g className="dt-node__initial">
                    <circle cx={box.x - 7} cy={box.y + 8} r={3.5} />
                  </g>
                )}
                <text
                  x={container ? box.x + 10 : box.x + box.width / 2}
                  y={container ? box.y + 17 : box.y + box.height / 2 - (lines.length * 8) + 4}
                  textAnchor={container ? 'start' : 'middle'}
                  className="dt-node__label"
                >
                  {node.label}
                  {node.kind === 'parallel' ? ' ∥' : ''}
                </text>
                {lines.map((line, index) => (
                  <text key={line} x={box.x + box.width / 2} y={box.y + box.height / 2 - lines.length * 8 + 4 + (index + 1) * 16} textAnchor="middle" className="dt-node__invoke">
                    {line}
                  </text>
                ))}
              </g>
            );
          })}
          {graph.edges.map((edge) => {
            const laid = layout.edges[edge.id];
            if (!laid) return null;
            const taken = lit.taken.has(edge.id);
            return (
              <g key={edge.id} className={`dt-edge${taken ? ' dt-edge--taken' : ''}${edge.kind === 'always' || edge.kind === 'after' ? ' dt-edge--auto' : ''}`}>
                {laid.routes.map((route) => (
                  <polyline key={route.target} points={route.points.map((point) => `${point.x},${point.y}`).join(' ')} markerEnd={`url(#${markerId})`} />
                ))}
                {laid.label && (
                  <>
                    <rect className="dt-edge__label-bg" x={laid.label.x - 2} y={laid.label.y - 1} width={laid.label.width + 4} height={laid.label.height + 2} rx={2} />
                    <text className="dt-edge__label" x={laid.label.x} y={laid.label.y + laid.label.height - 4}>
                      {edgeText(edge)}
                    </text>
                  </>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}
