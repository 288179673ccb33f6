/**
 * The trade-in form (`/ruil-uw-horloge-in-bij-ace`, `/trade-in-or-sell-your-watch`; `POST /api/forms/trade-in`): the
 * watch (brand from the catalogue or "other", model, year, last maintenance), what the shopper wants for it, what
 * comes with it, up to 6 photos (uploaded first with `PUT /api/uploads/:id`; the form names their ids), comments, and
 * who to answer (name, e-mail, phone optional) with the terms accepted.
 */
import { z } from 'zod/mini';
import { checkEmail, checkName, type FieldMessageKey } from '../account/account-fields.ts';
import { checkAboveZero, checkChoice, checkOptionalText, checkTerms, checkText, checkYear, checkYearSince, formText, formTick, TEXT_MAX, textOf, type FieldErrors, type FormValue } from './form-fields.ts';
import { PHOTO_MAX_COUNT } from './image-type.ts';

/** The brand field's value when the brand is not in the catalogue's list (`brand_other` names it). */
export const OTHER_BRAND = 'other';
export const TRADE_IN_INTENTS = ['sale', 'tradeIn'] as const;
export const YES_NO = ['yes', 'no'] as const;
export type TradeInIntent = (typeof TRADE_IN_INTENTS)[number];

export const TRADE_IN_LABELS = {
  intent: { sale: 'Sale', tradeIn: 'Trade-in' },
  yesNo: { yes: 'Yes', no: 'No' },
} as const;

export const TRADE_IN_FIELDS = [
  'brand',
  'brand_other',
  'model',
  'year',
  'maintenance_year',
  'desired_amount',
  'intent',
  'receipt',
  'warranty_card',
  'box',
  'photos',
  'comments',
  'name',
  'email',
  'phone',
  'terms',
] as const;
export type TradeInField = (typeof TRADE_IN_FIELDS)[number];
export type TradeInValues = Partial<Record<Exclude<TradeInField, 'photos'>, FormValue>> & { photos?: readonly string[] | null | undefined };

/** A yes/no question of the form: 'yes' or 'no', or a tick (true/false) as a page may send it. */
export const formYesNo = z.optional(z.nullable(z.union([z.boolean(), z.string().check(z.maxLength(5, 'must be yes or no'))])));

/** A yes/no answer as stored: 'yes', 'no', or '' when there is none. */
export function yesNoOf(value: FormValue): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return typeof value === 'string' ? value : '';
}

/** An upload id: the UUID the browser made for the photo. */
export const UploadIdSchema = z.string().check(z.regex(/^[0-9a-fA-F-]{36}$/, 'must be an upload id (a UUID)'));

/** The body of `POST /api/forms/trade-in`. */
export const TradeInFormSchema = z.object({
  brand: formText(100),
  brand_other: formText(100),
  model: formText(TEXT_MAX.short),
  year: formText(4),
  maintenance_year: formText(4),
  desired_amount: formText(9),
  intent: formText(20),
  receipt: formYesNo,
  warranty_card: formYesNo,
  box: formYesNo,
  photos: z.optional(z.nullable(z.array(UploadIdSchema).check(z.maxLength(PHOTO_MAX_COUNT * 4, `must name at most ${PHOTO_MAX_COUNT} pictures`)))),
  comments: formText(TEXT_MAX.comments),
  name: formText(TEXT_MAX.short),
  email: formText(TEXT_MAX.short * 2),
  phone: formText(50),
  terms: formTick,
});
export type TradeInForm = z.infer<typeof TradeInFormSchema>;

/** At most 6 photos, none named twice. */
export function checkPhotoList(photos: readonly string[] | null | undefined): FieldMessageKey | null {
  const list = photos ?? [];
  return list.length > PHOTO_MAX_COUNT || new Set(list).size !== list.length ? 'photosTooMany' : null;
}

/** `now` decides which years are in the future. */
export function checkTradeIn(values: TradeInValues, now: Date): FieldErrors<TradeInField> {
  const errors: FieldErrors<TradeInField> = {};
  const add = (field: TradeInField, key: FieldMessageKey | null) => {
    if (key) errors[field] = key;
  };
  add('brand', checkText(values.brand, 100));
  if (values.brand === OTHER_BRAND) add('brand_other', checkText(values.brand_other, 100));
  add('model', checkText(values.model, TEXT_MAX.short));
  add('year', checkYear(values.year, now));
  add('maintenance_year', checkYearSince(values.maintenance_year, values.year, now));
  add('desired_amount', checkAboveZero(values.desired_amount));
  add('intent', checkChoice(values.intent, TRADE_IN_INTENTS));
  add('receipt', checkChoice(yesNoOf(values.receipt), YES_NO));
  add('warranty_card', checkChoice(yesNoOf(values.warranty_card), YES_NO));
  add('box', checkChoice(yesNoOf(values.box), YES_NO));
  add('photos', checkPhotoList(values.photos));
  add('comments', checkOptionalText(values.comments, TEXT_MAX.comments));
  add('name', checkName(textOf(values.name)));
  add('email', checkEmail(textOf(values.email)));
  add('phone', checkOptionalText(values.phone, 50));
  add('terms', checkTerms(values.terms));
  return errors;
}
