/**
 * The developers' visualizer (`/__devtools`, issue 15): its own plain page outside the store layout, loaded lazily and
 * only when the visualizer is on. It listens to every shop tab of this browser profile on the same-origin channel,
 * announces itself with heartbeats (the tabs post only while a viewer listens), and shows the machines, the event log,
 * the tabs, the replication, the fault switches and recordings.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { lazyTexts } from '../texts/lazy-texts.ts';
import { DEVTOOLS_CHANNEL } from './devtools-channel.ts';
import { devtoolsEnabled } from './devtools-enabled.ts';
import { VIEWER_HEARTBEAT_MS, type FaultCommand, type ViewerMessage } from './devtools-protocol.ts';
import { activePaths, devtoolsReducer, initialDevtoolsState, quietTabs, TAB_QUIET_MS, type DevtoolsState, type TabView } from './devtools-store.ts';
import { EventLog, shortTab } from './event-log.tsx';
import { FaultPanel } from './fault-panel.tsx';
import { MachineCard } from './machine-card.tsx';
import { RecordingPanel } from './recording-panel.tsx';
import { QueuePanel } from './queue-panel.tsx';
import { ReplicationPanel } from './replication-panel.tsx';
import { TabsView } from './tabs-view.tsx';
import './devtools.css';

const texts = lazyTexts('devtools', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/devtools.json'));

/**
 * Messages are applied in batches, once per frame, so a burst of events renders once and a state change shows within
 * a frame; a hidden page (no frames) applies them at most this often.
 */
const HIDDEN_BATCH_MS = 250;

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `viewer-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The channel to the shop's tabs: the reducer's state, and how to speak to the tabs. */
function useDevtoolsChannel(enabled: boolean): { state: DevtoolsState; post: (message: ViewerMessage) => void; viewerId: string } {
  const [state, dispatch] = useReducer(devtoolsReducer, 0, () => initialDevtoolsState(Date.now()));
  const [viewerId] = useState(newId);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    if (!enabled) return;
    const channel = new BroadcastChannel(DEVTOOLS_CHANNEL);
    channelRef.current = channel;
    let queue: unknown[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let frame: number | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      if (frame !== null) cancelAnimationFrame(frame);
      timer = null;
      frame = null;
      const messages = queue;
      queue = [];
      dispatch({ type: 'messages', messages });
    };
    channel.onmessage = (event: MessageEvent) => {
      queue.push(event.data);
      if (timer !== null) return;
      timer = setTimeout(flush, HIDDEN_BATCH_MS);
      frame = requestAnimationFrame(flush);
    };
    const say = (kind: 'viewer' | 'sync' | 'viewer-bye') => channel.postMessage({ kind, viewerId, at: Date.now() } satisfies ViewerMessage);
    say('viewer');
    say('sync');
    let lastSync = Date.now();
    const heartbeat = setInterval(() => {
      const now = Date.now();
      say('viewer');
      dispatch({ type: 'tick', now });
      // Tabs post only when something happens: one silent for a while is asked again, and one that stays silent is gone.
      if (quietTabs(stateRef.current, now).length > 0 && now - lastSync > TAB_QUIET_MS) {
        lastSync = now;
        say('sync');
      }
    }, VIEWER_HEARTBEAT_MS);
    const bye = () => say('viewer-bye');
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      if (frame !== null) cancelAnimationFrame(frame);
      bye();
      channel.close();
      channelRef.current = null;
    };
  }, [enabled, viewerId]);

  const post = useCallback((message: ViewerMessage) => channelRef.current?.postMessage(message), []);
  return { state, post, viewerId };
}

const SECTIONS = ['machines', 'events', 'tabs', 'replication', 'queue', 'faults', 'recording'] as const;
type Section = (typeof SECTIONS)[number];

export default function DevtoolsPage() {
  const enabled = devtoolsEnabled();
  const ready = texts.useReady();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (!ready) return;
    const before = document.title;
    document.title = t('devtools:title');
    return () => {
      document.title = before;
    };
  }, [ready, t]);

  if (!ready) return null;
  if (!enabled) {
    return (
      <main className="dt-page dt-off">
        <h1>{t('devtools:title')}</h1>
        <p>{t('devtools:off')}</p>
      </main>
    );
  }
  return <Visualizer locale={localeOf(i18n.language)} />;
}

function Visualizer({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const { state, post, viewerId } = useDevtoolsChannel(true);
  const [section, setSection] = useState<Section>('machines');
  const [selected, setSelected] = useState<number | null>(null);
  const tabRefs = useRef<Partial<Record<Section, HTMLButtonElement | null>>>({});

  const tabs = useMemo(() => Object.values(state.tabs).sort((a, b) => Number(a.closed) - Number(b.closed) || a.firstSeen - b.firstSeen), [state.tabs]);
  const openTabs = tabs.filter((tab) => !tab.closed);

  const requestDocs = useCallback(
    (collection: string, query: string) => post({ kind: 'docs-request', viewerId, at: Date.now(), requestId: newId(), collection, query }),
    [post, viewerId],
  );
  const sendFault = useCallback((fault: FaultCommand, tabId: string | null) => post({ kind: 'fault', viewerId, at: Date.now(), tabId, fault }), [post, viewerId]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = SECTIONS.indexOf(section);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % SECTIONS.length : event.key === 'ArrowLeft' ? (index - 1 + SECTIONS.length) % SECTIONS.length : event.key === 'Home' ? 0 : event.key === 'End' ? SECTIONS.length - 1 : -1;
    if (next === -1) return;
    event.preventDefault();
    const target = SECTIONS[next]!;
    setSection(target);
    tabRefs.current[target]?.focus();
  };

  const machineCount = openTabs.reduce((count, tab) => count + Object.values(tab.actors).filter((actor) => actor.machineId !== null && actor.parentId === null).length, 0);

  return (
    <div className="dt-page">
      <header className="dt-header">
        <div className="dt-header__title">
          <h1>{t('devtools:title')}</h1>
          <p className="dt-muted">{t('devtools:subtitle')}</p>
        </div>
        <p className="dt-header__status" role="status">
          {t('devtools:summary', { tabs: openTabs.length, machines: machineCount, events: state.events.length })}
        </p>
      </header>
      <nav className="dt-nav" aria-label={t('devtools:sections')}>
        <div role="tablist" aria-label={t('devtools:sections')}>
          {SECTIONS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`dt-tab-${name}`}
              aria-selected={section === name}
              aria-controls={`dt-panel-${name}`}
              tabIndex={section === name ? 0 : -1}
              onClick={() => setSection(name)}
              onKeyDown={onTabKey}
            >
              {t(`devtools:section.${name}`)}
            </button>
          ))}
        </div>
      </nav>
      <main className="dt-main">
        <section role="tabpanel" id={`dt-panel-${section}`} aria-labelledby={`dt-tab-${section}`} className="dt-panel">
          <h2 className="dt-visually-hidden">{t(`devtools:section.${section}`)}</h2>
          {section === 'machines' && <MachinesView tabs={openTabs} state={state} />}
          {section === 'events' && <EventLog events={state.events} locale={locale} selected={selected} onSelect={setSelected} />}
          {section === 'tabs' && <TabsView tabs={tabs} leaderChanges={state.leaderChanges} locale={locale} />}
          {section === 'replication' && (
            <ReplicationPanel
              tabs={tabs.map((tab) => ({ tabId: tab.tabId, url: tab.url, open: !tab.closed, leader: tab.leader, report: tab.report }))}
              conflicts={state.conflicts}
              docs={state.docs}
              requestDocs={requestDocs}
            />
          )}
          {section === 'queue' && <QueuePanel tabs={tabs.map((tab) => ({ tabId: tab.tabId, open: !tab.closed, leader: tab.leader, queue: tab.queue }))} />}
          {section === 'faults' && <FaultPanel tabs={tabs.map((tab) => ({ tabId: tab.tabId, url: tab.url, open: !tab.closed, leader: tab.leader, faults: tab.faults }))} send={sendFault} />}
          {section === 'recording' && <RecordingPanel state={state} locale={locale} />}
        </section>
      </main>
    </div>
  );
}

function MachinesView({ tabs, state }: { tabs: readonly TabView[]; state: DevtoolsState }) {
  const { t } = useTranslation();
  const bySeq = useMemo(() => new Map(state.events.map((entry) => [entry.seq, entry])), [state.events]);
  if (tabs.length === 0) return <p className="dt-empty">{t('devtools:machines.waiting')}</p>;
  return (
    <div className="dt-stack">
      {tabs.map((tab) => {
        const actors = Object.values(tab.actors);
        // Top-level machines get a card; invoked and spawned actors show in their parent's card.
        const cards = actors.filter((actor) => actor.machineId !== null && (actor.parentId === null || !tab.actors[actor.parentId]));
        return (
          <section key={tab.tabId} aria-labelledby={`dt-machines-${tab.tabId}`} className="dt-tab-group">
            <h3 id={`dt-machines-${tab.tabId}`} className="dt-section-title">
              {t('devtools:machines.inTab', { tab: shortTab(tab.tabId), url: tab.url || '—' })}
              {tab.leader && <span className="dt-badge dt-badge--leader">{t('devtools:tabs.leader')}</span>}
            </h3>
            {cards.length === 0 ? (
              <p className="dt-muted">{t('devtools:machines.none')}</p>
            ) : (
              <div className="dt-cards">
                {cards.map((actor) => {
                  const lastEntry = actor.lastEvent === null ? undefined : bySeq.get(actor.lastEvent);
                  return (
                    <MachineCard
                      key={actor.actorId}
                      machineId={actor.machineId}
                      actorId={actor.actorId}
                      snapshot={actor.snapshot}
                      last={lastEntry ? { event: lastEntry.type, from: activePaths(lastEntry.before) } : null}
                      headingLevel={4}
                      childActors={actors
                        .filter((child) => child.parentId === actor.actorId)
                        .map((child) => ({ actorId: child.actorId, machineId: child.machineId, status: child.snapshot?.status ?? 'active' }))}
                    />
                  );
                })}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
