/**
 * My account › Alerts (issue 19): the customer's back-in-stock and price-drop alerts, waiting or already e-mailed,
 * each with a link to the piece and "Remove". Removing is a queued call: offline it waits on this device and the
 * alert is marked as being removed until it goes out.
 */
import { formatPrice, type StockAlert } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { formatDate, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useAlertsTexts } from './alerts-texts.ts';
import { alertRefusalKey } from './stock-alert-button.tsx';
import { myStockAlerts, removeStockAlert } from './stock-alerts-api.ts';
import './stock-alert.css';

type Loaded = { kind: 'loading' } | { kind: 'loggedOut' } | { kind: 'failed' } | { kind: 'ready'; alerts: StockAlert[] };

export default function MyStockAlerts() {
  const { t, i18n } = useTranslation();
  const ready = useAlertsTexts();
  const store = useStore();
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** Alerts whose removal waits on this device, and the outcome of the last removal. */
  const [waiting, setWaiting] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<{ key: string; error?: boolean } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    myStockAlerts(controller.signal).then(
      (alerts) => setLoaded({ kind: 'ready', alerts }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ kind: error instanceof ApiError && error.status === 401 ? 'loggedOut' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (!ready) return <section className="my-alerts" aria-busy="true" />;

  const remove = async (alert: StockAlert) => {
    setNotice(null);
    try {
      const outcome = await removeStockAlert(alert.id);
      if (outcome === 'queued') {
        setWaiting((current) => new Set(current).add(alert.id));
        setNotice({ key: 'mine.removeQueued' });
        return;
      }
      setLoaded((current) => (current.kind === 'ready' ? { kind: 'ready', alerts: current.alerts.filter((a) => a.id !== alert.id) } : current));
      setNotice({ key: 'mine.removed' });
    } catch (error) {
      // Already gone (removed in another tab): the list follows.
      if (error instanceof ApiError && error.status === 404) {
        setLoaded((current) => (current.kind === 'ready' ? { kind: 'ready', alerts: current.alerts.filter((a) => a.id !== alert.id) } : current));
        setNotice({ key: 'mine.removed' });
        return;
      }
      setNotice({ key: alertRefusalKey(error), error: true });
    }
  };

  const locale = i18n.language === 'nl' ? 'nl-NL' : i18n.language === 'de' ? 'de-DE' : 'en-GB';
  return (
    <section className="my-alerts" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mine.title', { ns: 'alerts' })}</h2>
      <p className="account-muted">{t('mine.intro', { ns: 'alerts' })}</p>
      <div role="status" className="stock-alert__status">
        {notice ? <p className={notice.error ? 'problem-note' : 'problem-note problem-note--success'}>{t(notice.key, { ns: 'alerts' })}</p> : null}
      </div>
      {loaded.kind === 'loading' ? (
        <p role="status">{t('mine.loading', { ns: 'alerts' })}</p>
      ) : loaded.kind === 'loggedOut' ? (
        <p role="alert">{t('errors.login', { ns: 'alerts' })}</p>
      ) : loaded.kind === 'failed' ? (
        <p role="alert">
          {t('mine.failed', { ns: 'alerts' })}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('mine.retry', { ns: 'alerts' })}
          </button>
        </p>
      ) : loaded.alerts.length === 0 ? (
        <p>{t('mine.none', { ns: 'alerts' })}</p>
      ) : (
        <ul className="my-alerts__list">
          {loaded.alerts.map((alert) => {
            const name = alert.name ?? alert.sku;
            const removing = waiting.has(alert.id);
            return (
              <li key={alert.id} className="my-alerts__item">
                <h3 className="my-alerts__name">
                  {alert.url_path !== null && alert.store === store ? (
                    <Link to="/$store/$" params={{ store, _splat: alert.url_path }} className="text-link">
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </h3>
                <p className="my-alerts__meta">
                  <span className={`my-alerts__state my-alerts__state--${alert.notified_at ? 'notified' : 'waiting'}`}>
                    {alert.notified_at ? t('mine.notified', { ns: 'alerts' }) : t('mine.waiting', { ns: 'alerts' })}
                  </span>
                  {t(`mine.kind.${alert.kind}`, { ns: 'alerts' })}
                  {alert.kind === 'price_drop' && alert.subscribed_price !== null ? ` · ${t('mine.below', { ns: 'alerts', price: formatPrice(alert.subscribed_price, 'EUR', locale) })}` : null}
                </p>
                <p className="my-alerts__meta">
                  {alert.notified_at
                    ? t('mine.notifiedOn', { ns: 'alerts', date: formatDate(alert.notified_at, i18n.language) })
                    : t('mine.since', { ns: 'alerts', date: formatDate(alert.created_at, i18n.language) })}
                  {alert.name === null ? ` · ${t('mine.gone', { ns: 'alerts' })}` : null}
                </p>
                <button
                  type="button"
                  className="button button--secondary my-alerts__remove"
                  disabled={removing}
                  aria-label={removing ? undefined : t('mine.removeLabel', { ns: 'alerts', name })}
                  onClick={() => void remove(alert)}
                >
                  {t(removing ? 'mine.removing' : 'mine.remove', { ns: 'alerts' })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
