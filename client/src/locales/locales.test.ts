import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('have the same keys in en, nl and de in every namespace, and no empty text', () => {
    const namespaces = Object.keys(files).filter((file) => file.startsWith('./en/')).map((file) => file.slice('./en/'.length, -'.json'.length));
    expect(namespaces.length).toBeGreaterThan(15);
    for (const namespace of namespaces) {
      const english = keys(files[`./en/${namespace}.json`]).sort();
      expect(english.length, namespace).toBeGreaterThan(1);
      // German and Dutch plurals use the same _one/_other forms as English.
      for (const language of ['nl', 'de']) {
        const file = files[`./${language}/${namespace}.json`];
        expect(keys(file).sort(), `${language}/${namespace}`).toEqual(english);
        for (const key of english) expect(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file), `${language}/${namespace}: ${key}`).not.toBe('');
      }
    }
  });

  it('keep the spec messages word for word in English', () => {
    const common = files['./en/common.json'] as { notFound: { message: string } };
    const catalogue = files['./en/catalogue.json'] as { search: { minChars: string }; product: { noVariants: string }; breadcrumbs: { back: string; youAreHere: string } };
    expect(common.notFound.message).toBe("Unfortunately we can't find the page");
    expect(catalogue.search.minChars).toBe('Searched term should consist of at least 3 characters');
    expect(catalogue.product.noVariants).toBe('No available product variants');
    expect([catalogue.breadcrumbs.back, catalogue.breadcrumbs.youAreHere]).toEqual(['Back', 'You are here:']);
  });

  it('address the Dutch shopper formally ("u", "uw"), never as "je", "jij" or "jouw", in every namespace', () => {
    const texts = (value: unknown, path: string): Array<[string, string]> =>
      typeof value === 'string' ? [[path, value]] : typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => texts(child, `${path}.${key}`)) : [];
    const dutch = Object.entries(files).filter(([file]) => file.startsWith('./nl/'));
    expect(dutch.length).toBeGreaterThan(10);
    const informal = dutch.flatMap(([file, content]) => texts(content, file)).filter(([, text]) => /\b(je|jij|jou|jouw|jezelf)\b/i.test(text));
    expect(informal).toEqual([]);
  });
});
