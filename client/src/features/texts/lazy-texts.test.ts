import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyTexts } from './lazy-texts.ts';

describe('lazyTexts', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', supportedLngs: ['en', 'nl', 'de'], resources: {}, partialBundledLanguages: true });
  });

  it('loads only the active language, then each language switched to', async () => {
    const asked: string[] = [];
    const file = (language: string, hello: string) => async () => {
      asked.push(language);
      return { default: { hello } };
    };
    const texts = lazyTexts('demo', { '../../locales/en/demo.json': file('en', 'Hello'), '../../locales/nl/demo.json': file('nl', 'Hallo'), '../../locales/nl/other.json': file('nl', 'Wrong') });

    await texts.load();
    expect(i18next.getFixedT('en', 'demo')('hello')).toBe('Hello');
    expect(asked).toEqual(['en']);

    await i18next.changeLanguage('nl');
    await vi.waitFor(() => expect(i18next.getFixedT('nl', 'demo')('hello')).toBe('Hallo'));
    // Loaded once per language, however often it is asked for.
    await texts.load();
    expect(asked).toEqual(['en', 'nl']);
  });

  it('leaves a language without a file alone', async () => {
    const texts = lazyTexts('sparse', { '../../locales/en/sparse.json': async () => ({ default: { a: 'A' } }) });
    await i18next.changeLanguage('de');
    await texts.load();
    expect(i18next.hasResourceBundle('de', 'sparse')).toBe(false);
  });
});
