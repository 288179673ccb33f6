/**
 * The visualizer's sync task queue (issue 17 item 5, decision 042): every task of the shop's local database as the
 * leading tab reports it — what it is, where it goes, its state (pending, sending, sent, failed) with the reason
 * spelled out (offline, waiting for the token refresh, for a cart, for its customer, backing off after an error, …),
 * attempts, the last error, the answer's status and the photos. Never a payload's body: the report carries none.
 * Only props in: the page owns the channel and the store.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useState, type JSX } from 'react';
import type { QueueTaskReport } from './devtools-protocol.ts';
import { useDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import { clockTime } from './panel-format.ts';
import './devtools-panels.css';

export type QueueTab = { tabId: string; open: boolean; leader: boolean | null; queue?: QueueTaskReport[] | undefined };

const FILTERS = ['all', 'pending', 'sending', 'sent', 'failed'] as const;
type Filter = (typeof FILTERS)[number];

/** Reasons the queue names; anything else is a server's message and shown as it is. */
const KNOWN_REASONS = new Set(['queued', 'offline', 'not-leader', 'waiting-lock', 'waiting-cart', 'waiting-customer', 'backoff', 'cached', 'storing photos']);

/** Pending tasks show as pending; preparing ones (photos being stored) too. */
const bucket = (status: QueueTaskReport['status']): Exclude<Filter, 'all'> => (status === 'preparing' ? 'pending' : status);

export function reasonText(task: QueueTaskReport, t: TFunction, now: number): string {
  if (task.status === 'sending') return task.step ? t(`queue.step.${task.step}`, { defaultValue: task.step }) : '';
  if (task.reason === null) return '';
  if (!KNOWN_REASONS.has(task.reason)) return task.reason;
  if (task.reason === 'backoff' && task.nextAttemptAt !== null) {
    const seconds = Math.max(0, Math.ceil((task.nextAttemptAt - now) / 1000));
    return t('queue.reason.backoffIn', { count: seconds, error: task.lastError ?? '' });
  }
  return t(`queue.reason.${task.reason}`);
}

export function QueuePanel({ tabs, now: fixedNow }: { tabs: ReadonlyArray<QueueTab>; now?: number }): JSX.Element {
  const { t, ready, language } = useDevtoolsPanelTexts();
  // The backoff countdowns tick once a second (a test gives a fixed time).
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    if (fixedNow !== undefined) return;
    const timer = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [fixedNow]);
  const now = fixedNow ?? clock;
  const [filter, setFilter] = useState<Filter>('all');
  const headingId = useId();
  if (!ready) return <section className="dt-panel" aria-busy="true" />;
  const open = tabs.filter((tab) => tab.open);
  // Every tab reads the same database: the leader's report also knows which task is being sent.
  const source = open.find((tab) => tab.leader === true && tab.queue) ?? open.find((tab) => tab.queue) ?? null;
  const tasks = [...(source?.queue ?? [])].sort((a, b) => a.created_at - b.created_at);
  const counts = Object.fromEntries(FILTERS.map((name) => [name, name === 'all' ? tasks.length : tasks.filter((task) => bucket(task.status) === name).length])) as Record<Filter, number>;
  const shown = filter === 'all' ? tasks : tasks.filter((task) => bucket(task.status) === filter);

  return (
    <section className="dt-panel dt-queue" aria-labelledby={headingId}>
      <h2 id={headingId} className="dt-panel__title">
        {t('queue.title')}
      </h2>
      <p className="dt-note">{source === null ? (open.length === 0 ? t('queue.noTabs') : t('queue.noReport')) : t('queue.intro')}</p>
      <div className="dt-filters" role="group" aria-label={t('queue.filterLabel')}>
        {FILTERS.map((name) => (
          <button key={name} type="button" className="dt-button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {t(`queue.filter.${name}`, { count: counts[name] })}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="dt-empty">{t('queue.empty')}</p>
      ) : (
        <div className="dt-scroll">
          <table className="dt-table dt-queue-table">
            <caption className="visually-hidden">{t('queue.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.columns.task')}</th>
                <th scope="col">{t('queue.columns.request')}</th>
                <th scope="col">{t('queue.columns.status')}</th>
                <th scope="col">{t('queue.columns.reason')}</th>
                <th scope="col" className="dt-num">
                  {t('queue.columns.attempts')}
                </th>
                <th scope="col" className="dt-num">
                  {t('queue.columns.code')}
                </th>
                <th scope="col">{t('queue.columns.photos')}</th>
                <th scope="col">{t('queue.columns.times')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((task) => (
                <tr key={task.id8 + task.created_at} data-status={task.status}>
                  <td>
                    <code>{task.id8}</code> <span className="dt-muted">{t(`queue.kind.${task.kind}`, { defaultValue: task.kind })}</span>
                    {task.auth === 'customer' ? (
                      <>
                        {' '}
                        <span className="dt-badge">{t('queue.customer')}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <code>
                      {task.method} {task.path}
                    </code>
                  </td>
                  <td>
                    <span className={`dt-badge dt-status dt-status--${bucket(task.status)}`}>{t(`queue.status.${task.status}`)}</span>
                  </td>
                  <td>
                    {reasonText(task, t, now)}
                    {task.lastError && task.status !== 'failed' && task.reason !== 'backoff' ? <span className="dt-muted"> · {t('queue.lastError', { error: task.lastError })}</span> : null}
                  </td>
                  <td className="dt-num">{task.attempts}</td>
                  <td className="dt-num">{task.resultCode ?? '—'}</td>
                  <td>{task.photos.count === 0 ? '—' : t('queue.photos', { count: task.photos.count, uploaded: task.photos.uploaded, kb: Math.round(task.photos.bytes / 1024) })}</td>
                  <td className="dt-muted">
                    {t('queue.created', { time: clockTime(task.created_at, language) })}
                    {task.transmited_at !== null ? <> · {t('queue.sentAt', { time: clockTime(task.transmited_at, language) })}</> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
