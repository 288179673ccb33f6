/**
 * The demo shop's two boutiques (Amsterdam and Rotterdam, Europe/Amsterdam), written at start when SEED_DEMO is on
 * and the shop has no boutique yet: a shop with its own boutiques (PUT /api/admin/boutiques/:id, `pnpm shop
 * boutiques import`) is left alone.
 */
import type { BoutiqueInput, OpeningHours } from '@shop/shared/forms/appointment.schema';
import type { Db } from '../../storage/database.ts';
import { BoutiquesRepository } from './boutiques.repository.ts';

const HOLIDAYS: Pick<OpeningHours, 'closed' | 'special'> = {
  closed: ['2026-12-25', '2026-12-26', '2027-01-01'],
  special: { '2026-12-24': [['10:00', '16:00']], '2026-12-31': [['10:00', '16:00']] },
};

export const DEMO_BOUTIQUES: ReadonlyArray<{ id: string } & BoutiqueInput> = [
  {
    id: 'amsterdam',
    name: 'Horloge & Diamant Amsterdam',
    street: 'P.C. Hooftstraat 48',
    zip: '1071 BZ',
    city: 'Amsterdam',
    country: 'NL',
    phone: '+31 20 555 0148',
    email: 'amsterdam@horloge-diamant.example',
    latitude: 52.3597,
    longitude: 4.8803,
    timezone: 'Europe/Amsterdam',
    opening_hours: {
      weekly: {
        mon: [['12:00', '18:00']],
        tue: [['10:00', '18:00']],
        wed: [['10:00', '18:00']],
        thu: [['10:00', '21:00']],
        fri: [['10:00', '18:00']],
        sat: [['10:00', '17:00']],
        sun: [['12:00', '17:00']],
      },
      ...HOLIDAYS,
    },
    slot_minutes: 30,
    position: 1,
  },
  {
    id: 'rotterdam',
    name: 'Horloge & Diamant Rotterdam',
    street: 'Lijnbaan 112',
    zip: '3012 ER',
    city: 'Rotterdam',
    country: 'NL',
    phone: '+31 10 555 0112',
    email: 'rotterdam@horloge-diamant.example',
    latitude: 51.9199,
    longitude: 4.4753,
    timezone: 'Europe/Amsterdam',
    opening_hours: {
      weekly: {
        tue: [['10:00', '18:00']],
        wed: [['10:00', '18:00']],
        thu: [['10:00', '18:00']],
        fri: [['10:00', '21:00']],
        sat: [['10:00', '17:00']],
      },
      ...HOLIDAYS,
    },
    slot_minutes: 30,
    position: 2,
  },
];

/** Writes the demo boutiques when there is none; answers how many were written. */
export async function seedBoutiquesIfEmpty(db: Db, now: () => number): Promise<number> {
  const boutiques = new BoutiquesRepository(db, now);
  if ((await boutiques.count()) > 0) return 0;
  for (const { id, ...input } of DEMO_BOUTIQUES) await boutiques.upsert(id, input);
  return DEMO_BOUTIQUES.length;
}
