import type { Language } from '@shop/shared';

/** Each language named in itself, as a shopper looking for their own expects to find it. */
export const NATIVE_NAMES: Readonly<Record<Language, string>> = { en: 'English', nl: 'Nederlands', de: 'Deutsch' };
