/**
 * Boutiques and the appointment form (issue 17 §8, plan §4): a boutique with its opening hours, the booking a shopper
 * sends (`POST /api/forms/appointment`) and its field rules (spec 2 §5 messages), run by the form and the server.
 */
import { z } from 'zod/mini';
import { STORE_CODES } from '../stores/stores.ts';
import { checkEmail, checkName, checkPhone, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, type FieldMessageKey } from '../account/account-fields.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Why a shopper comes (issue 17 §8). */
export const APPOINTMENT_REASONS = ['viewing', 'service', 'tradeInValuation', 'engagementRing'] as const;
export type AppointmentReason = (typeof APPOINTMENT_REASONS)[number];

export const COMMENTS_MAX_LENGTH = 2000;
export const PHONE_MAX_LENGTH = 40;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
export const SLOT_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d$/;

/** An opening range `["10:00", "18:00"]`, opening before closing (local time of the boutique). */
export const TimeRangeSchema = z
  .tuple([z.string().check(z.regex(TIME, 'must be a time HH:mm')), z.string().check(z.regex(TIME, 'must be a time HH:mm'))])
  .check(z.refine(([open, close]) => open < close, 'must open before it closes'));
export type TimeRange = z.infer<typeof TimeRangeSchema>;

const Ranges = z.array(TimeRangeSchema).check(z.maxLength(6, 'has at most 6 opening ranges a day'));
const DateSchema = z.string().check(z.regex(DATE, 'must be a date YYYY-MM-DD'));

/**
 * Opening hours: the ranges of each weekday (a day left out or empty is closed), dates the boutique is closed, and
 * dates with hours of their own (Christmas Eve). A special day wins over the week; a closed date wins over both.
 */
export const OpeningHoursSchema = z.object({
  weekly: z.object({
    mon: z.optional(Ranges),
    tue: z.optional(Ranges),
    wed: z.optional(Ranges),
    thu: z.optional(Ranges),
    fri: z.optional(Ranges),
    sat: z.optional(Ranges),
    sun: z.optional(Ranges),
  }),
  closed: z.optional(z.array(DateSchema).check(z.maxLength(366, 'has at most 366 dates'))),
  special: z.optional(z.record(DateSchema, Ranges).check(z.refine((days) => Object.keys(days).length <= 366, 'has at most 366 dates'))),
});
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`));
const required = (max: number) => z.string().check(z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));
export const BOUTIQUE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A boutique as the operator defines it (`PUT /api/admin/boutiques/:id`, `pnpm shop boutiques import`). */
export const BoutiqueInputSchema = z.object({
  name: required(120),
  street: required(200),
  zip: required(20),
  city: required(100),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as NL')),
  phone: z.optional(text(PHONE_MAX_LENGTH)),
  email: z.optional(text(EMAIL_MAX_LENGTH)),
  latitude: z.nullable(z.number().check(z.gte(-90), z.lte(90))),
  longitude: z.nullable(z.number().check(z.gte(-180), z.lte(180))),
  /** An IANA time zone; the server checks the runtime knows it. */
  timezone: required(64),
  opening_hours: OpeningHoursSchema,
  slot_minutes: z.optional(z.number().check(z.int(), z.gte(10), z.lte(240))),
  /** The stores whose locator and appointment form show it; left out: every store. */
  stores: z.optional(z.array(z.enum(STORE_CODES)).check(z.minLength(1, 'names at least one store'))),
  active: z.optional(z.boolean()),
  position: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100_000))),
});
export type BoutiqueInput = z.infer<typeof BoutiqueInputSchema>;

/** A boutique as `GET /api/boutiques` answers it. */
export const BoutiqueSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  timezone: z.string(),
  opening_hours: OpeningHoursSchema,
  slot_minutes: z.number(),
  stores: z.array(z.string()),
  position: z.number(),
});
export type Boutique = z.infer<typeof BoutiqueSchema>;

export const SlotSchema = z.object({ slot: z.string(), time: z.string(), start: z.number(), end: z.number() });

/** `GET /api/boutiques/:id/slots`: the free slots day by day, as of `as_of` (UTC ms). */
export const BoutiqueSlotsSchema = z.object({
  boutique_id: z.string(),
  timezone: z.string(),
  as_of: z.number(),
  days: z.array(z.object({ date: z.string(), slots: z.array(SlotSchema) })),
});
export type BoutiqueSlots = z.infer<typeof BoutiqueSlotsSchema>;

/**
 * The booking as sent. Its shape is checked by the schema (types, lengths); the field rules with the spec's messages
 * by `checkAppointment`, so a form and the server answer the same keys.
 */
export const AppointmentBodySchema = z.object({
  boutique_id: text(64),
  reason: text(40),
  slot: text(40),
  name: text(NAME_MAX_LENGTH * 2),
  email: text(EMAIL_MAX_LENGTH * 2),
  phone: text(PHONE_MAX_LENGTH),
  comments: z.optional(text(COMMENTS_MAX_LENGTH)),
  terms: z.boolean(),
});
export type AppointmentBody = z.infer<typeof AppointmentBodySchema>;

export type AppointmentField = 'boutique_id' | 'reason' | 'slot' | 'name' | 'email' | 'phone' | 'comments' | 'terms';

/** The answer of a booking: the inbox id, and the booked slot (what the thank-you shows). */
export const AppointmentResultSchema = z.object({
  submission_id: z.number(),
  message: z.string(),
  appointment: z.object({ boutique_id: z.string(), boutique_name: z.string(), slot: z.string(), start: z.number(), end: z.number(), timezone: z.string() }),
});
export type AppointmentResult = z.infer<typeof AppointmentResultSchema>;

/**
 * The spec 2 §5 rules of each field; an empty answer means the booking may be sent. Lengths are the schema's (the
 * form's inputs cannot exceed them).
 */
export function checkAppointment(values: {
  boutique_id?: string | null | undefined;
  reason?: string | null | undefined;
  slot?: string | null | undefined;
  name?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  terms?: boolean | null | undefined;
}): Partial<Record<AppointmentField, FieldMessageKey>> {
  const errors: Partial<Record<AppointmentField, FieldMessageKey>> = {};
  if (!values.boutique_id?.trim()) errors.boutique_id = 'required';
  if (!(APPOINTMENT_REASONS as readonly string[]).includes(values.reason ?? '')) errors.reason = 'required';
  if (!values.slot?.trim()) errors.slot = 'required';
  else if (!SLOT_PATTERN.test(values.slot)) errors.slot = 'slotUnavailable';
  const name = checkName(values.name);
  if (name) errors.name = name;
  const email = checkEmail(values.email);
  if (email) errors.email = email;
  const phone = checkPhone(values.phone);
  if (phone) errors.phone = phone;
  if (values.terms !== true) errors.terms = 'termsRequired';
  return errors;
}
