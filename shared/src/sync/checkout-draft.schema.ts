import { z } from 'zod/mini';
import { lwwSchema, ReplicatedDocumentShape } from './document.schema.ts';

const text = z.optional(lwwSchema(z.string()));
const flag = z.optional(lwwSchema(z.boolean()));
const nullableNumber = z.optional(lwwSchema(z.nullable(z.number())));

/**
 * What the shopper typed into checkout (spec 2 §3 "Checkout"), each field a last-writer-wins register
 * `{ value, at, replica }` (decision 010). A missing field was never typed. The password is never stored in a
 * replicated document: it stays in the form.
 */
export const PersonalDetailsDraftSchema = z.object({
  firstName: text,
  lastName: text,
  emailAddress: text,
  phoneNumber: text,
  createAccount: flag,
});

const addressDraftShape = {
  firstName: text,
  lastName: text,
  country: text,
  streetAddress: text,
  apartmentNumber: text,
  city: text,
  state: text,
  region_id: nullableNumber,
  zipCode: text,
  phoneNumber: text,
  company: text,
  vatId: text,
};

export const ShippingDetailsDraftSchema = z.object({ ...addressDraftShape, shippingMethod: text });

export const PaymentDetailsDraftSchema = z.object({
  ...addressDraftShape,
  taxId: text,
  paymentMethod: text,
  /** Method-specific extras, e.g. the iDEAL issuer id, replaced as a whole. */
  paymentMethodAdditional: z.optional(lwwSchema(z.record(z.string(), z.string()))),
});

export const CheckoutDraftDocSchema = z.object({
  ...ReplicatedDocumentShape,
  personalDetails: PersonalDetailsDraftSchema,
  shippingDetails: ShippingDetailsDraftSchema,
  paymentDetails: PaymentDetailsDraftSchema,
});
export type CheckoutDraftDoc = z.infer<typeof CheckoutDraftDocSchema>;
export type PersonalDetailsDraft = z.infer<typeof PersonalDetailsDraftSchema>;
export type ShippingDetailsDraft = z.infer<typeof ShippingDetailsDraftSchema>;
export type PaymentDetailsDraft = z.infer<typeof PaymentDetailsDraftSchema>;

export const CHECKOUT_DRAFT_SECTIONS = ['personalDetails', 'shippingDetails', 'paymentDetails'] as const;
export type CheckoutDraftSection = (typeof CHECKOUT_DRAFT_SECTIONS)[number];

export const CHECKOUT_DRAFT_COLLECTION_VERSION = 0;
export const CHECKOUT_DRAFT_SERVER_OWNED_FIELDS = [] as const satisfies ReadonlyArray<keyof CheckoutDraftDoc>;
export const CHECKOUT_DRAFT_INDEXES = [] as const;
