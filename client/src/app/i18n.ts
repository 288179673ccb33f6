import { LANGUAGES, STORE_VIEWS, isLanguage, type Language, type StoreCode } from '@shop/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Only the active language's texts are downloaded; each locale file is its own chunk. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/common.json');
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
  if (i18next.hasResourceBundle(language, 'common')) return;
  const load = loaders[`../locales/${language}/common.json`];
  if (!load) throw new Error(`No texts for ${language}`);
  const module = await load();
  i18next.addResourceBundle(language, 'common', module.default, true, true);
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: {},
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
    i18next.on('languageChanged', applyDocumentLanguage);
  }
  await ensureLoaded(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18next;
}

export async function switchLanguage(language: Language, remember: boolean): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Private mode may refuse storage; the switch still applies to this visit.
    }
  }
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
}

export function localeOf(language: string): string {
  return isLanguage(language) ? LOCALES[language] : LOCALES.en;
}
