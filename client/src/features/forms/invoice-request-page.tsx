/** /invoices (spec 2 §2, §7 `invoice`): an invoice for an order, in a company's name, sent as a sync task. */
import { checkInvoiceRequest, INVOICE_FIELDS, type InvoiceField } from '@shop/shared/forms/invoice.schema';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { FormFailure, SelectField, SubmitButton, TextField } from '../../ui/form/fields.tsx';
import { storeCountryFor, useShipToCountries } from '../checkout/checkout-config.ts';
import { FormPage, perField, SubmissionPanels, useInquiryForm } from './form-parts.tsx';
import { invoiceBody } from './form-rules.ts';
import { formUrl, useFormTask } from './form-submission.ts';

export function InvoiceRequestPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const countries = useShipToCountries(store);
  const empty = Object.fromEntries(INVOICE_FIELDS.map((name) => [name, name === 'country' ? (storeCountryFor(store, countries) ?? '') : ''])) as Record<InvoiceField, string>;
  const form = useInquiryForm(empty, perField(INVOICE_FIELDS, (values) => checkInvoiceRequest(invoiceBody(values), countries.length ? countries : undefined)));
  const task = useFormTask({ kind: 'invoice', draftKey: `invoice:${store}`, onRestore: (values) => form.set(values), onRefused: form.refuse });
  const label = (key: string) => t(`invoice.${key}`, { ns: 'forms' });
  const optional = t('optional', { ns: 'forms' });
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <FormPage title={label('title')} intro={label('intro')}>
      <SubmissionPanels submission={task.submission} onStartOver={task.startOver} />
      {task.submission.state === 'editing' ? (
        <form className="forms-form" noValidate onSubmit={form.onSubmit((values) => task.submit({ url: formUrl('/api/forms/invoice', store, i18n.language), body: invoiceBody(values), values }))}>
          <div className="forms-row">
            <TextField label={label('orderNumber')} required {...form.field('order_number')} />
            <TextField label={label('email')} type="email" autoComplete="email" required {...form.field('email')} />
          </div>
          <div className="forms-row">
            <TextField label={label('name')} autoComplete="name" required {...form.field('name')} />
            <TextField label={label('company')} autoComplete="organization" optionalLabel={optional} {...form.field('company')} />
          </div>
          <TextField label={label('vatId')} optionalLabel={optional} {...form.field('vat_id')} />
          <TextField label={label('street')} autoComplete="street-address" required {...form.field('street')} />
          <div className="forms-row forms-row--three">
            <TextField label={label('zip')} autoComplete="postal-code" required {...form.field('zip')} />
            <TextField label={label('city')} autoComplete="address-level2" required {...form.field('city')} />
            <SelectField
              label={label('country')}
              placeholder={t('choose', { ns: 'forms' })}
              autoComplete="country"
              required
              choices={countries.map((code) => ({ value: code, label: countryName(code) }))}
              {...form.field('country')}
            />
          </div>
          <FormFailure message={form.failure} />
          <SubmitButton busy={form.busy} label={t('send', { ns: 'forms' })} busyLabel={t('sending', { ns: 'forms' })} />
        </form>
      ) : null}
    </FormPage>
  );
}
