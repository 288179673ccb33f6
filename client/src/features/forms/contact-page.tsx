/** /contacts (spec 2 §2, §3 "Contact request"): the contact form, sent as a sync task (kind `contact`). */
import { checkContact, CONTACT_FIELDS, CONTACT_PREFERENCES, CONTACT_SALUTATIONS, CONTACT_SUBJECTS, type ContactField } from '@shop/shared/forms/contact.schema';
import { TEXT_MAX } from '@shop/shared/forms/form-fields';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useStore } from '../../app/store-context.tsx';
import { useTranslation } from '../../app/i18n.ts';
import { ChoiceField, FormFailure, SelectField, SubmitButton, TextAreaField, TextField } from '../../ui/form/fields.tsx';
import { FormPage, perField, SubmissionPanels, useInquiryForm } from './form-parts.tsx';
import { contactBody } from './form-rules.ts';
import { formUrl, useFormTask } from './form-submission.ts';

const EMPTY = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, ''])) as Record<ContactField, string>;

export function ContactPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const form = useInquiryForm(EMPTY, perField(CONTACT_FIELDS, (values) => checkContact(contactBody(values))));
  // "Ask an expert" on a product page opens the form about that piece (`?product=<sku>&name=<name>`). Declared before
  // the task's own restore, so a waiting draft still wins.
  const about = useRouterState({ select: (state) => aboutProduct(state.location.search as Record<string, unknown>) });
  useEffect(() => {
    if (about) form.set({ ...EMPTY, subject: 'sales', message: `${t('contact.aboutProduct', { ns: 'forms', product: about })}\n\n` });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the piece the page was opened about
  }, []);
  const task = useFormTask({
    kind: 'contact',
    draftKey: `contact:${store}`,
    onRestore: (values) => form.set(values),
    onRefused: form.refuse,
  });
  const label = (key: string) => t(`contact.${key}`, { ns: 'forms' });
  const optional = t('optional', { ns: 'forms' });

  return (
    <FormPage title={label('title')} intro={label('intro')}>
      <SubmissionPanels submission={task.submission} onStartOver={task.startOver} />
      {task.submission.state === 'editing' ? (
        <form
          className="forms-form"
          noValidate
          onSubmit={form.onSubmit((values) => task.submit({ url: formUrl('/api/forms/contacts', store, i18n.language), body: contactBody(values), values }))}
        >
          <ChoiceField label={label('salutation')} required choices={CONTACT_SALUTATIONS.map((value) => ({ value, label: label(`salutations.${value}`) }))} {...form.field('salutation')} />
          <TextField label={label('name')} autoComplete="name" required {...form.field('name')} />
          <div className="forms-row">
            <TextField label={label('email')} type="email" autoComplete="email" required {...form.field('email')} />
            <TextField
              label={label('phone')}
              type="tel"
              autoComplete="tel"
              optionalLabel={form.values.preference === 'phone' ? undefined : optional}
              required={form.values.preference === 'phone'}
              {...form.field('phone')}
            />
          </div>
          <SelectField
            label={label('subject')}
            placeholder={t('choose', { ns: 'forms' })}
            required
            choices={CONTACT_SUBJECTS.map((value) => ({ value, label: label(`subjects.${value}`) }))}
            {...form.field('subject')}
          />
          <TextAreaField label={label('message')} rows={6} maxLength={TEXT_MAX.message} required {...form.field('message')} />
          <ChoiceField label={label('preference')} required choices={CONTACT_PREFERENCES.map((value) => ({ value, label: label(`preferences.${value}`) }))} {...form.field('preference')} />
          <FormFailure message={form.failure} />
          <SubmitButton busy={form.busy} label={t('send', { ns: 'forms' })} busyLabel={t('sending', { ns: 'forms' })} />
        </form>
      ) : null}
    </FormPage>
  );
}

/** The piece a contact form was opened about, from its address: "name (sku)", or null. Capped: it is the shopper's text. */
export function aboutProduct(search: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, 120) : '');
  const sku = text(search.product);
  if (!sku) return null;
  const name = text(search.name);
  return name ? `${name} (${sku})` : sku;
}
