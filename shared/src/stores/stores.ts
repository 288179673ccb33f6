/** The shop's store views (spec 1 §1) and interface languages. */
export const STORE_CODES = ['nl', 'en'] as const;
export type StoreCode = (typeof STORE_CODES)[number];

export const LANGUAGES = ['en', 'nl', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * How each interface language writes a date and time (spec 1 §9: Dutch `HH:mm D/M/YYYY`; the spec names no other,
 * so English and German use their own day-first, 24-hour habits). Tokens: YYYY, M/MM, D/DD, H/HH, mm.
 */
export const DATE_FORMATS: Readonly<Record<Language, string>> = { nl: 'HH:mm D/M/YYYY', en: 'DD/MM/YYYY HH:mm', de: 'DD.MM.YYYY HH:mm' };

/** The shop's time zone: every date is shown as the time in Amsterdam, wherever the shopper or the server is. */
export const SHOP_TIME_ZONE = 'Europe/Amsterdam';

export interface StoreView {
  storeCode: StoreCode;
  storeId: number;
  name: string;
  url: string;
  i18n: {
    language: Language;
    country: string;
    locale: string;
    currencyCode: 'EUR';
    dateFormat: string;
  };
}

export const STORE_VIEWS: Readonly<Record<StoreCode, StoreView>> = {
  nl: {
    storeCode: 'nl',
    storeId: 2,
    name: 'Nederland',
    url: '/nl',
    i18n: { language: 'nl', country: 'NL', locale: 'nl-NL', currencyCode: 'EUR', dateFormat: DATE_FORMATS.nl },
  },
  en: {
    storeCode: 'en',
    storeId: 1,
    name: 'English',
    url: '/en',
    i18n: { language: 'en', country: 'NL', locale: 'en-GB', currencyCode: 'EUR', dateFormat: DATE_FORMATS.en },
  },
};

export const DEFAULT_STORE: StoreCode = 'nl';

export function isStoreCode(value: unknown): value is StoreCode {
  return typeof value === 'string' && (STORE_CODES as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
