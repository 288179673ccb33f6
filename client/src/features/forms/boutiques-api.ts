/**
 * The boutiques and their free slots (issue 17 §8): read from the shop, and kept on this device so the appointment
 * form and the store locator still show them offline, the slots marked with the time they were true ("availability
 * as of …"; the shop decides when the booking arrives). Also the texts of the `appointments` namespace.
 */
import type { StoreCode } from '@shop/shared';
import type { Boutique, BoutiqueSlots } from '@shop/shared/forms/appointment.schema';
import { apiGet } from '../../app/api.ts';
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('appointments', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/appointments.json'));
export const useAppointmentTexts = texts.useReady;
export const loadAppointmentTexts = texts.load;

const CACHE_PREFIX = 'shop.appointments.';

function remember(key: string, value: unknown): void {
  try {
    localStorage.setItem(CACHE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the answer is only not kept.
  }
}

function recall<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(CACHE_PREFIX + key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** A fresh answer, or the last one kept on this device when the shop cannot be reached (`cached`). */
export interface Loaded<T> {
  value: T;
  cached: boolean;
}

async function fresh<T>(key: string, load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    const value = await load();
    remember(key, value);
    return { value, cached: false };
  } catch (error) {
    const kept = recall<T>(key);
    if (kept !== null) return { value: kept, cached: true };
    throw error;
  }
}

export function loadBoutiques(store: StoreCode, signal?: AbortSignal): Promise<Loaded<Boutique[]>> {
  return fresh(`boutiques.${store}`, () => apiGet<Boutique[]>(`/api/boutiques?store=${store}`, signal));
}

/** The free slots of the next `days` days (today in the boutique's zone first). */
export function loadSlots(boutiqueId: string, days = 14, signal?: AbortSignal): Promise<Loaded<BoutiqueSlots>> {
  return fresh(`slots.${boutiqueId}`, () => apiGet<BoutiqueSlots>(`/api/boutiques/${encodeURIComponent(boutiqueId)}/slots?days=${days}`, signal));
}
