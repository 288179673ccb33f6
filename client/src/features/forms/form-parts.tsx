/**
 * What every form page shares: the form bound to the forms' texts (the field messages of spec 2 §5 and the forms',
 * all in FIELD_MESSAGES), the page frame, and the panels shown while the inquiry waits on this device and once the shop has it.
 */
import { FIELD_MESSAGES, type FieldMessageKey } from '@shop/shared/account/account-fields';
import type { FieldErrors } from '@shop/shared/forms/form-fields';
import type { ReactNode } from 'react';
import { ApiError } from '../../app/api.ts';
import type { SubmissionState } from './form-submission.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useForm, type Checks, type Form } from '../../ui/form/use-form.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import '../../ui/problem-note.css';
import './forms.css';

/** Each field's check, from a check of the whole form (the shared rules check a form at once). */
export function perField<Name extends string>(names: readonly Name[], check: (values: Record<Name, string>) => FieldErrors<Name>): Checks<Name, FieldMessageKey> {
  return Object.fromEntries(names.map((name) => [name, (values: Record<Name, string>) => check(values)[name] ?? null])) as Checks<Name, FieldMessageKey>;
}

/** The fields a 400 names (`details.fields: [{path, key}]`), under the form's names. */
export function refusedFields<Name extends string>(error: unknown, names: readonly Name[]): Partial<Record<Name, FieldMessageKey>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const found: Partial<Record<Name, FieldMessageKey>> = {};
  for (const { path, key } of fields as Array<{ path?: unknown; key?: unknown }>) {
    const name = typeof path === 'string' ? names.find((known) => known === path.split('.')[0]) : undefined;
    if (name && typeof key === 'string' && key in FIELD_MESSAGES) found[name] = key as FieldMessageKey;
  }
  return found;
}

export function useInquiryForm<Name extends string>(initial: Record<Name, string>, checks: Partial<Checks<Name, FieldMessageKey>>): Form<Name> {
  const { t } = useTranslation();
  return useForm<Name, FieldMessageKey>(initial, checks, {
    message: (key) => t(`validation.${key}`, { ns: 'forms', defaultValue: FIELD_MESSAGES[key] }),
    describe: (error) => refusalText(error, t),
    fieldsOf: refusedFields,
  });
}

/** The text of a refusal that names no field: a known code's translation, else the shop's own message. */
export function refusalText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (!(error instanceof ApiError)) return t('errors.generic', { ns: 'forms' });
  if (error.status === 0) return t('errors.network', { ns: 'forms' });
  if (error.status === 413) return t('validation.uploadsTooLarge', { ns: 'forms' });
  if (error.status === 429) return t('errors.too_many_requests', { ns: 'forms' });
  const known = t(`errors.${error.code}`, { ns: 'forms', defaultValue: '' });
  if (known) return known;
  const key = Object.entries(FIELD_MESSAGES).find(([, text]) => text === error.message)?.[0];
  return key ? t(`validation.${key}`, { ns: 'forms' }) : error.message || t('errors.generic', { ns: 'forms' });
}

/** `story`: the page's own CMS block under the intro (issue 18), e.g. the trade-in page's. */
export function FormPage({ title, intro, story, children }: { title: string; intro?: string; story?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title, t('shop.name'));
  return (
    <div className="container forms-page">
      <header className="forms-page__header">
        <h1 className="forms-page__title">{title}</h1>
        {intro ? <p className="forms-page__intro">{intro}</p> : null}
        {story}
      </header>
      <div className="forms-card">{children}</div>
    </div>
  );
}

/** What the page shows of its task besides the form: the success text once sent, the waiting note meanwhile. */
export function SubmissionPanels({ submission, onStartOver }: { submission: SubmissionState; onStartOver: () => void }) {
  if (submission.state === 'sent') return <SentPanel onStartOver={onStartOver} />;
  if (submission.state === 'waiting') return <WaitingPanel offline={submission.offline} />;
  return null;
}

/** The inquiry is saved on this device: offline it waits for the connection, online it is on its way. */
export function WaitingPanel({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="forms-status">
      <p className={`problem-note${offline ? '' : ' forms-status__sending'}`}>
        {offline ? t('offlineQueued', { ns: 'forms' }) : t('queuedOnline', { ns: 'forms' })}
      </p>
    </div>
  );
}

/** The shop has the inquiry (spec 2 §8 'inquiry submitted'). */
export function SentPanel({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="forms-status">
      <p role="status" className="problem-note problem-note--success">
        {t('inquirySubmitted', { ns: 'forms' })}
      </p>
      <button type="button" className="button button--secondary" onClick={onStartOver}>
        {t('sendAnother', { ns: 'forms' })}
      </button>
    </div>
  );
}
