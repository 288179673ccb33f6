/**
 * The visualizer's replication inspector (issue 15 item 4): the leading tab's report per collection (documents,
 * pending writes, last pull checkpoint, stream and RESYNCs, error and next retry, the queues), a searchable read-only
 * table of one collection's documents, and every conflict the merge resolved with its three states side by side.
 * Only props in, only `requestDocs` out: the page owns the channel and the store.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import type { CollectionReport, ShopReport } from './devtools-protocol.ts';
import { useDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import { clockTime, compactCheckpoint, compactJson, conflictRows, documentColumns, field } from './panel-format.ts';
import type { JsonValue } from './redact.ts';
import './devtools-panels.css';

type ReplicationTab = {
  tabId: string;
  url: string;
  open: boolean;
  leader: boolean | null;
  report: { owner: string | null; collections: CollectionReport[] } | null;
};
type Conflict = Extract<ShopReport, { kind: 'conflict' }>;
type DocumentsAnswer = { documents: JsonValue[]; total: number; at: number };

interface ReplicationPanelProps {
  tabs: ReadonlyArray<ReplicationTab>;
  conflicts: ReadonlyArray<Conflict>;
  docs: Readonly<Record<string, DocumentsAnswer | undefined>>;
  requestDocs: (collection: string, query: string) => void;
}

/** How long the search waits for the developer to stop typing before it asks the tabs. */
const SEARCH_DEBOUNCE_MS = 300;

export function ReplicationPanel(props: ReplicationPanelProps): JSX.Element {
  const { t, ready, language } = useDevtoolsPanelTexts();
  const [selected, setSelected] = useState<string | null>(null);
  const headingId = useId();
  const docsId = useId();
  if (!ready) return <section className="dt-panel" aria-busy="true" />;

  const leader = props.tabs.find((tab) => tab.open && tab.leader === true) ?? null;
  const collections = leader?.report?.collections ?? [];
  const current = selected !== null && collections.some((collection) => collection.name === selected) ? selected : null;

  return (
    <section className="dt-panel dt-replication" aria-labelledby={headingId}>
      <h2 id={headingId} className="dt-panel__title">
        {t('replication.title')}
      </h2>
      <LeaderLine leader={leader} tabs={props.tabs} t={t} />
      {collections.length > 0 ? (
        <div className="dt-scroll">
          <table className="dt-table dt-collections">
            <caption className="visually-hidden">{t('replication.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('replication.columns.collection')}</th>
                <th scope="col" className="dt-num">
                  {t('replication.columns.documents')}
                </th>
                <th scope="col" className="dt-num">
                  {t('replication.columns.pending')}
                </th>
                <th scope="col">{t('replication.columns.checkpoint')}</th>
                <th scope="col">{t('replication.columns.stream')}</th>
                <th scope="col">{t('replication.columns.error')}</th>
                <th scope="col">{t('replication.columns.queue')}</th>
                <th scope="col">{t('replication.columns.active')}</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((collection) => (
                <CollectionRow
                  key={collection.name}
                  collection={collection}
                  selected={collection.name === current}
                  docsId={docsId}
                  onSelect={() => setSelected(collection.name === current ? null : collection.name)}
                  t={t}
                  language={language}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {current !== null ? (
        <DocumentsView key={current} id={docsId} collection={current} answer={props.docs[current]} requestDocs={props.requestDocs} t={t} />
      ) : null}
      <Conflicts conflicts={props.conflicts} t={t} language={language} />
    </section>
  );
}

function LeaderLine({ leader, tabs, t }: { leader: ReplicationTab | null; tabs: ReadonlyArray<ReplicationTab>; t: TFunction }) {
  const open = tabs.filter((tab) => tab.open).length;
  if (leader === null) {
    return (
      <p className="dt-note" role="status">
        {open === 0 ? t('replication.noTabs') : t('replication.noLeader', { count: open })}
      </p>
    );
  }
  return (
    <div className="dt-leader">
      <p>
        <span className="dt-label">{t('replication.leader')}</span> <code className="dt-tab-id">{leader.tabId}</code>{' '}
        <span className="dt-muted dt-url" title={leader.url}>
          {leader.url}
        </span>
        {leader.report?.owner ? (
          <>
            {' '}
            <span className="dt-muted">{t('replication.owner', { owner: leader.report.owner })}</span>
          </>
        ) : null}
      </p>
      {leader.report === null ? (
        <p className="dt-note" role="status">
          {t('replication.noReport')}
        </p>
      ) : leader.report.collections.length === 0 ? (
        <p className="dt-note">{t('replication.noCollections')}</p>
      ) : null}
    </div>
  );
}

interface RowProps {
  collection: CollectionReport;
  selected: boolean;
  docsId: string;
  onSelect: () => void;
  t: TFunction;
  language: string;
}

function CollectionRow({ collection, selected, docsId, onSelect, t, language }: RowProps) {
  const checkpoint = compactCheckpoint(collection.checkpoint, language);
  return (
    <tr data-collection={collection.name} data-pending={collection.pending === null ? '' : String(collection.pending)} className={selected ? 'dt-row--selected' : undefined}>
      <th scope="row">
        <button type="button" className="dt-link-button" aria-expanded={selected} aria-controls={selected ? docsId : undefined} onClick={onSelect}>
          <span aria-hidden="true" className="dt-disclosure">
            {selected ? '▾' : '▸'}
          </span>
          {collection.name}
        </button>
      </th>
      <td className="dt-num">{collection.documents}</td>
      <td className="dt-num">
        {collection.pending === null ? (
          <span className="dt-muted" title={t('replication.pendingUnknown')}>
            —<span className="visually-hidden">{t('replication.pendingUnknown')}</span>
          </span>
        ) : collection.pending > 0 ? (
          <strong className="dt-badge dt-badge--waiting">{t('replication.pendingCount', { count: collection.pending })}</strong>
        ) : (
          <span>{t('replication.pendingCount', { count: 0 })}</span>
        )}
      </td>
      <td>
        {checkpoint === null ? (
          <span className="dt-muted">{t('replication.noPullYet')}</span>
        ) : (
          <code title={JSON.stringify(collection.checkpoint)}>{checkpoint}</code>
        )}
      </td>
      <td>
        <span className={`dt-badge dt-stream--${collection.stream}`}>{t(`replication.stream.${collection.stream}`)}</span>
        {collection.stream !== 'none' ? <span className="dt-muted"> {t('replication.resyncs', { count: collection.resyncs })}</span> : null}
      </td>
      <td>
        {collection.error === null ? (
          <span className="dt-muted">{t('replication.noError')}</span>
        ) : (
          <span className="dt-error">
            <span className="dt-badge dt-badge--error">{t('replication.errorLabel')}</span> <span className="dt-error__message">{collection.error}</span>
            {collection.errorAt !== null ? <span className="dt-muted"> {t('replication.errorAt', { time: clockTime(collection.errorAt, language) })}</span> : null}
            {collection.nextRetryAt !== null ? (
              <span className="dt-retry">
                {' '}
                <RetryCountdown at={collection.nextRetryAt} t={t} />
              </span>
            ) : null}
          </span>
        )}
      </td>
      <td>{collection.queue ? t('replication.queue', { transmitted: collection.queue.transmitted, waiting: collection.queue.waiting }) : <span className="dt-muted">—</span>}</td>
      <td>{collection.active ? t('replication.active') : <span className="dt-muted">{t('replication.inactive')}</span>}</td>
    </tr>
  );
}

/** Seconds until the next retry; only this small element re-renders, once a second, and only while it counts down. */
function RetryCountdown({ at, t }: { at: number; t: TFunction }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = at - Date.now();
    if (left <= 0) return;
    // Tick on the second boundaries of the countdown, so the last tick lands on the retry itself.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left % 1000 || 1000));
    return () => clearTimeout(timer);
  }, [at, now]);
  const seconds = Math.ceil((at - now) / 1000);
  return <span>{seconds > 0 ? t('replication.retryIn', { count: seconds }) : t('replication.retryDue')}</span>;
}

interface DocumentsProps {
  id: string;
  collection: string;
  answer: DocumentsAnswer | undefined;
  requestDocs: (collection: string, query: string) => void;
  t: TFunction;
}

/** One collection's documents as a read-only table; asks for them when opened and when the search settles. */
function DocumentsView({ id, collection, answer, requestDocs, t }: DocumentsProps) {
  const [query, setQuery] = useState('');
  const request = useRef(requestDocs);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchId = useId();
  useEffect(() => {
    request.current = requestDocs;
  }, [requestDocs]);
  useEffect(() => {
    request.current(collection, '');
    return () => clearTimeout(timer.current);
  }, [collection]);

  function search(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => request.current(collection, value.trim()), SEARCH_DEBOUNCE_MS);
  }

  function refresh() {
    clearTimeout(timer.current);
    request.current(collection, query.trim());
  }

  const columns = answer ? documentColumns(answer.documents) : [];
  const plain = answer !== undefined && columns.length === 0 && answer.documents.length > 0;
  return (
    <section id={id} className="dt-docs" aria-label={t('docs.title', { collection })} data-docs={collection}>
      <div className="dt-docs__bar">
        <h3 className="dt-docs__title">{t('docs.title', { collection })}</h3>
        <label htmlFor={searchId} className="dt-label">
          {t('docs.search')}
        </label>
        <input id={searchId} type="search" className="dt-input" value={query} onChange={(event) => search(event.target.value)} autoComplete="off" spellCheck={false} />
        <button type="button" className="dt-button" onClick={refresh}>
          {t('docs.refresh')}
        </button>
        <p className="dt-muted dt-docs__count" role="status">
          {answer === undefined ? t('docs.loading') : t('docs.showing', { shown: answer.documents.length, total: answer.total })}
        </p>
      </div>
      {answer !== undefined && answer.documents.length === 0 ? <p className="dt-note">{query.trim() ? t('docs.noMatch') : t('docs.empty')}</p> : null}
      {answer !== undefined && answer.documents.length > 0 ? (
        <div className="dt-scroll dt-docs__scroll">
          <table className="dt-table dt-docs__table">
            <caption className="visually-hidden">{t('docs.caption', { collection })}</caption>
            <thead>
              <tr>
                {plain ? <th scope="col">{t('docs.value')}</th> : columns.map((column) => <th scope="col" key={column}>{column}</th>)}
              </tr>
            </thead>
            <tbody>
              {answer.documents.map((document, index) => (
                <tr key={index}>
                  {plain ? (
                    <td>
                      <code>{compactJson(document)}</code>
                    </td>
                  ) : (
                    columns.map((column) => <DocumentCell key={column} value={field(document, column)} />)
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function DocumentCell({ value }: { value: JsonValue | undefined }) {
  if (value === undefined) return <td />;
  const text = compactJson(value);
  const full = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <td title={full.length > text.length ? full : undefined}>
      {typeof value === 'object' && value !== null ? <code>{text}</code> : text}
    </td>
  );
}

function Conflicts({ conflicts, t, language }: { conflicts: ReadonlyArray<Conflict>; t: TFunction; language: string }) {
  const headingId = useId();
  const newestFirst = [...conflicts].sort((a, b) => b.at - a.at);
  return (
    <section className="dt-conflicts" aria-labelledby={headingId}>
      <h3 id={headingId} className="dt-docs__title">
        {t('conflicts.title', { count: conflicts.length })}
      </h3>
      {newestFirst.length === 0 ? (
        <p className="dt-muted">{t('conflicts.none')}</p>
      ) : (
        <ol className="dt-conflicts__list">
          {newestFirst.map((conflict, index) => (
            <li key={`${conflict.tabId}-${conflict.at}-${conflict.id}-${index}`} className="dt-conflict" data-conflict={`${conflict.collection}/${conflict.id}`}>
              <ConflictView conflict={conflict} t={t} language={language} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ConflictView({ conflict, t, language }: { conflict: Conflict; t: TFunction; language: string }) {
  const rows = conflictRows(conflict.local, conflict.server, conflict.result);
  const differing = rows.filter((row) => row.differs).length;
  return (
    <>
      <p className="dt-conflict__head">
        <time dateTime={new Date(conflict.at).toISOString()}>{clockTime(conflict.at, language)}</time> <strong>{conflict.collection}</strong> <code>{conflict.id}</code>{' '}
        <span className="dt-muted">{t('conflicts.differing', { count: differing })}</span>
      </p>
      <div className="dt-scroll">
        <table className="dt-table dt-conflict__table">
          <caption className="visually-hidden">{t('conflicts.caption', { collection: conflict.collection, id: conflict.id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('conflicts.key')}</th>
              <th scope="col">{t('conflicts.local')}</th>
              <th scope="col">{t('conflicts.server')}</th>
              <th scope="col">{t('conflicts.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key ?? '(value)'} className={row.differs ? 'dt-row--differs' : undefined} data-differs={row.differs ? 'true' : undefined}>
                <th scope="row">
                  {row.differs ? (
                    <span className="dt-differs" aria-hidden="true">
                      ≠{' '}
                    </span>
                  ) : null}
                  {row.key ?? t('conflicts.wholeValue')}
                  {row.differs ? <span className="visually-hidden"> ({t('conflicts.differs')})</span> : null}
                </th>
                <ConflictCell value={row.local} t={t} />
                <ConflictCell value={row.server} t={t} />
                <ConflictCell value={row.result} t={t} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ConflictCell({ value, t }: { value: JsonValue | undefined; t: TFunction }) {
  if (value === undefined) return <td className="dt-muted">{t('conflicts.absent')}</td>;
  return (
    <td>
      <code>{compactJson(value, 120)}</code>
    </td>
  );
}
