import { DEFAULT_STORE, STORE_VIEWS, isLanguage, type Language, type StoreCode } from './stores.ts';

/**
 * Where the shopper was when they asked for something the shop mails (a reset link, an order confirmation, the
 * newsletter welcome, the account welcome): their store, and their interface language when it is not the store's
 * own. The client sends it on every call that leads to a mail; the mail is written in that language with links into
 * that store.
 */
export interface ShopperLocale {
  storeCode: StoreCode;
  language?: Language;
}

/** The locale of a shopper in `store` whose interface speaks `interfaceLanguage` (the language only when it differs). */
export function shopperLocale(store: StoreCode, interfaceLanguage: string | null | undefined): ShopperLocale {
  return isLanguage(interfaceLanguage) && interfaceLanguage !== STORE_VIEWS[store].i18n.language ? { storeCode: store, language: interfaceLanguage } : { storeCode: store };
}

/** The language a mail to that shopper is written in: theirs if given, else their store's (the default store's). */
export function mailLanguage(locale: { storeCode?: StoreCode | undefined; language?: Language | undefined | null }): Language {
  return locale.language ?? STORE_VIEWS[locale.storeCode ?? DEFAULT_STORE].i18n.language;
}

/** `storeCode=en&language=de`: the query of a call that leads to a mail, from the store and the interface language. */
export function shopperLocaleQuery(store: StoreCode, interfaceLanguage: string | null | undefined): string {
  const locale = shopperLocale(store, interfaceLanguage);
  return `storeCode=${locale.storeCode}${locale.language ? `&language=${locale.language}` : ''}`;
}
