/**
 * The appointment book (issue 17 §8, plan §4): the free slots of a boutique, and a booking. A booking is checked in
 * two steps: before the transaction its fields and that the slot is one the boutique offers (400); inside it, that no
 * active appointment holds the slot (409 `slot_taken`), then the inbox submission, the appointment, both mails and
 * the task receipt are written together. Two bookings of one slot at the same moment: on SQLite the second runs
 * after the first and finds it; on PostgreSQL the second's insert waits on the unique index `appointments_slot_uq`
 * and fails when the first commits. Either way it is answered 409 and nothing of it is kept.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type Language, type StoreCode } from '@shop/shared';
import { FIELD_MESSAGES, type FieldMessageKey } from '@shop/shared/account/account-fields';
import { checkAppointment, type AppointmentBody, type AppointmentReason, type BoutiqueSlots } from '@shop/shared/forms/appointment.schema';
import { INQUIRY_SUBMITTED } from '@shop/shared/forms/form-fields';
import { addDays, dayNumber, findSlot, localDate, MAX_SLOT_DAYS, slotsForDays, type Slot } from '@shop/shared/forms/slots';
import type { TaskAnswer } from '../../plugins/task-receipts.ts';
import type { Trx } from '../../storage/database.ts';
import { insertSubmission } from '../forms/inbox.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { appointmentConfirmationMail, appointmentNotificationMail } from './appointment-mails.ts';
import { isSlotTakenViolation, type BoutiquesRepository, type StoredBoutique } from './boutiques.repository.ts';

export const DEFAULT_SLOT_DAYS = 14;
const DAY_MS = 86_400_000;

/** A booking whose fields and slot passed: what the transaction writes. */
export interface CheckedBooking {
  boutique: StoredBoutique;
  slot: Slot;
  reason: AppointmentReason;
  name: string;
  email: string;
  phone: string;
  comments: string;
}

/** A 400 naming fields with their message keys (the form shows each on its field). */
export function fieldsRefused(fields: Partial<Record<string, FieldMessageKey>>): DomainError {
  const list = Object.entries(fields).map(([path, key]) => ({ path, key: key!, message: FIELD_MESSAGES[key!] }));
  return new DomainError('validation_failed', list.map((field) => `${field.path}: ${field.message}`).join('; '), { details: { fields: list } });
}

export function slotTaken(): DomainError {
  return new DomainError('slot_taken', FIELD_MESSAGES.slotTaken, { status: 409, details: { fields: [{ path: 'slot', key: 'slotTaken', message: FIELD_MESSAGES.slotTaken }] } });
}

export interface AppointmentBookOptions {
  boutiques: BoutiquesRepository;
  mailer: Mailer;
  /** Where the shop's notification goes, and in which language. */
  notify: { to: string; language: Language };
  /** PUBLIC_URL's host: the calendar uid's domain. */
  host: string;
  now: () => number;
}

export class AppointmentBook {
  constructor(private readonly options: AppointmentBookOptions) {}

  /** A boutique shoppers can book; 404 for an unknown or inactive one. */
  async boutique(id: string, store?: StoreCode): Promise<StoredBoutique> {
    const boutique = /^[a-z0-9-]{1,64}$/.test(id) ? await this.options.boutiques.get(id) : null;
    if (!boutique || !boutique.active || (store && !boutique.stores.includes(store))) throw new DomainError('not_found', 'There is no boutique with this id', { status: 404 });
    return boutique;
  }

  /** The free slots of `days` days from `from` (today in the boutique's zone when absent). */
  async slots(id: string, query: { from?: unknown; days?: unknown }): Promise<BoutiqueSlots> {
    const boutique = await this.boutique(id);
    const now = this.options.now();
    const from = query.from === undefined || query.from === '' ? localDate(now, boutique.timezone) : query.from;
    if (typeof from !== 'string' || dayNumber(from) === null) throw new DomainError('bad_request', 'from must be a date YYYY-MM-DD');
    const days = query.days === undefined || query.days === '' ? DEFAULT_SLOT_DAYS : Number(query.days);
    if (typeof query.days === 'object' || !Number.isInteger(days) || days < 1 || days > MAX_SLOT_DAYS) throw new DomainError('bad_request', `days must be a whole number from 1 to ${MAX_SLOT_DAYS}`);
    // Every local day lies within a day and a half either side of its UTC midnight.
    const start = dayNumber(from)! * DAY_MS - 1.5 * DAY_MS;
    const end = dayNumber(addDays(from, days))! * DAY_MS + 1.5 * DAY_MS;
    const taken = await this.options.boutiques.takenStarts(boutique.id, start, end);
    const options = { now, slotMinutes: boutique.slot_minutes, taken };
    return { boutique_id: boutique.id, timezone: boutique.timezone, as_of: now, days: slotsForDays(boutique.opening_hours, boutique.timezone, from, days, options) };
  }

  /** The field rules, then the slot: one the boutique offers now (taken or not: that is checked in the transaction). */
  async check(body: AppointmentBody, store: StoreCode): Promise<CheckedBooking> {
    const errors = checkAppointment(body);
    if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
    let boutique: StoredBoutique;
    try {
      boutique = await this.boutique(body.boutique_id, store);
    } catch {
      throw fieldsRefused({ boutique_id: 'required' });
    }
    const slot = findSlot(boutique.opening_hours, boutique.timezone, body.slot, { now: this.options.now(), slotMinutes: boutique.slot_minutes });
    if (!slot) throw fieldsRefused({ slot: 'slotUnavailable' });
    return { boutique, slot, reason: body.reason as AppointmentReason, name: body.name.trim(), email: body.email.trim(), phone: body.phone.trim(), comments: (body.comments ?? '').trim() };
  }

  /** Writes the booking inside the task's transaction; throws 409 when the slot is held. */
  async book(trx: Trx, booking: CheckedBooking, context: { taskId: string | null; store: StoreCode; language: Language; customerId: number | null }): Promise<TaskAnswer> {
    const { boutique, slot } = booking;
    const now = this.options.now();
    if ((await this.options.boutiques.takenStarts(boutique.id, slot.start, slot.start + 1, trx)).length > 0) throw slotTaken();
    const submissionId = await insertSubmission(
      trx,
      {
        kind: 'appointment',
        taskId: context.taskId ?? randomUUID(),
        store: context.store,
        language: context.language,
        customerId: context.customerId,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        data: { boutique_id: boutique.id, boutique_name: boutique.name, reason: booking.reason, slot: slot.slot, start: slot.start, end: slot.end, comments: booking.comments, terms: true },
      },
      now,
    );
    try {
      await this.options.boutiques.insertAppointment(trx, { submissionId, boutiqueId: boutique.id, slot: slot.slot, start: slot.start, end: slot.end, reason: booking.reason });
    } catch (error) {
      if (isSlotTakenViolation(error)) throw slotTaken();
      throw error;
    }
    const values = { submissionId, boutique, reason: booking.reason, start: slot.start, end: slot.end, name: booking.name, email: booking.email, phone: booking.phone, comments: booking.comments, host: this.options.host, now };
    await this.options.mailer.queue(trx, appointmentConfirmationMail(context.language, values));
    await this.options.mailer.queue(trx, appointmentNotificationMail(this.options.notify.language, this.options.notify.to, values));
    return {
      status: 200,
      body: {
        code: 200,
        result: {
          submission_id: submissionId,
          message: INQUIRY_SUBMITTED,
          appointment: { boutique_id: boutique.id, boutique_name: boutique.name, slot: slot.slot, start: slot.start, end: slot.end, timezone: boutique.timezone },
        },
      },
    };
  }
}
