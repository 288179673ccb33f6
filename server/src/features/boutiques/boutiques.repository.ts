/**
 * The `boutiques` and `appointments` tables (migration 015). A boutique keeps its opening hours as JSON; an
 * appointment holds its slot by the slot's UTC start, and the partial unique index `appointments_slot_uq`
 * (boutique_id, slot_start) where canceled_at is null lets one active appointment hold a slot, on both engines.
 */
import { OpeningHoursSchema, type Boutique, type BoutiqueInput, type OpeningHours } from '@shop/shared/forms/appointment.schema';
import { STORE_CODES, type StoreCode } from '@shop/shared';
import type { Generated, Selectable } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

export interface BoutiquesTable {
  id: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string | null;
  email: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  /** JSON: OpeningHours. */
  opening_hours: string;
  slot_minutes: number;
  /** `*` (every store) or store codes joined by commas. */
  stores: string;
  active: number;
  position: number;
  updated_at: number;
}

export interface AppointmentsTable {
  id: Generated<number>;
  submission_id: number;
  boutique_id: string;
  /** The boutique-local start, `YYYY-MM-DDTHH:mm`. */
  slot_local: string;
  slot_start: number;
  slot_end: number;
  reason: string;
  canceled_at: number | null;
  created_at: number;
}

type Tables = { boutiques: BoutiquesTable; appointments: AppointmentsTable };
type BoutiqueRow = Selectable<BoutiquesTable>;

/** A boutique as the shop keeps it: the public view plus whether it takes appointments. */
export interface StoredBoutique extends Boutique {
  active: boolean;
}

/** Hours that no longer parse (edited by hand in the database) read as closed, never as an error to shoppers. */
function hoursOf(text: string): OpeningHours {
  try {
    const parsed = OpeningHoursSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: closed.
  }
  return { weekly: {} };
}

function toBoutique(row: BoutiqueRow): StoredBoutique {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone ?? '',
    email: row.email ?? '',
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    timezone: row.timezone,
    opening_hours: hoursOf(row.opening_hours),
    slot_minutes: Number(row.slot_minutes),
    stores: row.stores === '*' ? [...STORE_CODES] : row.stores.split(',').filter(Boolean),
    position: Number(row.position),
    active: Number(row.active) === 1,
  };
}

/** The unique index refused a second active appointment on a slot (SQLite names the columns, PostgreSQL the index). */
export function isSlotTakenViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; constraint?: string } | undefined;
  if (e?.code === '23505') return e.constraint === 'appointments_slot_uq';
  return /UNIQUE constraint failed: appointments\.boutique_id, appointments\.slot_start/.test(e?.message ?? '');
}

export class BoutiquesRepository {
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<Tables>();
  }

  private on(trx: Trx | undefined) {
    return trx ? trx.withTables<Tables>() : this.db;
  }

  /** The boutiques in their order (position, then name); only active ones of `store` unless `all`. */
  async list(options: { all?: boolean; store?: StoreCode } = {}): Promise<StoredBoutique[]> {
    let query = this.db.selectFrom('boutiques').selectAll();
    if (!options.all) query = query.where('active', '=', 1);
    const boutiques = (await query.orderBy('position').orderBy('name').orderBy('id').execute()).map(toBoutique);
    return options.store ? boutiques.filter((boutique) => boutique.stores.includes(options.store!)) : boutiques;
  }

  async get(id: string, trx?: Trx): Promise<StoredBoutique | null> {
    const row = await this.on(trx).selectFrom('boutiques').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toBoutique(row) : null;
  }

  async count(): Promise<number> {
    const { n } = await this.db.selectFrom('boutiques').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Creates the boutique or replaces its fields; answers whether it was new. */
  async upsert(id: string, input: BoutiqueInput, trx?: Trx): Promise<{ created: boolean; boutique: StoredBoutique }> {
    const row = {
      name: input.name.trim(),
      street: input.street.trim(),
      zip: input.zip.trim(),
      city: input.city.trim(),
      country: input.country,
      phone: input.phone?.trim() || null,
      email: input.email?.trim() || null,
      latitude: input.latitude,
      longitude: input.longitude,
      timezone: input.timezone,
      opening_hours: JSON.stringify(input.opening_hours),
      slot_minutes: input.slot_minutes ?? 30,
      stores: input.stores ? [...new Set(input.stores)].join(',') : '*',
      active: input.active === false ? 0 : 1,
      position: input.position ?? 0,
      updated_at: this.now(),
    };
    const db = this.on(trx);
    const existing = await db.selectFrom('boutiques').select('id').where('id', '=', id).executeTakeFirst();
    await db
      .insertInto('boutiques')
      .values({ id, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
    return { created: !existing, boutique: (await this.get(id, trx))! };
  }

  /** Starts (UTC ms) of the active appointments of a boutique between two instants. */
  async takenStarts(boutiqueId: string, from: number, to: number, trx?: Trx): Promise<number[]> {
    const rows = await this.on(trx)
      .selectFrom('appointments')
      .select('slot_start')
      .where('boutique_id', '=', boutiqueId)
      .where('canceled_at', 'is', null)
      .where('slot_start', '>=', from)
      .where('slot_start', '<', to)
      .execute();
    return rows.map((row) => Number(row.slot_start));
  }

  /** Books a slot; a slot held by another active appointment throws (`isSlotTakenViolation`). */
  async insertAppointment(
    trx: Trx,
    appointment: { submissionId: number; boutiqueId: string; slot: string; start: number; end: number; reason: string },
  ): Promise<number> {
    const { id } = await trx
      .withTables<Tables>()
      .insertInto('appointments')
      .values({
        submission_id: appointment.submissionId,
        boutique_id: appointment.boutiqueId,
        slot_local: appointment.slot,
        slot_start: appointment.start,
        slot_end: appointment.end,
        reason: appointment.reason,
        canceled_at: null,
        created_at: this.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }
}
