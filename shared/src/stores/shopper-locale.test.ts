import { describe, expect, it } from 'vitest';
import { ShopperLocaleSchema } from './shopper-locale.schema.ts';
import { mailLanguage, shopperLocale, shopperLocaleQuery } from './shopper-locale.ts';

describe('the shopper locale of a mail', () => {
  it('names the store, and the interface language only when it is not the store’s', () => {
    expect(shopperLocale('en', 'en')).toEqual({ storeCode: 'en' });
    expect(shopperLocale('en', 'de')).toEqual({ storeCode: 'en', language: 'de' });
    expect(shopperLocale('nl', 'en')).toEqual({ storeCode: 'nl', language: 'en' });
    expect(shopperLocale('nl', 'fr')).toEqual({ storeCode: 'nl' });
    expect(shopperLocaleQuery('en', 'de')).toBe('storeCode=en&language=de');
    expect(shopperLocaleQuery('nl', 'nl')).toBe('storeCode=nl');
  });

  it('writes the mail in the shopper’s language, else the store’s, else the default store’s', () => {
    expect(mailLanguage({ storeCode: 'en' })).toBe('en');
    expect(mailLanguage({ storeCode: 'en', language: 'de' })).toBe('de');
    expect(mailLanguage({ storeCode: 'nl', language: null })).toBe('nl');
    expect(mailLanguage({})).toBe('nl');
  });

  it('refuses an unknown store or language', () => {
    expect(ShopperLocaleSchema.safeParse({ storeCode: 'en', language: 'de' }).success).toBe(true);
    expect(ShopperLocaleSchema.safeParse({}).success).toBe(true);
    expect(ShopperLocaleSchema.safeParse({ storeCode: 'fr' }).success).toBe(false);
    expect(ShopperLocaleSchema.safeParse({ language: 'DE' }).success).toBe(false);
  });
});
