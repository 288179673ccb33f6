/**
 * The store and language of a call that leads to a mail (`?storeCode=&language=`, shared/stores/shopper-locale.ts):
 * both optional (the default store and its language), an unknown value is a 400 naming the field.
 */
import { DEFAULT_STORE, DomainError, type Language, type StoreCode } from '@shop/shared';
import { mailLanguage } from '@shop/shared/stores/shopper-locale';
import { ShopperLocaleSchema } from '@shop/shared/stores/shopper-locale.schema';
import { describeIssues } from '../replication/replication.protocol.ts';

export interface MailLocale {
  store: StoreCode;
  language: Language;
}

/** The route schema's description of the two query fields. */
export const MAIL_LOCALE_QUERY = {
  storeCode: { type: 'string', description: 'The store the shopper used (nl when absent): links in the mail go there' },
  language: { type: 'string', description: "The shopper's interface language when it is not the store's: the mail's language" },
} as const;

export function mailLocaleOf(query: Record<string, unknown>): MailLocale {
  const given = { storeCode: query.storeCode === '' ? undefined : query.storeCode, language: query.language === '' ? undefined : query.language };
  const parsed = ShopperLocaleSchema.safeParse(given);
  if (!parsed.success) throw new DomainError('bad_request', `Invalid query: ${describeIssues(parsed.error)}`);
  const store = parsed.data.storeCode ?? DEFAULT_STORE;
  return { store, language: mailLanguage({ storeCode: store, language: parsed.data.language }) };
}
