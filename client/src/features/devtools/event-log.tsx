/**
 * Every event sent to any machine, newest first, filtered by machine and by text. Picking one shows that machine as it
 * was right after it (read-only time travel) until the developer goes back to live.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { activePaths, type LogEntry } from './devtools-store.ts';
import { JsonTree, MachineCard, stateText } from './machine-card.tsx';

/** The log draws at most this many rows (the newest matching ones); the rest stay in the store and the recording. */
const SHOWN = 300;

export function formatTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hour12: false }).format(at);
}

export function shortTab(tabId: string): string {
  return tabId.length > 8 ? tabId.slice(0, 8) : tabId;
}

export function EventLog({ events, locale, selected, onSelect }: { events: readonly LogEntry[]; locale: string; selected: number | null; onSelect: (seq: number | null) => void }) {
  const { t } = useTranslation();
  const [machine, setMachine] = useState('');
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim().toLowerCase());
  const machines = useMemo(() => [...new Set(events.map((entry) => entry.machineId ?? entry.actorId))].sort(), [events]);
  const matching = useMemo(() => {
    const found: LogEntry[] = [];
    for (let index = events.length - 1; index >= 0 && found.length < SHOWN; index -= 1) {
      const entry = events[index]!;
      if (machine && (entry.machineId ?? entry.actorId) !== machine) continue;
      if (query) {
        const haystack = `${entry.type} ${entry.machineId ?? ''} ${entry.actorId} ${entry.tabId} ${entry.source} ${JSON.stringify(entry.payload)} ${stateText(entry.before)} ${stateText(entry.after?.value)}`.toLowerCase();
        if (!haystack.includes(query)) continue;
      }
      found.push(entry);
    }
    return found;
  }, [events, machine, query]);
  const picked = selected === null ? undefined : events.find((entry) => entry.seq === selected);

  return (
    <div className="dt-log">
      <div className="dt-log__list">
        <form className="dt-filters" role="search" onSubmit={(event) => event.preventDefault()}>
          <label>
            {t('devtools:log.machine')}
            <select value={machine} onChange={(event) => setMachine(event.target.value)}>
              <option value="">{t('devtools:log.allMachines')}</option>
              {machines.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('devtools:log.text')}
            <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('devtools:log.textHint')} />
          </label>
        </form>
        <p className="dt-muted" aria-live="polite">
          {matching.length < SHOWN ? t('devtools:log.count', { count: matching.length, total: events.length }) : t('devtools:log.capped', { shown: SHOWN, total: events.length })}
        </p>
        <div className="dt-table-wrap" tabIndex={0} role="region" aria-label={t('devtools:log.tableLabel')}>
          <table className="dt-table dt-table--log">
            <thead>
              <tr>
                <th scope="col">{t('devtools:log.time')}</th>
                <th scope="col">{t('devtools:log.tab')}</th>
                <th scope="col">{t('devtools:log.machine')}</th>
                <th scope="col">{t('devtools:log.source')}</th>
                <th scope="col">{t('devtools:log.event')}</th>
                <th scope="col">{t('devtools:log.transition')}</th>
              </tr>
            </thead>
            <tbody>
              {matching.map((entry) => (
                <tr key={entry.seq} data-event={entry.type} data-log-machine={entry.machineId ?? entry.actorId} className={entry.seq === selected ? 'is-selected' : undefined}>
                  <td className="dt-num">{formatTime(entry.at, locale)}</td>
                  <td>
                    <code>{shortTab(entry.tabId)}</code>
                  </td>
                  <td>
                    <code>{entry.machineId ?? entry.actorId}</code>
                  </td>
                  <td>{t(`devtools:source.${entry.source}`)}</td>
                  <td>
                    <button type="button" className="dt-linkish" onClick={() => onSelect(entry.seq === selected ? null : entry.seq)} aria-pressed={entry.seq === selected}>
                      {entry.type}
                    </button>
                    {entry.payload !== null && typeof entry.payload === 'object' && Object.keys(entry.payload).length > 0 && (
                      <code className="dt-payload">{JSON.stringify(entry.payload).slice(0, 120)}</code>
                    )}
                  </td>
                  <td>
                    <code>{stateText(entry.before)}</code> → <code>{entry.after ? stateText(entry.after.value) : '…'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <section className="dt-log__detail" aria-labelledby="dt-past-title">
        <h3 id="dt-past-title" className="dt-section-title">
          {t('devtools:log.detail')}
        </h3>
        {picked ? (
          <>
            <div className="dt-past" role="status">
              <p>{t('devtools:log.viewingPast', { machine: picked.machineId ?? picked.actorId, event: picked.type, time: formatTime(picked.at, locale) })}</p>
              <button type="button" className="dt-button dt-button--primary" onClick={() => onSelect(null)}>
                {t('devtools:log.backToLive')}
              </button>
            </div>
            <dl className="dt-facts">
              <dt>{t('devtools:log.source')}</dt>
              <dd>{t(`devtools:source.${picked.source}`)}</dd>
              <dt>{t('devtools:log.transition')}</dt>
              <dd>
                <code>{stateText(picked.before)}</code> → <code>{picked.after ? stateText(picked.after.value) : '…'}</code>
              </dd>
              <dt>{t('devtools:log.payload')}</dt>
              <dd>
                <JsonTree value={picked.payload} />
              </dd>
            </dl>
            <MachineCard
              machineId={picked.machineId}
              actorId={picked.actorId}
              snapshot={picked.after}
              last={{ event: picked.type, from: activePaths(picked.before) }}
              headingLevel={4}
            />
          </>
        ) : (
          <p className="dt-muted">{t('devtools:log.pickOne')}</p>
        )}
      </section>
    </div>
  );
}
