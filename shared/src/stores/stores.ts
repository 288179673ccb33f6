/** The shop's store views (spec 1 §1) and interface languages. */
export const STORE_CODES = ['nl', 'en'] as const;
export type StoreCode = (typeof STORE_CODES)[number];

export const LANGUAGES = ['en', 'nl', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

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
    i18n: { language: 'nl', country: 'NL', locale: 'nl-NL', currencyCode: 'EUR', dateFormat: 'HH:mm D/M/YYYY' },
  },
  en: {
    storeCode: 'en',
    storeId: 1,
    name: 'English',
    url: '/en',
    i18n: { language: 'en', country: 'NL', locale: 'en-GB', currencyCode: 'EUR', dateFormat: 'HH:mm D/M/YYYY' },
  },
};

export const DEFAULT_STORE: StoreCode = 'nl';

export function isStoreCode(value: unknown): value is StoreCode {
  return typeof value === 'string' && (STORE_CODES as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
