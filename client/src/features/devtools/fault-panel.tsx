/**
 * The visualizer's fault switches (issue 15 item 5): go offline in the shop's own network layer, make the next N calls
 * to a route fail with 401, 500 or a time-out, expire the access token, delay the event stream, force a conflict on a
 * document, clear them all; aimed at every tab or one open tab, with each tab's switches as it reports them.
 * Only props in, only `send` out: the page owns the channel.
 */
import { COLLECTION_NAMES } from '@shop/shared/sync/collections';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import type { FaultCommand, FaultOutcome, FaultState } from './devtools-protocol.ts';
import { useDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import './devtools-panels.css';

type FaultTab = { tabId: string; url: string; open: boolean; leader: boolean | null; faults: FaultState | null };

interface FaultPanelProps {
  tabs: ReadonlyArray<FaultTab>;
  send: (fault: FaultCommand, tabId: string | null) => void;
}

const ROUTE_SUGGESTIONS = [
  '/api/user/me',
  '/api/user/refresh',
  '/api/cart/',
  '/api/replication/cart/push',
  '/api/replication/cart/pull',
  '/api/replication/orders/push',
  '/api/stock/',
  '/api/order/create',
  '/api/payment',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const OUTCOMES: FaultOutcome[] = [401, 500, 'timeout'];
const MAX_COUNT = 100;
const MAX_DELAY_MS = 60_000;
/** A path of the shop's API: starts with /api/, no spaces, no query or fragment. */
const ROUTE = /^\/api\/[^\s?#]*$/;

const ALL = '';

/** A whole number within bounds, or null (an empty field, "2.5", "1e3" and "-1" are all refused). */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

export function FaultPanel(props: FaultPanelProps): JSX.Element {
  const { t, ready } = useDevtoolsPanelTexts();
  const [chosen, setChosen] = useState<string>(ALL);
  const headingId = useId();
  const targetId = useId();
  if (!ready) return <section className="dt-panel" aria-busy="true" />;

  const open = props.tabs.filter((tab) => tab.open);
  // A tab that closed since it was chosen: aim at every tab again rather than at nothing.
  const target = chosen !== ALL && open.some((tab) => tab.tabId === chosen) ? chosen : ALL;
  const aimed = target === ALL ? open : open.filter((tab) => tab.tabId === target);
  const send = (fault: FaultCommand) => props.send(fault, target === ALL ? null : target);

  return (
    <section className="dt-panel dt-faults" aria-labelledby={headingId}>
      <h2 id={headingId} className="dt-panel__title">
        {t('faults.title')}
      </h2>
      <div className="dt-field dt-faults__target">
        <label htmlFor={targetId} className="dt-label">
          {t('faults.target')}
        </label>
        <select id={targetId} className="dt-input" value={target} onChange={(event) => setChosen(event.target.value)}>
          <option value={ALL}>{t('faults.allTabs', { count: open.length })}</option>
          {open.map((tab) => (
            <option key={tab.tabId} value={tab.tabId}>
              {tabLabel(tab, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="dt-faults__grid">
        <OfflineSwitch aimed={aimed} onToggle={(on) => send({ type: 'offline', on })} t={t} />
        <RouteFaultForm onSend={send} t={t} />
        <fieldset className="dt-fieldset">
          <legend>{t('faults.token.legend')}</legend>
          <p className="dt-muted dt-hint">{t('faults.token.hint')}</p>
          <button type="button" className="dt-button" onClick={() => send({ type: 'expire-token' })}>
            {t('faults.token.expire')}
          </button>
        </fieldset>
        <DelayForm onSend={send} t={t} />
        <ConflictForm onSend={send} t={t} />
        <fieldset className="dt-fieldset">
          <legend>{t('faults.clear.legend')}</legend>
          <p className="dt-muted dt-hint">{t('faults.clear.hint')}</p>
          <button type="button" className="dt-button dt-button--quiet" onClick={() => send({ type: 'clear' })}>
            {t('faults.clear.button')}
          </button>
        </fieldset>
      </div>
      <TabStates tabs={open} t={t} />
    </section>
  );
}

function tabLabel(tab: FaultTab, t: TFunction): string {
  const path = (() => {
    try {
      const url = new URL(tab.url);
      return url.pathname + url.search;
    } catch {
      return tab.url;
    }
  })();
  return `${tab.tabId} · ${path}${tab.leader === true ? ` · ${t('faults.leads')}` : ''}`;
}

/** How long a flipped switch shows what was asked while no tab has confirmed it. */
const REQUEST_SHOWN_MS = 3_000;

function OfflineSwitch({ aimed, onToggle, t }: { aimed: ReadonlyArray<FaultTab>; onToggle: (on: boolean) => void; t: TFunction }) {
  const id = useId();
  const known = aimed.filter((tab) => tab.faults !== null);
  const offline = known.filter((tab) => tab.faults?.offline).length;
  const reported = known.length > 0 && offline === known.length;
  // What the developer asked shows at once; the tabs' reports take over once they agree (or after a while, if a tab
  // never answers).
  const [requested, setRequested] = useState<boolean | null>(null);
  useEffect(() => {
    if (requested === null) return;
    const timer = setTimeout(() => setRequested(null), REQUEST_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [requested]);
  const waiting = requested !== null && requested !== reported;
  const on = waiting ? requested : reported;
  const mixed = !waiting && offline > 0 && !on;
  return (
    <fieldset className="dt-fieldset">
      <legend>{t('faults.offline.legend')}</legend>
      <div className="dt-switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="dt-switch__input"
          checked={on}
          onChange={(event) => {
            setRequested(event.target.checked);
            onToggle(event.target.checked);
          }}
        />
        <label htmlFor={id}>{t('faults.offline.label')}</label>
        <span className="dt-switch__state" aria-hidden="true">
          {on ? t('faults.offline.on') : t('faults.offline.off')}
        </span>
      </div>
      {mixed ? <p className="dt-note">{t('faults.offline.mixed', { offline, count: known.length })}</p> : null}
    </fieldset>
  );
}

/** A field's message: shown under it, tied to it with aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | null }) {
  if (message === null) return null;
  return (
    <p id={id} className="dt-field__error" role="alert">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}

function RouteFaultForm({ onSend, t }: { onSend: (fault: FaultCommand) => void; t: TFunction }) {
  const ids = { route: useId(), list: useId(), method: useId(), outcome: useId(), count: useId(), routeError: useId(), countError: useId() };
  const [route, setRoute] = useState('/api/user/me');
  const [method, setMethod] = useState('');
  const [outcome, setOutcome] = useState<string>('401');
  const [count, setCount] = useState('1');
  const [errors, setErrors] = useState<{ route: string | null; count: string | null }>({ route: null, count: null });
  const routeInput = useRef<HTMLInputElement>(null);
  const countInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const path = route.trim();
    const calls = wholeNumber(count, 1, MAX_COUNT);
    const next = {
      route: ROUTE.test(path) ? null : t('faults.validation.route'),
      count: calls === null ? t('faults.validation.count', { max: MAX_COUNT }) : null,
    };
    setErrors(next);
    if (next.route !== null) return routeInput.current?.focus();
    if (next.count !== null || calls === null) return countInput.current?.focus();
    const chosen = OUTCOMES.find((candidate) => String(candidate) === outcome) ?? 500;
    onSend({ type: 'fail-route', route: path, method: method === '' ? null : method, outcome: chosen, count: calls });
  }

  return (
    <form className="dt-form" noValidate onSubmit={submit}>
      <fieldset className="dt-fieldset">
        <legend>{t('faults.route.legend')}</legend>
        <div className="dt-form__row">
          <div className="dt-field dt-field--wide">
            <label htmlFor={ids.route} className="dt-label">
              {t('faults.route.route')}
            </label>
            <input
              id={ids.route}
              ref={routeInput}
              className="dt-input dt-input--mono"
              list={ids.list}
              value={route}
              onChange={(event) => setRoute(event.target.value)}
              aria-invalid={errors.route !== null}
              aria-describedby={errors.route !== null ? ids.routeError : undefined}
              autoComplete="off"
              spellCheck={false}
            />
            <datalist id={ids.list}>
              {ROUTE_SUGGESTIONS.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
            <FieldError id={ids.routeError} message={errors.route} />
          </div>
          <div className="dt-field">
            <label htmlFor={ids.method} className="dt-label">
              {t('faults.route.method')}
            </label>
            <select id={ids.method} className="dt-input" value={method} onChange={(event) => setMethod(event.target.value)}>
              <option value="">{t('faults.route.anyMethod')}</option>
              {METHODS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="dt-form__row">
          <div className="dt-field">
            <label htmlFor={ids.outcome} className="dt-label">
              {t('faults.route.outcome')}
            </label>
            <select id={ids.outcome} className="dt-input" value={outcome} onChange={(event) => setOutcome(event.target.value)}>
              {OUTCOMES.map((candidate) => (
                <option key={candidate} value={String(candidate)}>
                  {t(`faults.route.outcomes.${candidate}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="dt-field">
            <label htmlFor={ids.count} className="dt-label">
              {t('faults.route.count')}
            </label>
            <input
              id={ids.count}
              ref={countInput}
              className="dt-input dt-input--number"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COUNT}
              step={1}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              aria-invalid={errors.count !== null}
              aria-describedby={errors.count !== null ? ids.countError : undefined}
            />
            <FieldError id={ids.countError} message={errors.count} />
          </div>
          <button type="submit" className="dt-button dt-button--primary dt-form__submit">
            {t('faults.route.submit')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function DelayForm({ onSend, t }: { onSend: (fault: FaultCommand) => void; t: TFunction }) {
  const id = useId();
  const errorId = useId();
  const [delay, setDelay] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const ms = wholeNumber(delay, 0, MAX_DELAY_MS);
    if (ms === null) {
      setError(t('faults.validation.delay', { max: MAX_DELAY_MS }));
      input.current?.focus();
      return;
    }
    setError(null);
    onSend({ type: 'delay-stream', ms });
  }

  return (
    <form className="dt-form" noValidate onSubmit={submit}>
      <fieldset className="dt-fieldset">
        <legend>{t('faults.delay.legend')}</legend>
        <div className="dt-form__row">
          <div className="dt-field">
            <label htmlFor={id} className="dt-label">
              {t('faults.delay.ms')}
            </label>
            <input
              id={id}
              ref={input}
              className="dt-input dt-input--number"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_DELAY_MS}
              step={100}
              value={delay}
              onChange={(event) => setDelay(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? errorId : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="dt-muted dt-hint">
              {t('faults.delay.hint')}
            </p>
            <FieldError id={errorId} message={error} />
          </div>
          <button type="submit" className="dt-button dt-button--primary dt-form__submit">
            {t('faults.delay.submit')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function ConflictForm({ onSend, t }: { onSend: (fault: FaultCommand) => void; t: TFunction }) {
  const ids = { collection: useId(), doc: useId(), error: useId() };
  const [collection, setCollection] = useState<string>(COLLECTION_NAMES[0]);
  const [docId, setDocId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = docId.trim();
    if (id === '') {
      setError(t('faults.validation.docId'));
      input.current?.focus();
      return;
    }
    setError(null);
    onSend({ type: 'force-conflict', collection, id });
  }

  return (
    <form className="dt-form" noValidate onSubmit={submit}>
      <fieldset className="dt-fieldset">
        <legend>{t('faults.conflict.legend')}</legend>
        <div className="dt-form__row">
          <div className="dt-field">
            <label htmlFor={ids.collection} className="dt-label">
              {t('faults.conflict.collection')}
            </label>
            <select id={ids.collection} className="dt-input" value={collection} onChange={(event) => setCollection(event.target.value)}>
              {COLLECTION_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="dt-field dt-field--wide">
            <label htmlFor={ids.doc} className="dt-label">
              {t('faults.conflict.document')}
            </label>
            <input
              id={ids.doc}
              ref={input}
              className="dt-input dt-input--mono"
              value={docId}
              onChange={(event) => setDocId(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? ids.error : undefined}
              autoComplete="off"
              spellCheck={false}
            />
            <FieldError id={ids.error} message={error} />
          </div>
          <button type="submit" className="dt-button dt-button--primary dt-form__submit">
            {t('faults.conflict.submit')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function TabStates({ tabs, t }: { tabs: ReadonlyArray<FaultTab>; t: TFunction }) {
  const headingId = useId();
  return (
    <section className="dt-fault-states" aria-labelledby={headingId}>
      <h3 id={headingId} className="dt-docs__title">
        {t('faults.state.title')}
      </h3>
      {tabs.length === 0 ? (
        <p className="dt-note">{t('faults.state.noTabs')}</p>
      ) : (
        <div className="dt-scroll">
          <table className="dt-table">
            <caption className="visually-hidden">{t('faults.state.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('faults.state.tab')}</th>
                <th scope="col">{t('faults.state.offline')}</th>
                <th scope="col">{t('faults.state.routes')}</th>
                <th scope="col">{t('faults.state.delay')}</th>
                <th scope="col">{t('faults.state.conflicts')}</th>
              </tr>
            </thead>
            <tbody>
              {tabs.map((tab) => (
                <tr key={tab.tabId} data-fault-tab={tab.tabId}>
                  <th scope="row">
                    <code className="dt-tab-id">{tab.tabId}</code>
                    {tab.leader === true ? <span className="dt-muted"> · {t('faults.leads')}</span> : null}
                  </th>
                  {tab.faults === null ? (
                    <td colSpan={4} className="dt-muted">
                      {t('faults.state.unknown')}
                    </td>
                  ) : (
                    <FaultCells faults={tab.faults} t={t} />
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FaultCells({ faults, t }: { faults: FaultState; t: TFunction }) {
  return (
    <>
      <td>{faults.offline ? <strong className="dt-badge dt-badge--error">{t('faults.offline.on')}</strong> : <span className="dt-muted">{t('faults.offline.off')}</span>}</td>
      <td>
        {faults.routes.length === 0 ? (
          <span className="dt-muted">{t('faults.state.none')}</span>
        ) : (
          <ul className="dt-plain-list">
            {faults.routes.map((route, index) => (
              <li key={`${route.route}-${route.method ?? '*'}-${route.outcome}-${index}`} data-route-fault={route.route} data-remaining={route.remaining}>
                <code>
                  {route.method ?? t('faults.route.anyMethod')} {route.route}
                </code>{' '}
                → {t(`faults.route.outcomes.${route.outcome}`)} · {t('faults.state.remaining', { count: route.remaining })}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{faults.streamDelayMs > 0 ? t('faults.state.delayMs', { ms: faults.streamDelayMs }) : <span className="dt-muted">{t('faults.state.none')}</span>}</td>
      <td>
        {faults.conflicts.length === 0 ? (
          <span className="dt-muted">{t('faults.state.none')}</span>
        ) : (
          <ul className="dt-plain-list">
            {faults.conflicts.map((conflict) => (
              <li key={`${conflict.collection}/${conflict.id}`}>
                <code>
                  {conflict.collection}/{conflict.id}
                </code>
              </li>
            ))}
          </ul>
        )}
      </td>
    </>
  );
}
