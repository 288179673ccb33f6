/**
 * /{store}/forms/{slug} (spec 2 §7 `customform`): a form the shop defines in content, drawn from its definition
 * (GET /api/forms/definitions/:slug; cached by the service worker for offline use) and sent as a sync task. An
 * unknown or inactive slug is "page not found".
 */
import type { Language } from '@shop/shared';
import { checkCustomForm } from '@shop/shared/forms/custom-form.schema';
import { useEffect, useState } from 'react';
import { apiGet, ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { CheckboxField, FormFailure, SelectField, SubmitButton, TextAreaField, TextField } from '../../ui/form/fields.tsx';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { FormPage, SubmissionPanels, useInquiryForm } from './form-parts.tsx';
import { customFormBody, type CustomFormField, type LoadedFormDefinition } from './form-rules.ts';
import { formUrl, useFormTask } from './form-submission.ts';

type Load = { state: 'loading' } | { state: 'done'; definition: LoadedFormDefinition } | { state: 'missing' } | { state: 'failed'; message: string };

const INPUT_TYPES: Partial<Record<CustomFormField['type'], string>> = { email: 'email', phone: 'tel', number: 'number', date: 'date' };

export function CustomFormPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    apiGet<LoadedFormDefinition>(`/api/forms/definitions/${encodeURIComponent(slug)}`).then(
      (definition) => live && setLoad({ state: 'done', definition }),
      (error: unknown) => live && setLoad(error instanceof ApiError && error.status === 404 ? { state: 'missing' } : { state: 'failed', message: t('errors.network', { ns: 'forms' }) }),
    );
    return () => {
      live = false;
    };
  }, [slug, t]);
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'loading') return <div className="container" aria-busy="true" />;
  if (load.state === 'failed') {
    return (
      <div className="container forms-page">
        <p role="alert" className="problem-note">
          {load.message}
        </p>
      </div>
    );
  }
  return <CustomForm definition={load.definition} />;
}

function CustomForm({ definition }: { definition: LoadedFormDefinition }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const language = (['en', 'nl', 'de'].includes(i18n.language) ? i18n.language : 'en') as Language;
  const names = definition.fields.map((field) => field.name);
  const form = useInquiryForm(
    Object.fromEntries(names.map((name) => [name, ''])),
    Object.fromEntries(names.map((name) => [name, (values: Record<string, string>) => checkCustomForm(definition, customFormBody(definition, values).values)[name] ?? null])),
  );
  const task = useFormTask({ kind: 'customForm', draftKey: `customForm:${definition.slug}:${store}`, onRestore: (values) => form.set(values), onRefused: form.refuse });
  const optional = t('optional', { ns: 'forms' });

  const fieldOf = (field: CustomFormField) => {
    const common = { label: field.label[language], optionalLabel: field.required || field.rule === 'terms' ? undefined : optional, required: field.required, ...form.field(field.name) };
    switch (field.type) {
      case 'textarea':
        return <TextAreaField key={field.name} rows={5} {...common} />;
      case 'select':
        return <SelectField key={field.name} placeholder={t('choose', { ns: 'forms' })} choices={(field.options ?? []).map((option) => ({ value: option.value, label: option.label[language] }))} {...common} />;
      case 'checkbox':
        return <CheckboxField key={field.name} label={field.label[language]} {...form.field(field.name)} />;
      default:
        return <TextField key={field.name} type={INPUT_TYPES[field.type] ?? 'text'} {...common} />;
    }
  };

  return (
    <FormPage title={definition.title[language]} {...(definition.intro ? { intro: definition.intro[language] } : {})}>
      <SubmissionPanels submission={task.submission} onStartOver={task.startOver} />
      {task.submission.state === 'editing' ? (
        <form
          className="forms-form"
          noValidate
          onSubmit={form.onSubmit((values) =>
            task.submit({ url: formUrl(`/api/forms/customform/${encodeURIComponent(definition.slug)}`, store, i18n.language), body: customFormBody(definition, values), values }),
          )}
        >
          {definition.fields.map(fieldOf)}
          <FormFailure message={form.failure} />
          <SubmitButton busy={form.busy} label={t('send', { ns: 'forms' })} busyLabel={t('sending', { ns: 'forms' })} />
        </form>
      ) : null}
    </FormPage>
  );
}
