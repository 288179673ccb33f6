import { z } from 'zod/mini';
import { LANGUAGES, STORE_CODES } from './stores.ts';

/** The query fields of a call that leads to a mail (shopper-locale.ts): both optional, an unknown value is refused. */
export const ShopperLocaleSchema = z.object({
  storeCode: z.optional(z.enum(STORE_CODES, `is not a store code (use ${STORE_CODES.join(' or ')})`)),
  language: z.optional(z.enum(LANGUAGES, `is not a language (use ${LANGUAGES.join(', ')})`)),
});
