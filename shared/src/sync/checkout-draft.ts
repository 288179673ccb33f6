import type { Lww, WriteStamp } from './document.schema.ts';
import { CHECKOUT_DRAFT_SECTIONS, type CheckoutDraftDoc, type CheckoutDraftSection } from './checkout-draft.schema.ts';
import { compareStamps, lww, mergeDocumentMeta, mergeLww } from './merge.ts';

type DraftValue<S extends CheckoutDraftSection, K extends keyof CheckoutDraftDoc[S]> = NonNullable<CheckoutDraftDoc[S][K]> extends Lww<infer V>
  ? V
  : never;

/** A draft nobody has typed into yet. */
export function emptyCheckoutDraft(id: string, writeId: string): CheckoutDraftDoc {
  return { id, updatedAt: 0, writeId, personalDetails: {}, shippingDetails: {}, paymentDetails: {} };
}

/**
 * One field typed on this replica: the field's register gets the write's stamp, moved to 1 ms after the value it
 * replaces when the clock is not past it, so that what the shopper types last on one device always wins there.
 */
export function setDraftField<S extends CheckoutDraftSection, K extends keyof CheckoutDraftDoc[S] & string>(
  draft: CheckoutDraftDoc,
  section: S,
  field: K,
  value: DraftValue<S, K>,
  write: WriteStamp,
): CheckoutDraftDoc {
  const current = (draft[section] as Record<string, Lww<unknown> | undefined>)[field];
  const at = current && compareStamps(write, current) <= 0 ? current.at + 1 : write.at;
  return { ...draft, [section]: { ...draft[section], [field]: lww(value, { at, replica: write.replica }) }, writeId: write.id };
}

function mergeSection<T extends object>(a: T, b: T): T {
  const merged: Record<string, Lww<unknown>> = {};
  const left = a as Record<string, Lww<unknown> | undefined>;
  const right = b as Record<string, Lww<unknown> | undefined>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const value = mergeLww(left[key], right[key]);
    if (value !== undefined) merged[key] = value;
  }
  return merged as T;
}

/** The symmetric merge of two drafts: per field, the later write wins (decision 010). */
export function mergeCheckoutDraft(a: CheckoutDraftDoc, b: CheckoutDraftDoc): CheckoutDraftDoc {
  return {
    id: a.id,
    ...mergeDocumentMeta(a, b),
    personalDetails: mergeSection(a.personalDetails, b.personalDetails),
    shippingDetails: mergeSection(a.shippingDetails, b.shippingDetails),
    paymentDetails: mergeSection(a.paymentDetails, b.paymentDetails),
  };
}

/** The plain values of one section, for filling a form. */
export function draftSectionValues<S extends CheckoutDraftSection>(
  draft: CheckoutDraftDoc,
  section: S,
): { [K in keyof CheckoutDraftDoc[S]]?: DraftValue<S, K> } {
  const values: Record<string, unknown> = {};
  for (const [key, register] of Object.entries(draft[section] as Record<string, Lww<unknown> | undefined>)) {
    if (register !== undefined) values[key] = register.value;
  }
  return values as { [K in keyof CheckoutDraftDoc[S]]?: DraftValue<S, K> };
}

/** The time of the last field typed, or undefined for an empty draft (spec 2 §4: "in checkout" for 30 minutes). */
export function draftModifiedAt(draft: CheckoutDraftDoc): number | undefined {
  let last: number | undefined;
  for (const section of CHECKOUT_DRAFT_SECTIONS) {
    for (const register of Object.values(draft[section] as Record<string, Lww<unknown> | undefined>)) {
      if (register !== undefined && (last === undefined || register.at > last)) last = register.at;
    }
  }
  return last;
}
