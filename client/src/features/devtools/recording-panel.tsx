/**
 * Recordings: export what the visualizer saw as a JSON file (redacted by recording.ts), load one back and replay it
 * step by step, the machines drawn as they were after each step.
 */
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { recordingSession, type DevtoolsState } from './devtools-store.ts';
import { formatTime, shortTab } from './event-log.tsx';
import { MachineCard } from './machine-card.tsx';
import { exportRecording, importRecording, replay, type Recording, type RecordingEntry } from './recording.ts';
import { activePaths } from './devtools-store.ts';

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function fileStamp(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace(/[:T]/g, '-');
}

export function RecordingPanel({ state, locale }: { state: DevtoolsState; locale: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ name: string; recording: Recording } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const cursor = useMemo(() => (loaded ? replay(loaded.recording) : null), [loaded]);

  const onExport = () => {
    const now = Date.now();
    download(exportRecording(recordingSession(state), { exportedAt: now }), `shop-recording-${fileStamp(now)}.json`);
  };

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = importRecording(await file.text());
    if (!result.ok) {
      const { error } = result;
      setProblem(
        t(`devtools:recording.errors.${error.code}`, {
          path: error.code === 'invalid' ? error.path : '',
          version: error.code === 'too-new' ? error.version : 0,
        }),
      );
      return;
    }
    setProblem(null);
    setLoaded({ name: file.name, recording: result.recording });
    setStep(0);
  };

  const frame = cursor?.at(step);
  return (
    <div className="dt-stack">
      <section aria-labelledby="dt-rec-export" className="dt-panel-box">
        <h3 id="dt-rec-export" className="dt-section-title">
          {t('devtools:recording.exportTitle')}
        </h3>
        <p className="dt-muted">{t('devtools:recording.exportHint', { count: state.events.length })}</p>
        <button type="button" className="dt-button dt-button--primary" onClick={onExport}>
          {t('devtools:recording.export')}
        </button>
      </section>
      <section aria-labelledby="dt-rec-import" className="dt-panel-box">
        <h3 id="dt-rec-import" className="dt-section-title">
          {t('devtools:recording.importTitle')}
        </h3>
        <label className="dt-file">
          {t('devtools:recording.import')}
          <input type="file" accept="application/json,.json" onChange={(event) => void onImport(event)} />
        </label>
        <div aria-live="polite">
          {problem && (
            <p className="dt-problem" role="alert">
              {problem}
            </p>
          )}
        </div>
      </section>
      {loaded && cursor && frame && (
        <section aria-labelledby="dt-rec-replay" className="dt-replay">
          <div className="dt-replay__bar">
            <h3 id="dt-rec-replay" className="dt-section-title">
              {t('devtools:recording.replaying', { name: loaded.name })}
            </h3>
            <div className="dt-replay__controls">
              <button type="button" className="dt-button" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
                {t('devtools:recording.back')}
              </button>
              <label className="dt-replay__slider">
                <span className="dt-visually-hidden">{t('devtools:recording.step')}</span>
                <input type="range" min={0} max={cursor.length} step={1} value={step} onChange={(event) => setStep(Number(event.target.value))} />
              </label>
              <button type="button" className="dt-button" onClick={() => setStep(Math.min(cursor.length, step + 1))} disabled={step === cursor.length}>
                {t('devtools:recording.forward')}
              </button>
              <output className="dt-replay__status" aria-live="polite">
                {t('devtools:recording.stepOf', { step, total: cursor.length })}
              </output>
              <button type="button" className="dt-button" onClick={() => setLoaded(null)}>
                {t('devtools:recording.close')}
              </button>
            </div>
          </div>
          <p className="dt-replay__entry">
            <span className="dt-num">{formatTime(frame.at, locale)}</span> <EntryText entry={frame.entry} />
          </p>
          <div className="dt-cards">
            {Object.entries(frame.machines).map(([key, snapshot]) => {
              const slash = key.lastIndexOf('/');
              const machineId = slash === -1 ? key : key.slice(slash + 1);
              const tabId = slash === -1 ? undefined : key.slice(0, slash);
              const entry = frame.entry;
              const last = entry?.kind === 'event' && entry.machineId === machineId && entry.tabId === tabId ? { event: entry.event.type, from: activePaths(entry.before) } : null;
              return (
                <MachineCard
                  key={key}
                  machineId={machineId}
                  actorId={key}
                  tabLabel={tabId ? shortTab(tabId) : undefined}
                  snapshot={{ value: snapshot.value, status: snapshot.status, context: snapshot.context }}
                  last={last}
                  headingLevel={4}
                  childActors={Object.entries(snapshot.children ?? {}).map(([id, child]) => ({ actorId: id, machineId: child.machineId ?? null, status: child.status ?? 'active' }))}
                />
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}

function EntryText({ entry }: { entry: Readonly<RecordingEntry> | null }) {
  const { t } = useTranslation();
  if (!entry) return <>{t('devtools:recording.start')}</>;
  switch (entry.kind) {
    case 'event':
      return (
        <>
          <code>{entry.machineId}</code> · <strong>{entry.event.type}</strong> · <code>{activePaths(entry.before).join(', ')}</code> → <code>{activePaths(entry.after.value).join(', ')}</code>
        </>
      );
    case 'snapshot':
      return (
        <>
          <code>{entry.machineId}</code> · {activePaths(entry.snapshot.value).join(', ')}
        </>
      );
    case 'replication':
      return (
        <>
          <code>{entry.collection}</code> · {entry.type}
        </>
      );
  }
}
