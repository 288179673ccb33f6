/**
 * The checkout draft in the local database (`checkoutDrafts`, one document per shopper, last writer wins per field):
 * every field is written as it is typed, so a reload, a second tab or a lost connection loses nothing, and it
 * replicates to the shopper's other devices. The password is never written here. A logged-in customer's name, e-mail
 * and default addresses fill the fields nobody has typed yet.
 */
import type { CustomerAddress, CustomerProfile } from '@shop/shared/account/account.schema';
import type { WriteStamp } from '@shop/shared/sync/document.schema';
import { emptyCheckoutDraft, setDraftField } from '@shop/shared/sync/checkout-draft';
import type { CheckoutDraftDoc, CheckoutDraftSection } from '@shop/shared/sync/checkout-draft.schema';
import type { RxCollection } from 'rxdb/plugins/core';
import { map, type Observable } from 'rxjs';
import { newId, replicaId } from '../sync/replica.ts';

export type DraftsCollection = RxCollection<CheckoutDraftDoc>;
export const DRAFT_ID = 'checkout';



function stamp(): WriteStamp {
  return { id: newId(), at: Date.now(), replica: replicaId() };
}

function plain(doc: { toJSON(): unknown }): CheckoutDraftDoc {
  const { _deleted: _ignored, ...data } = doc.toJSON() as CheckoutDraftDoc & { _deleted?: boolean };
  return data as CheckoutDraftDoc;
}

export function watchDraft(drafts: DraftsCollection): Observable<CheckoutDraftDoc> {
  return drafts.findOne(DRAFT_ID).$.pipe(map((doc) => (doc ? plain(doc) : emptyCheckoutDraft(DRAFT_ID, 'none'))));
}

export type FieldWrite = { section: CheckoutDraftSection; field: string; value: unknown };

/** Writes fields of the draft (each its own last-writer-wins register). */
export async function writeDraftFields(drafts: DraftsCollection, writes: readonly FieldWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const apply = (draft: CheckoutDraftDoc) => {
    let next = draft;
    for (const write of writes) next = setDraftField(next, write.section, write.field as never, write.value as never, stamp());
    return next;
  };
  const existing = await drafts.findOne(DRAFT_ID).exec();
  if (existing) {
    await existing.incrementalModify((draft) => apply(draft));
    return;
  }
  try {
    await drafts.insert(apply(emptyCheckoutDraft(DRAFT_ID, newId())));
  } catch {
    // Another tab made the draft a moment ago: write into that one.
    const made = await drafts.findOne(DRAFT_ID).exec();
    await made?.incrementalModify((draft) => apply(draft));
  }
}

function addressFields(address: CustomerAddress): Record<string, unknown> {
  return {
    firstName: address.firstname,
    lastName: address.lastname,
    streetAddress: address.street[0] ?? '',
    apartmentNumber: [address.street[1], address.street[2]].filter(Boolean).join(' '),
    city: address.city,
    zipCode: address.postcode,
    country: address.country_id.toUpperCase(),
    ...(address.telephone ? { phoneNumber: address.telephone } : {}),
    ...(address.company ? { company: address.company } : {}),
    ...(address.vat_id ? { vatId: address.vat_id } : {}),
    ...(address.region ? { state: address.region } : {}),
  };
}

/** The profile's values for the fields of the draft that are still empty (spec 2 §4 user session: profile loaded). */
export function profileFill(draft: CheckoutDraftDoc, profile: CustomerProfile): FieldWrite[] {
  const writes: FieldWrite[] = [];
  const fill = (section: CheckoutDraftSection, values: Record<string, unknown>) => {
    const current = draft[section] as Record<string, unknown>;
    for (const [field, value] of Object.entries(values)) {
      if (current[field] === undefined && value !== undefined && value !== '') writes.push({ section, field, value });
    }
  };
  const shipping = profile.addresses.find((address) => address.id !== undefined && address.id === profile.default_shipping) ?? profile.addresses.find((a) => a.default_shipping) ?? profile.addresses[0];
  const billing = profile.addresses.find((address) => address.id !== undefined && address.id === profile.default_billing) ?? profile.addresses.find((a) => a.default_billing);
  fill('personalDetails', {
    firstName: profile.firstname,
    lastName: profile.lastname,
    emailAddress: profile.email,
    ...(shipping?.telephone ? { phoneNumber: shipping.telephone } : {}),
  });
  if (shipping) fill('shippingDetails', addressFields(shipping));
  if (billing) fill('paymentDetails', addressFields(billing));
  return writes;
}

/**
 * The store's country as the shipping country (a Dutch shopper starts with the Netherlands), when nobody chose one
 * yet and `pending` (e.g. a profile's address) sets none: the shopper may still pick another.
 */
export function storeCountryPreset(draft: CheckoutDraftDoc, pending: readonly FieldWrite[], country: string | null): FieldWrite[] {
  if (!country) return [];
  if ((draft.shippingDetails as Record<string, unknown>).country !== undefined) return [];
  if (pending.some((write) => write.section === 'shippingDetails' && write.field === 'country')) return [];
  return [{ section: 'shippingDetails', field: 'country', value: country }];
}

/**
 * The shipping address's name and phone, when nobody typed them yet, from Personal Details: most shoppers ship to
 * themselves, and the fields stay theirs to change.
 */
export function personalToShipping(draft: CheckoutDraftDoc): FieldWrite[] {
  const personal = draft.personalDetails as Record<string, { value?: unknown } | undefined>;
  const shipping = draft.shippingDetails as Record<string, unknown>;
  const writes: FieldWrite[] = [];
  for (const field of ['firstName', 'lastName', 'phoneNumber'] as const) {
    const value = personal[field]?.value;
    if (shipping[field] === undefined && typeof value === 'string' && value.trim() !== '') writes.push({ section: 'shippingDetails', field, value });
  }
  return writes;
}
