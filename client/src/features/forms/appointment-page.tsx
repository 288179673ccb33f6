/**
 * "Make an appointment" (issue 17 §8): a boutique (from the store locator's link, or chosen here), the reason, a day
 * and a 30-minute time from the boutique's free slots, name, e-mail, phone, comments and the terms. The booking is a
 * sync task (brief point 5): minted when the form opens, so a double click is one booking; saved on this device while
 * offline; sent once. The page follows its task: `sent` shows the booked time; a refusal comes back on the form with
 * everything typed kept: a slot someone else just booked (409) asks for another time and reloads the free times.
 */
import type { StoreCode } from '@shop/shared';
import { checkAppointment, APPOINTMENT_REASONS, COMMENTS_MAX_LENGTH, PHONE_MAX_LENGTH, type AppointmentField, type AppointmentResult, type Boutique, type BoutiqueSlots } from '@shop/shared/forms/appointment.schema';
import type { FieldMessageKey } from '@shop/shared/account/account-fields';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isShopOnline, onShopOnline } from '../../app/network.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { FormFailure, SubmitButton, TextField } from '../account/account-form.tsx';
import { acknowledgeTask, enqueueTask, watchTask, type TaskView } from '../sync/task-queue.ts';
import { loadBoutiques, loadSlots, useAppointmentTexts, type Loaded } from './boutiques-api.ts';
import { SlotPicker } from './slot-picker.tsx';
import '../account/account.css';
import '../../ui/problem-note.css';
import './forms.css';
import './appointment.css';

type Values = { boutique_id: string; reason: string; date: string; slot: string; name: string; email: string; phone: string; comments: string; terms: boolean };
type Phase = { state: 'editing' } | { state: 'waiting'; offline: boolean } | { state: 'sent'; result: AppointmentResult };

const FIELD_ORDER: readonly AppointmentField[] = ['boutique_id', 'reason', 'slot', 'name', 'email', 'phone', 'terms'];
const LOCALES: Record<string, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** The boutique a locator link names (`?boutique=`). */
function boutiqueAsked(): string {
  return typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('boutique') ?? '');
}

/** The fields a refusal names (`details.fields: [{path, key}]`). */
function refusedFields(view: TaskView): Partial<Record<AppointmentField, FieldMessageKey>> {
  const fields = (view.error?.details as { fields?: unknown } | undefined)?.fields;
  const found: Partial<Record<AppointmentField, FieldMessageKey>> = {};
  if (!Array.isArray(fields)) return found;
  for (const { path, key } of fields as Array<{ path?: unknown; key?: unknown }>) {
    if (typeof path === 'string' && (FIELD_ORDER as readonly string[]).includes(path) && typeof key === 'string') found[path as AppointmentField] = key as FieldMessageKey;
  }
  return found;
}

/** A refusal that names no field: a known code in the shopper's language, else the shop's own message. */
function appointmentRefusal(view: TaskView, t: ReturnType<typeof useTranslation>['t']): string {
  if (!view.resultCode) return t('errors.network', { ns: 'appointments' });
  const known = view.error?.code ? t(`errors.${view.error.code}`, { ns: 'appointments', defaultValue: '' }) : '';
  return known || view.error?.message || t('errors.generic', { ns: 'appointments' });
}

export function appointmentWhen(result: AppointmentResult['appointment'], language: string): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'en-GB', { timeZone: result.timezone, dateStyle: 'full', timeStyle: 'short' }).format(result.start);
}

export function AppointmentPage() {
  const ready = useAppointmentTexts();
  if (!ready) return <div className="container" aria-busy="true" />;
  return <AppointmentForm />;
}

function AppointmentForm() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  useDocumentTitle(t('title', { ns: 'appointments' }), t('shop.name'));
  const [boutiques, setBoutiques] = useState<Loaded<Boutique[]> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [values, setValues] = useState<Values>(() => ({ boutique_id: boutiqueAsked(), reason: '', date: '', slot: '', name: '', email: '', phone: '', comments: '', terms: false }));
  const [touched, setTouched] = useState<Partial<Record<AppointmentField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<AppointmentField, FieldMessageKey>>>({});
  const [slots, setSlots] = useState<Loaded<BoutiqueSlots> | null>(null);
  const [slotsVersion, setSlotsVersion] = useState(0);
  const [taskId, setTaskId] = useState(() => crypto.randomUUID());
  const [watching, setWatching] = useState(false);
  const [phase, setPhase] = useState<Phase>({ state: 'editing' });
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const ids = useId();

  useEffect(() => {
    const controller = new AbortController();
    loadBoutiques(store as StoreCode, controller.signal)
      .then((loaded) => {
        setBoutiques(loaded);
        setValues((current) => ({ ...current, boutique_id: loaded.value.some((b) => b.id === current.boutique_id) ? current.boutique_id : loaded.value.length === 1 ? loaded.value[0]!.id : '' }));
      })
      .catch(() => !controller.signal.aborted && setLoadFailed(true));
    return () => controller.abort();
  }, [store]);

  useEffect(() => {
    if (!values.boutique_id || !boutiques) return;
    const controller = new AbortController();
    loadSlots(values.boutique_id, 14, controller.signal)
      .then((loaded) => {
        setSlots(loaded);
        // The chosen day stays when it still has a free time; else the first day that has one.
        setValues((current) => {
          const days = loaded.value.days.filter((day) => day.slots.length > 0);
          const day = days.find((d) => d.date === current.date) ?? days[0];
          const slot = day?.slots.some((s) => s.slot === current.slot) ? current.slot : '';
          return { ...current, date: day?.date ?? '', slot };
        });
      })
      .catch(() => !controller.signal.aborted && setSlots({ value: { boutique_id: values.boutique_id, timezone: '', as_of: Date.now(), days: [] }, cached: false }));
    return () => controller.abort();
  }, [values.boutique_id, boutiques, slotsVersion]);

  // The booking's task: its outcome comes back here (and to any other tab showing it).
  useEffect(() => {
    if (!watching) return;
    let done = false;
    const stop = watchTask(taskId, (view) => {
      if (done || view === null) return;
      if (view.status === 'sent') {
        done = true;
        setPhase({ state: 'sent', result: view.result as AppointmentResult });
        void acknowledgeTask(view.id);
        return;
      }
      if (view.status === 'failed') {
        done = true;
        const fields = refusedFields(view);
        if (view.error?.code === 'slot_taken') fields.slot = 'slotTaken';
        setServerErrors(fields);
        if (fields.slot) {
          setValues((current) => ({ ...current, slot: '' }));
          setSlotsVersion((version) => version + 1);
        }
        if (Object.keys(fields).length === 0) setFailure(appointmentRefusal(view, t));
        // A refusal is final for its task: the next booking is a new one.
        setTaskId(crypto.randomUUID());
        setWatching(false);
        setPhase({ state: 'editing' });
        void acknowledgeTask(view.id);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${Object.keys(fields)[0] ?? 'boutique_id'}"]`)?.focus());
        return;
      }
      setPhase({ state: 'waiting', offline: view.reason === 'offline' || !isShopOnline() });
    });
    return () => {
      done = true;
      stop();
    };
  }, [taskId, watching, t]);

  useEffect(
    () =>
      onShopOnline((online) => {
        setPhase((current) => (current.state === 'waiting' ? { state: 'waiting', offline: !online } : current));
        if (online && slots?.cached) setSlotsVersion((version) => version + 1);
      }),
    [slots?.cached],
  );

  // Slots of another boutique (the one chosen before) are not shown while this one's load.
  const shownSlots = slots?.value.boutique_id === values.boutique_id ? slots : null;
  const ruleErrors = checkAppointment(values);
  const errorOf = (field: AppointmentField): string | undefined => {
    const key = serverErrors[field] ?? (touched[field] ? ruleErrors[field] : undefined);
    return key ? t(`validation.${key}`, { ns: 'appointments' }) : undefined;
  };
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // What the shop said of a field stays until the shopper changes that field.
    if (name !== 'date') setServerErrors((current) => (current[name as AppointmentField] ? { ...current, [name]: undefined } : current));
    setFailure(null);
  };
  const touch = (field: AppointmentField) => setTouched((current) => ({ ...current, [field]: true }));
  const text = (field: 'name' | 'email' | 'phone') => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onChange: (value: string) => set(field, value),
    onBlur: () => values[field] !== '' && touch(field),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(Object.fromEntries(FIELD_ORDER.map((field) => [field, true])));
    const wrong = FIELD_ORDER.find((field) => ruleErrors[field]);
    if (wrong) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${wrong === 'slot' ? (values.date ? 'slot' : 'date') : wrong}"]`)?.focus();
      return;
    }
    const body = { boutique_id: values.boutique_id, reason: values.reason, slot: values.slot, name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim(), comments: values.comments.trim(), terms: true };
    const url = `/api/forms/appointment?storeCode=${store}&language=${i18n.language}`;
    setPhase({ state: 'waiting', offline: !isShopOnline() });
    enqueueTask({ taskId, kind: 'appointment', url, body, auth: 'public', captcha: true, callbackEvent: 'appointments:booked', cacheable: true })
      .then(() => setWatching(true))
      .catch(() => {
        setPhase({ state: 'editing' });
        setFailure(t('errors.generic', { ns: 'appointments' }));
      });
  };

  const startOver = () => {
    setValues((current) => ({ ...current, reason: '', date: '', slot: '', comments: '', terms: false }));
    setTouched({});
    setTaskId(crypto.randomUUID());
    setWatching(false);
    setPhase({ state: 'editing' });
    setSlotsVersion((version) => version + 1);
  };

  const header = (
    <header className="forms-page__header">
      <h1 className="forms-page__title">{t('title', { ns: 'appointments' })}</h1>
      <p className="forms-page__intro">{t('intro', { ns: 'appointments' })}</p>
    </header>
  );

  if (phase.state === 'sent') {
    const booked = phase.result.appointment;
    return (
      <div className="container forms-page">
        {header}
        <div className="forms-card appointment-done">
          <p role="status" className="problem-note problem-note--success">
            {t('booked', { ns: 'appointments' })}
          </p>
          <p className="appointment-done__when">{t('bookedAt', { ns: 'appointments', boutique: booked.boutique_name, when: appointmentWhen(booked, i18n.language), email: values.email.trim() })}</p>
          <button type="button" className="button button--secondary" onClick={startOver}>
            {t('another', { ns: 'appointments' })}
          </button>
        </div>
      </div>
    );
  }

  const waiting = phase.state === 'waiting';
  const reasonError = errorOf('reason');
  const termsError = errorOf('terms');
  const boutiqueError = errorOf('boutique_id');
  return (
    <div className="container forms-page">
      {header}
      <form ref={formRef} className="forms-card forms-form" noValidate onSubmit={onSubmit} aria-busy={waiting || undefined}>
        <fieldset className="forms-section" disabled={waiting}>
          <legend className="forms-section__title">{t('sections.visit', { ns: 'appointments' })}</legend>
          {loadFailed ? <p className="problem-note">{t('errors.loadBoutiques', { ns: 'appointments' })}</p> : null}
          <div className={`form-field${boutiqueError ? ' form-field--error' : ''}`}>
            <label className="form-field__label" htmlFor={`${ids}-boutique`}>
              {t('fields.boutique', { ns: 'appointments' })}
            </label>
            <select
              id={`${ids}-boutique`}
              name="boutique_id"
              className="form-field__input"
              value={values.boutique_id}
              aria-invalid={boutiqueError ? true : undefined}
              aria-describedby={boutiqueError ? `${ids}-boutique-error` : undefined}
              onChange={(event) => {
                set('boutique_id', event.target.value);
                set('slot', '');
                touch('boutique_id');
              }}
            >
              <option value="">{t('fields.chooseBoutique', { ns: 'appointments' })}</option>
              {(boutiques?.value ?? []).map((boutique) => (
                <option key={boutique.id} value={boutique.id}>
                  {boutique.name} ({boutique.city})
                </option>
              ))}
            </select>
            {boutiqueError ? (
              <p id={`${ids}-boutique-error`} className="form-field__error">
                {boutiqueError}
              </p>
            ) : null}
          </div>
          <fieldset className={`appointment-reasons${reasonError ? ' appointment-reasons--error' : ''}`} aria-describedby={reasonError ? `${ids}-reason-error` : undefined}>
            <legend className="form-field__label">{t('fields.reason', { ns: 'appointments' })}</legend>
            {APPOINTMENT_REASONS.map((reason) => (
              <label key={reason} className="appointment-choice">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={values.reason === reason}
                  onChange={() => {
                    set('reason', reason);
                    touch('reason');
                  }}
                />
                <span>{t(`reasons.${reason}`, { ns: 'appointments' })}</span>
              </label>
            ))}
            {reasonError ? (
              <p id={`${ids}-reason-error`} className="form-field__error">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          {values.boutique_id ? (
            <SlotPicker
              slots={shownSlots?.value ?? null}
              cached={shownSlots?.cached ?? false}
              date={values.date}
              slot={values.slot}
              error={errorOf('slot')}
              onDate={(date) => {
                set('date', date);
                set('slot', '');
              }}
              onSlot={(slot) => {
                set('slot', slot);
                touch('slot');
              }}
            />
          ) : null}
        </fieldset>
        <fieldset className="forms-section" disabled={waiting}>
          <legend className="forms-section__title">{t('sections.you', { ns: 'appointments' })}</legend>
          <TextField label={t('fields.name', { ns: 'appointments' })} autoComplete="name" maxLength={100} {...text('name')} />
          <div className="forms-row">
            <TextField label={t('fields.email', { ns: 'appointments' })} type="email" autoComplete="email" maxLength={254} {...text('email')} />
            <TextField label={t('fields.phone', { ns: 'appointments' })} type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} {...text('phone')} />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${ids}-comments`}>
              {t('fields.comments', { ns: 'appointments' })}
            </label>
            <textarea id={`${ids}-comments`} name="comments" className="form-field__input appointment-form__comments" rows={4} maxLength={COMMENTS_MAX_LENGTH} value={values.comments} onChange={(event) => set('comments', event.target.value)} />
          </div>
          <div className={`form-field${termsError ? ' form-field--error' : ''}`}>
            <label className="appointment-choice">
              <input
                type="checkbox"
                name="terms"
                checked={values.terms}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? `${ids}-terms-error` : undefined}
                onChange={(event) => {
                  set('terms', event.target.checked);
                  touch('terms');
                }}
              />
              <span>{t('fields.terms', { ns: 'appointments' })}</span>
            </label>
            {termsError ? (
              <p id={`${ids}-terms-error`} className="form-field__error">
                {termsError}
              </p>
            ) : null}
          </div>
        </fieldset>
        {waiting ? (
          <div role="status" className="appointment-status">
            <p className={`problem-note${phase.offline ? '' : ' appointment-status__sending'}`}>{phase.offline ? t('waitingOffline', { ns: 'appointments' }) : t('sendingNow', { ns: 'appointments' })}</p>
          </div>
        ) : null}
        <FormFailure message={failure} />
        <SubmitButton busy={waiting && !phase.offline} label={t('submit', { ns: 'appointments' })} busyLabel={t('sending', { ns: 'appointments' })} waitLabel={waiting && phase.offline ? t('queued', { ns: 'appointments' }) : null} />
      </form>
    </div>
  );
}
