import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../account/account-fields.ts';
import { AppointmentBodySchema, BoutiqueInputSchema, checkAppointment } from './appointment.schema.ts';

const GOOD = {
  boutique_id: 'amsterdam',
  reason: 'viewing',
  slot: '2026-06-17T10:30',
  name: 'Anna de Vries',
  email: 'anna@example.com',
  phone: '+31 6 12345678',
  comments: '',
  terms: true,
};

describe('checkAppointment', () => {
  it('passes a complete booking', () => {
    expect(checkAppointment(GOOD)).toEqual({});
    expect(AppointmentBodySchema.safeParse(GOOD).success).toBe(true);
  });

  it('answers every field rule with the spec message key', () => {
    const errors = checkAppointment({ boutique_id: ' ', reason: 'lunch', slot: '', name: 'A', email: 'anna@', phone: ' ', terms: false });
    expect(errors).toEqual({ boutique_id: 'required', reason: 'required', slot: 'required', name: 'nameMinLength', email: 'emailInvalid', phone: 'phoneRequired', terms: 'termsRequired' });
    expect(checkAppointment({ ...GOOD, name: 'Anna 2' }).name).toBe('alphabetOnly');
    expect(checkAppointment({ ...GOOD, name: '' }).name).toBe('required');
    expect(checkAppointment({ ...GOOD, email: '' }).email).toBe('required');
    expect(checkAppointment({ ...GOOD, slot: '2026-06-17 10:30' }).slot).toBe('slotUnavailable');
    expect(checkAppointment({ ...GOOD, terms: null }).terms).toBe('termsRequired');
  });

  it('pins the spec texts word for word', () => {
    expect(FIELD_MESSAGES.required).toBe('Field is required');
    expect(FIELD_MESSAGES.nameMinLength).toBe('Name must have at least 2 letters');
    expect(FIELD_MESSAGES.emailInvalid).toBe('Please provide valid e-mail address');
    expect(FIELD_MESSAGES.phoneRequired).toBe('Phone number is required');
    expect(FIELD_MESSAGES.termsRequired).toBe('You must accept the terms and conditions');
    expect(FIELD_MESSAGES.slotTaken).toBe('This time was just booked by someone else. Please choose another time.');
    expect(FIELD_MESSAGES.slotUnavailable).toBe('This time is not available. Please choose another time.');
  });

  it('refuses a body of the wrong shape', () => {
    expect(AppointmentBodySchema.safeParse({ ...GOOD, terms: 'yes' }).success).toBe(false);
    expect(AppointmentBodySchema.safeParse({ ...GOOD, comments: 'x'.repeat(2001) }).success).toBe(false);
    expect(AppointmentBodySchema.safeParse({ ...GOOD, phone: '1'.repeat(41) }).success).toBe(false);
  });
});

describe('BoutiqueInputSchema', () => {
  it('takes a boutique with opening hours and refuses a bad country or hours', () => {
    const boutique = {
      name: 'Amsterdam',
      street: 'P.C. Hooftstraat 12',
      zip: '1071 BX',
      city: 'Amsterdam',
      country: 'NL',
      phone: '+31 20 123 4567',
      email: 'amsterdam@example.com',
      latitude: 52.36,
      longitude: 4.88,
      timezone: 'Europe/Amsterdam',
      opening_hours: { weekly: { mon: [['10:00', '18:00']] } },
    };
    expect(BoutiqueInputSchema.safeParse(boutique).success).toBe(true);
    expect(BoutiqueInputSchema.safeParse({ ...boutique, country: 'nl' }).success).toBe(false);
    expect(BoutiqueInputSchema.safeParse({ ...boutique, opening_hours: { weekly: { mon: [['10:00']] } } }).success).toBe(false);
    expect(BoutiqueInputSchema.safeParse({ ...boutique, slot_minutes: 5 }).success).toBe(false);
  });
});
