import type { Language, StoreCode } from '@shop/shared';
import { formatShopDate } from '@shop/shared/stores/date-format';
import { DEFAULT_STORE, LANGUAGES, STORE_VIEWS, isLanguage, isStoreCode } from '@shop/shared/stores/stores';
import i18next, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * Only the active language's texts are downloaded, in two parts: `common` for every page (header, home, cards)
 * and `catalogue` for category, product and search, fetched together with those pages' code.
 */
// Only the namespaces loaded through here: the cart, the offline shell and the account pages load their own
// (cart.json, offline.json, account.json) from their lazy chunks, and listing them here would put their file names
// into the first load.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/common.json', '../locales/*/catalogue.json']);
export type Namespace = 'common' | 'catalogue';
const wanted = new Set<Namespace>(['common']);
const LANGUAGE_KEY = 'shop.language';

export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The interface language: the shopper's own choice if they made one, else the store's language. */
export function languageFor(store: StoreCode): Language {
  return storedLanguage() ?? STORE_VIEWS[store].i18n.language;
}

async function ensureLoaded(language: Language): Promise<void> {
  await Promise.all(
    [...wanted].map(async (namespace) => {
      if (i18next.hasResourceBundle(language, namespace)) return;
      const load = loaders[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No ${namespace} texts for ${language}`);
      i18next.addResourceBundle(language, namespace, (await load()).default, true, true);
    }),
  );
}

/** Loads a namespace for the current language (and for every language switched to later). */
export async function loadNamespace(namespace: Namespace): Promise<void> {
  wanted.add(namespace);
  const language = i18next.language;
  if (isLanguage(language)) await ensureLoaded(language);
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'catalogue',
      partialBundledLanguages: true,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18next.on('languageChanged', (language) => {
      applyDocumentLanguage(language);
      bump();
    });
    i18next.store.on('added', bump);
    followOtherTabs();
  }
  await ensureLoaded(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18next;
}

export async function switchLanguage(language: Language, remember: boolean): Promise<void> {
  if (remember) rememberLanguage(language);
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
}

/** Keeps the shopper's language for every visit and tab. */
function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the switch still applies to this visit.
  }
}

/** A language chosen (or forgotten) in another tab applies in this one at once. */
function followOtherTabs(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_KEY && event.key !== null) return;
    const chosen = storedLanguage();
    const store = window.location.pathname.split('/')[1];
    const language = chosen ?? STORE_VIEWS[isStoreCode(store) ? store : DEFAULT_STORE].i18n.language;
    if (language !== i18next.language) void switchLanguage(language, false);
  });
}

export function localeOf(language: string): string {
  return isLanguage(language) ? LOCALES[language] : LOCALES.en;
}

/** A date and time as the interface language writes it (spec 1 §9: Dutch `HH:mm D/M/YYYY`), at the shop's time zone. */
export function formatDate(value: Date | number | string, language: string): string {
  return formatShopDate(value, isLanguage(language) ? language : 'en');
}

// Bumped when the language changes or texts arrive, so components re-render with the new texts.
let revision = 0;
const listeners = new Set<() => void>();
function bump(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

const currentRevision = () => revision;

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/**
 * The few lines of react-i18next this shop uses, on i18next itself: texts are loaded before the language
 * switches, so no Suspense or loading state is needed, and the home page stays inside its size budget.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const current = useSyncExternalStore(subscribe, currentRevision, currentRevision);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` stands for the language and loaded texts
  const t = useMemo(() => i18next.getFixedT(i18next.language), [current]);
  return { t, i18n: i18next };
}
