/**
 * The shopper's country, one for every open page and tab (issue 14, decision 037): the location service's answer,
 * replaced by the checkout's shipping country once the shopper gives one (a shopper shipping to Germany pays German
 * VAT). Both are remembered in localStorage, so an offline start prices as the last visit did, and the `storage`
 * event carries a change to every other tab; this tab's pages hear it through `subscribeShopperMarket`. Kept free of
 * the shared rules (and zod): the home page's first load reads it.
 */
import type { CurrencyCode, VisitorLocation } from '@shop/shared';
import { useSyncExternalStore } from 'react';

/** Spec 2 §4: the location's country is remembered, and restored on the next load before the service answers. */
export const COUNTRY_KEY = 'countryCode';
/** The last full location answer (country, VAT, currency, rate): an offline start uses it, not the spec's flat default. */
export const LOCATION_KEY = 'shopperLocation';
/** The checkout's shipping country as a market, once the shopper chose one. */
export const SHIP_TO_KEY = 'shopperShipTo';

/** Where the shopper buys: the country whose VAT the prices carry and the currency they are shown in. */
export interface ShopperMarket {
  country: string;
  currency: CurrencyCode;
  /** Units of `currency` per catalogue euro, when known (the location answer's, or the server totals'). */
  rate?: number | undefined;
}

interface Snapshot {
  location: VisitorLocation | null;
  shipTo: ShopperMarket | null;
  /** The market prices follow: the shipping country's when given, else the location's; null before either is known. */
  market: ShopperMarket | null;
}

const CURRENCIES: readonly string[] = ['EUR', 'GBP', 'USD', 'SEK', 'DKK'];

function readJson(key: string): Record<string, unknown> | null {
  try {
    const text = localStorage.getItem(key);
    const value: unknown = text === null ? null : JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A stored market, checked: a country code, a known currency, a positive rate if any. */
function marketOf(value: Record<string, unknown> | null, countryField: 'country' | 'country_code'): ShopperMarket | null {
  const country = value?.[countryField];
  const currency = value?.currency;
  const rate = value?.rate;
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country) || typeof currency !== 'string' || !CURRENCIES.includes(currency)) return null;
  return { country, currency: currency as CurrencyCode, ...(typeof rate === 'number' && rate > 0 ? { rate } : {}) };
}

/** The shop's stored rates per currency, checked: known currencies with positive rates only. */
function ratesOf(value: unknown): Partial<Record<CurrencyCode, number>> | null {
  if (value === null || typeof value !== 'object') return null;
  const rates = Object.fromEntries(Object.entries(value).filter(([currency, rate]) => CURRENCIES.includes(currency) && typeof rate === 'number' && rate > 0));
  return Object.keys(rates).length > 0 ? (rates as Partial<Record<CurrencyCode, number>>) : null;
}

/** Units of `currency` per catalogue euro as the shop last announced it, when known. */
export function shopRate(currency: CurrencyCode): number | undefined {
  const location = current().location;
  return location?.rates?.[currency] ?? (location?.currency === currency ? location.rate : undefined);
}

function read(): Snapshot {
  const stored = readJson(LOCATION_KEY);
  const located = marketOf(stored, 'country_code');
  const rates = ratesOf(stored?.rates);
  const location: VisitorLocation | null =
    located && stored && typeof stored.vat === 'number' ? { country_code: located.country, vat: stored.vat, currency: located.currency, ...(located.rate ? { rate: located.rate } : {}), ...(rates ? { rates } : {}) } : null;
  const shipTo = marketOf(readJson(SHIP_TO_KEY), 'country');
  const fromLocation = location ? { country: location.country_code, currency: location.currency, rate: location.rate } : null;
  return { location, shipTo, market: shipTo ?? fromLocation };
}

let snapshot: Snapshot | null = null;
/** The stored texts `snapshot` was read from: a read again only when they change (one object per state, as React needs). */
let storedTexts = '';
const listeners = new Set<() => void>();

function rawTexts(): string {
  try {
    return `${localStorage.getItem(LOCATION_KEY) ?? ''}\n${localStorage.getItem(SHIP_TO_KEY) ?? ''}`;
  } catch {
    return storedTexts;
  }
}

function current(): Snapshot {
  const texts = rawTexts();
  if (snapshot === null || texts !== storedTexts) {
    // Storage holds the truth (another tab, or storage cleared); a value storage refused stays in `snapshot`.
    if (snapshot === null || texts !== storedTexts) snapshot = read();
    storedTexts = texts;
  }
  return snapshot;
}

/** Whether two markets price alike. */
export function sameShopperMarket(a: ShopperMarket | null, b: ShopperMarket | null): boolean {
  return a === b || (a !== null && b !== null && a.country === b.country && a.currency === b.currency);
}

/** A short key of a market for caches and effects ('' before the country is known). */
export function marketKey(market: ShopperMarket | null): string {
  return market ? `${market.country}:${market.currency}` : '';
}

function reload(): void {
  const before = snapshot?.market ?? null;
  snapshot = read();
  storedTexts = rawTexts();
  // Listeners hear a change of market; a new rate alone re-renders nothing.
  if (!sameShopperMarket(before, snapshot.market) || (before && snapshot.market && before.rate !== snapshot.market.rate)) for (const listener of listeners) listener();
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode may refuse storage: the value still holds for this tab (below).
  }
}

/** The market the shop's prices follow now, or null before the location is known (the catalogue's prices show). */
export function shopperMarket(): ShopperMarket | null {
  return current().market;
}

/** The last location answer remembered (an offline start's location). */
export function rememberedLocation(): VisitorLocation | null {
  return current().location;
}

/** The location service's answer: remembered for the next visit and every tab. */
export function rememberLocation(location: VisitorLocation): void {
  const before = current();
  const known = before.location;
  if (known && JSON.stringify(known) === JSON.stringify(location)) return;
  write(LOCATION_KEY, location);
  try {
    localStorage.setItem(COUNTRY_KEY, location.country_code);
  } catch {
    // As above.
  }
  snapshot = read();
  storedTexts = rawTexts();
  // Storage refused: keep it in this tab at least.
  if (!snapshot.location) snapshot = { ...before, location, market: before.shipTo ?? { country: location.country_code, currency: location.currency, rate: location.rate } };
  if (!sameShopperMarket(before.market, snapshot.market) || before.market?.rate !== snapshot.market?.rate) for (const listener of listeners) listener();
}

/** The checkout's shipping country as a market (null: none given, the location counts again). */
export function setShipToMarket(market: ShopperMarket | null): void {
  const before = current();
  if (sameShopperMarket(before.shipTo, market) && before.shipTo?.rate === market?.rate) return;
  write(SHIP_TO_KEY, market);
  snapshot = read();
  storedTexts = rawTexts();
  if (!sameShopperMarket(snapshot.shipTo, market)) snapshot = { ...snapshot, shipTo: market, market: market ?? snapshot.market };
  if (!sameShopperMarket(before.market, snapshot.market) || before.market?.rate !== snapshot.market?.rate) for (const listener of listeners) listener();
}

/** Hears every change of the shopper's market, in this tab or another. */
export function subscribeShopperMarket(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab changed the location or the shipping country: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === LOCATION_KEY || event.key === SHIP_TO_KEY) reload();
  });
}

/** For tests: forget what this module read (a test clears localStorage between cases). */
export function resetShopperMarketForTests(): void {
  snapshot = null;
  storedTexts = '';
}

let renderedMarket: ShopperMarket | null = null;
const marketRendered = (): ShopperMarket | null => renderedMarket;

/**
 * The market a server-rendered page was rendered for (its request's location, decision 048): the server renders its
 * prices with it, and the browser hydrates with it.
 */
export function renderForLocation(location: VisitorLocation | null): void {
  renderedMarket = location ? { country: location.country_code, currency: location.currency, ...(location.rate ? { rate: location.rate } : {}) } : null;
}

/** The shopper's market, live: a component re-renders when it changes here or in another tab. */
export function useShopperMarket(): ShopperMarket | null {
  // A server-rendered page knows the market of its request's location; the stored one follows right after hydration.
  return useSyncExternalStore(subscribeShopperMarket, shopperMarket, marketRendered);
}
