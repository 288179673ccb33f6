import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, string>>('../../locales/*/offline.json', { eager: true, import: 'default' });

describe('offline texts', () => {
  it('have the same keys in en, nl and de', () => {
    const english = Object.keys(files['../../locales/en/offline.json']!).sort();
    expect(Object.keys(files['../../locales/nl/offline.json']!).sort()).toEqual(english);
    expect(Object.keys(files['../../locales/de/offline.json']!).sort()).toEqual(english);
  });

  it('keep the spec messages word for word in English', () => {
    const english = files['../../locales/en/offline.json']!;
    expect(english.pageUnavailable).toBe('The product, category or CMS page is not available in Offline mode. Redirecting to Home.');
    expect(english.listingUnavailable).toBe('No products synchronized for this category. Please come back while online!');
    expect(english.ok).toBe('OK');
  });
});
