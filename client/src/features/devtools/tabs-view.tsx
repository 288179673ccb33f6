/** The shop's tabs in this browser profile: address, open or closed, which one leads replication, and leadership over time. */
import { useTranslation } from '../../app/i18n.ts';
import type { LeaderChange, TabView } from './devtools-store.ts';
import { formatTime, shortTab } from './event-log.tsx';

export function TabsView({ tabs, leaderChanges, locale }: { tabs: readonly TabView[]; leaderChanges: readonly LeaderChange[]; locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="dt-stack">
      <section aria-labelledby="dt-tabs-list">
        <h3 id="dt-tabs-list" className="dt-section-title">
          {t('devtools:tabs.list')}
        </h3>
        {tabs.length === 0 ? (
          <p className="dt-muted">{t('devtools:tabs.none')}</p>
        ) : (
          <table className="dt-table">
            <thead>
              <tr>
                <th scope="col">{t('devtools:tabs.tab')}</th>
                <th scope="col">{t('devtools:tabs.url')}</th>
                <th scope="col">{t('devtools:tabs.state')}</th>
                <th scope="col">{t('devtools:tabs.replication')}</th>
                <th scope="col">{t('devtools:tabs.machines')}</th>
                <th scope="col">{t('devtools:tabs.lastHeard')}</th>
              </tr>
            </thead>
            <tbody>
              {tabs.map((tab) => (
                <tr key={tab.tabId} data-tab={tab.tabId} data-open={String(!tab.closed)} data-leader={String(tab.leader === true)}>
                  <td>
                    <code title={tab.tabId}>{shortTab(tab.tabId)}</code>
                  </td>
                  <td className="dt-url">{tab.url || '—'}</td>
                  <td>
                    <span className={`dt-badge ${tab.closed ? 'dt-badge--stopped' : 'dt-badge--active'}`}>{t(tab.closed ? 'devtools:tabs.closed' : 'devtools:tabs.open')}</span>
                  </td>
                  <td>
                    {tab.leader === true ? (
                      <span className="dt-badge dt-badge--leader">{t('devtools:tabs.leader')}</span>
                    ) : tab.leader === false ? (
                      t('devtools:tabs.follower')
                    ) : (
                      <span className="dt-muted">{t('devtools:tabs.unknown')}</span>
                    )}
                  </td>
                  <td className="dt-num">{Object.values(tab.actors).filter((actor) => actor.machineId !== null).length}</td>
                  <td className="dt-num">{formatTime(tab.lastSeen, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="dt-tabs-leaders">
        <h3 id="dt-tabs-leaders" className="dt-section-title">
          {t('devtools:tabs.leadership')}
        </h3>
        {leaderChanges.length === 0 ? (
          <p className="dt-muted">{t('devtools:tabs.noLeadership')}</p>
        ) : (
          <ol className="dt-timeline" reversed>
            {[...leaderChanges].reverse().map((change, index) => (
              <li key={`${change.at}-${change.tabId}-${index}`}>
                <span className="dt-num">{formatTime(change.at, locale)}</span> <code>{shortTab(change.tabId)}</code>{' '}
                {t(change.leader ? 'devtools:tabs.becameLeader' : 'devtools:tabs.stoppedLeading')}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
