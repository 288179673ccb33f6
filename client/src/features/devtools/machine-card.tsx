/**
 * One machine as the visualizer shows it: its statechart with the active state(s) lit, its context as a tree (as the
 * shop tab redacted it) and its child actors. Carries `data-machine` and `data-active` for journeys and outside
 * checks. The same card shows a live actor, a past snapshot (time travel) and a replayed one.
 */
import { useTranslation } from '../../app/i18n.ts';
import { activePaths, type ActorSnapshotView } from './devtools-store.ts';
import { catalogMachine } from './machine-catalog.ts';
import type { JsonValue } from './redact.ts';
import { hasDrawing, Statechart, type LastTransition } from './statechart.tsx';

export interface ChildActor {
  actorId: string;
  machineId: string | null;
  status: string;
}

export function machineTitle(machineId: string | null, actorId: string): string {
  return (machineId && catalogMachine(machineId)?.title) ?? machineId ?? actorId;
}

export function stateText(value: JsonValue | undefined): string {
  const paths = activePaths(value);
  return paths.length > 0 ? paths.join(', ') : '—';
}

export function MachineCard(props: {
  machineId: string | null;
  actorId: string;
  /** Which tab it runs in (shown when several do). */
  tabLabel?: string | undefined;
  snapshot: ActorSnapshotView | null;
  last: LastTransition | null;
  childActors?: readonly ChildActor[];
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  const { machineId, actorId, snapshot } = props;
  const active = activePaths(snapshot?.value);
  const title = machineTitle(machineId, actorId);
  const Heading = props.headingLevel === 4 ? 'h4' : 'h3';
  const SideHeading = props.headingLevel === 4 ? 'h5' : 'h4';
  return (
    <article className="dt-card" data-machine={machineId ?? actorId} data-active={active.join(' ')} aria-label={title}>
      <header className="dt-card__head">
        <Heading className="dt-card__title">
          {title}
          {machineId && machineId !== title && <code className="dt-card__id">{machineId}</code>}
        </Heading>
        <dl className="dt-card__facts">
          {props.tabLabel && (
            <div>
              <dt>{t('devtools:machines.tab')}</dt>
              <dd>{props.tabLabel}</dd>
            </div>
          )}
          <div>
            <dt>{t('devtools:machines.state')}</dt>
            <dd>
              <code className="dt-state">{stateText(snapshot?.value)}</code>
            </dd>
          </div>
          <div>
            <dt>{t('devtools:machines.status')}</dt>
            <dd>{snapshot ? t(`devtools:status.${snapshot.status}`, { defaultValue: snapshot.status }) : t('devtools:machines.noSnapshot')}</dd>
          </div>
        </dl>
      </header>
      <div className="dt-card__body">
        <div className="dt-card__chart">
          {machineId && hasDrawing(machineId) ? (
            <Statechart machineId={machineId} title={title} active={active} last={props.last} />
          ) : (
            <p className="dt-chart__note">{t('devtools:machines.noDrawing')}</p>
          )}
        </div>
        <div className="dt-card__side">
          <section aria-label={t('devtools:machines.contextOf', { machine: title })}>
            <SideHeading className="dt-side__title">{t('devtools:machines.context')}</SideHeading>
            {snapshot ? <JsonTree value={snapshot.context} /> : <p className="dt-muted">{t('devtools:machines.noSnapshot')}</p>}
          </section>
          <section aria-label={t('devtools:machines.actorsOf', { machine: title })}>
            <SideHeading className="dt-side__title">{t('devtools:machines.children')}</SideHeading>
            {props.childActors && props.childActors.length > 0 ? (
              <ul className="dt-children">
                {props.childActors.map((child) => (
                  <li key={child.actorId}>
                    <code>{child.machineId ?? child.actorId}</code> <span className={`dt-badge dt-badge--${child.status}`}>{t(`devtools:status.${child.status}`, { defaultValue: child.status })}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="dt-muted">{t('devtools:machines.noChildren')}</p>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

function leafText(value: JsonValue): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** A JSON value as an expandable tree: objects and arrays fold (the first level open), leaves show their value. */
export function JsonTree({ value, name, depth = 0 }: { value: JsonValue; name?: string; depth?: number }) {
  if (value === null || typeof value !== 'object') {
    return (
      <div className="dt-tree__leaf">
        {name !== undefined && <span className="dt-tree__key">{name}: </span>}
        <span className={`dt-tree__value dt-tree__value--${value === null ? 'null' : typeof value}`}>{leafText(value)}</span>
      </div>
    );
  }
  const entries: Array<[string, JsonValue]> = Array.isArray(value) ? value.map((child, index) => [String(index), child]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  if (entries.length === 0) {
    return (
      <div className="dt-tree__leaf">
        {name !== undefined && <span className="dt-tree__key">{name}: </span>}
        <span className="dt-tree__value">{Array.isArray(value) ? '[]' : '{}'}</span>
      </div>
    );
  }
  const list = (
    <ul className="dt-tree">
      {entries.map(([key, child]) => (
        <li key={key}>
          <JsonTree value={child} name={key} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
  if (name === undefined) return list;
  return (
    <details className="dt-tree__branch" open={depth <= 1}>
      <summary>
        <span className="dt-tree__key">{name}</span> <span className="dt-muted">{summary}</span>
      </summary>
      {list}
    </details>
  );
}
