/**
 * The trade-in form (spec 1 §2, spec 2 §2/§3 "Trade-in request"): the watch, what comes with it, pictures and the
 * shopper's details, sent as one sync task (kind `tradeIn`) with the pictures as its attachments, so an inquiry
 * typed offline is kept on this device, pictures included, and sent when the connection returns.
 */
import { TEXT_MAX } from '@shop/shared/forms/form-fields';
import { checkTradeIn, OTHER_BRAND, TRADE_IN_INTENTS, YES_NO } from '@shop/shared/forms/trade-in.schema';
import { useState } from 'react';
import type { ApiError } from '../../../app/api.ts';
import { useTranslation } from '../../../app/i18n.ts';
import { useStore } from '../../../app/store-context.tsx';
import { CheckboxField, ChoiceField, FormFailure, SelectField, SubmitButton, TextAreaField, TextField } from '../../../ui/form/fields.tsx';
import { FormPage, perField, refusalText, SubmissionPanels, useInquiryForm } from '../form-parts.tsx';
import { TRADE_IN_TEXT_FIELDS, tradeInBody, type TradeInTextField } from '../form-rules.ts';
import { formUrl, useFormTask } from '../form-submission.ts';
import { PhotoPicker } from '../photo-picker.tsx';
import type { PickedPhoto } from '../photo-resize.ts';
import { useBrands } from './use-brands.ts';
import { CMS_BLOCK_IDS } from '@shop/shared/content/service-pages';
import { CmsBlock } from '../../content/cms-block.tsx';

const EMPTY = Object.fromEntries(TRADE_IN_TEXT_FIELDS.map((name) => [name, ''])) as Record<TradeInTextField, string>;

/** A refusal about the pictures (too large together, not a picture, gone from the shop): shown at the pictures. */
function isPhotoRefusal(error: ApiError): boolean {
  if (error.status === 413 || error.status === 415 || error.code === 'upload_not_picture' || error.code === 'upload_missing') return true;
  const fields = (error.details as { fields?: Array<{ path?: unknown }> } | null | undefined)?.fields;
  return Array.isArray(fields) && fields.length > 0 && fields.every((field) => typeof field.path === 'string' && field.path.startsWith('photos'));
}

export function TradeInPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const brands = useBrands(store);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const photoIds = photos.map((photo) => photo.id);
  const form = useInquiryForm(EMPTY, perField(TRADE_IN_TEXT_FIELDS, (values) => checkTradeIn(tradeInBody(values, photoIds), new Date())));
  const task = useFormTask({
    kind: 'tradeIn',
    draftKey: `tradeIn:${store}`,
    onRestore: (values, kept) => {
      form.set(values);
      if (kept.length) setPhotos(kept);
    },
    onRefused: (error) => {
      if (isPhotoRefusal(error)) setPhotoError(refusalText(error, t));
      else form.refuse(error);
    },
  });
  const label = (key: string) => t(`tradeIn.${key}`, { ns: 'forms' });
  const yesNo = YES_NO.map((value) => ({ value, label: t(value, { ns: 'forms' }) }));
  const optional = t('optional', { ns: 'forms' });

  return (
    <FormPage title={label('title')} intro={label('intro')} story={<CmsBlock identifier={CMS_BLOCK_IDS.tradeInIntro} className="cms-block--intro" />}>
      <SubmissionPanels
        submission={task.submission}
        onStartOver={() => {
          setPhotos([]);
          form.set(EMPTY);
          task.startOver();
        }}
      />
      {task.submission.state === 'editing' ? (
        <form
          className="forms-form"
          noValidate
          onSubmit={form.onSubmit((values) => {
            setPhotoError(undefined);
            return task.submit({
              url: formUrl('/api/forms/trade-in', store, i18n.language),
              body: tradeInBody(values, photoIds),
              values,
              photos,
            });
          })}
        >
          <fieldset className="forms-section">
            <legend className="forms-section__title">{label('watch')}</legend>
            <div className="forms-row">
              <SelectField
                label={label('brand')}
                placeholder={t('choose', { ns: 'forms' })}
                required
                choices={[...brands.map((brand) => ({ value: brand, label: brand })), { value: OTHER_BRAND, label: label('otherBrand') }]}
                {...form.field('brand')}
              />
              {form.values.brand === OTHER_BRAND ? <TextField label={label('brandOther')} required {...form.field('brand_other')} /> : null}
            </div>
            <TextField label={label('model')} required {...form.field('model')} />
            <div className="forms-row forms-row--three">
              <TextField label={label('year')} inputMode="numeric" maxLength={4} required {...form.field('year')} />
              <TextField label={label('maintenanceYear')} inputMode="numeric" maxLength={4} optionalLabel={optional} {...form.field('maintenance_year')} />
              <TextField label={label('desiredAmount')} inputMode="numeric" required {...form.field('desired_amount')} />
            </div>
            <ChoiceField label={label('intent')} required choices={TRADE_IN_INTENTS.map((value) => ({ value, label: label(`intents.${value}`) }))} {...form.field('intent')} />
          </fieldset>
          <fieldset className="forms-section">
            <legend className="forms-section__title">{label('extras')}</legend>
            <ChoiceField label={label('receipt')} required choices={yesNo} {...form.field('receipt')} />
            <ChoiceField label={label('warrantyCard')} required choices={yesNo} {...form.field('warranty_card')} />
            <ChoiceField label={label('box')} required choices={yesNo} {...form.field('box')} />
          </fieldset>
          <PhotoPicker
            photos={photos}
            error={photoError}
            onChange={(next) => {
              setPhotoError(undefined);
              setPhotos(next);
            }}
          />
          <fieldset className="forms-section">
            <legend className="forms-section__title">{label('you')}</legend>
            <TextField label={label('name')} autoComplete="name" required {...form.field('name')} />
            <div className="forms-row">
              <TextField label={label('email')} type="email" autoComplete="email" required {...form.field('email')} />
              <TextField label={label('phone')} type="tel" autoComplete="tel" optionalLabel={optional} {...form.field('phone')} />
            </div>
            <TextAreaField label={label('comments')} rows={4} maxLength={TEXT_MAX.comments} optionalLabel={optional} {...form.field('comments')} />
            <CheckboxField label={label('terms')} {...form.field('terms')} />
          </fieldset>
          <FormFailure message={form.failure} />
          <SubmitButton busy={form.busy} label={t('send', { ns: 'forms' })} busyLabel={t('sending', { ns: 'forms' })} />
        </form>
      ) : null}
    </FormPage>
  );
}
