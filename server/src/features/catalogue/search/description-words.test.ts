import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STORE_CODES } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../storage/database.ts';
import { generateCatalogue } from '../../../storage/seed/generator/generate-catalogue.ts';
import { openTestDatabase } from '../../../test/open-test-database.ts';
import { importCatalogue } from '../catalogue.import.ts';
import { loadIndexSources, loadSearchTexts } from '../catalogue.snapshot.ts';
import { DescriptionWords } from './description-words.ts';
import { tokenize } from './text.ts';

const distinct = (text: string) => [...new Set(tokenize(text))];

describe('descriptions held as their words', () => {
  it('gives each store its own description’s words, or those of the description given first', () => {
    const words = new DescriptionWords();
    words.add(3, { nl: 'Gouden ring, gouden band', en: 'Gold ring' });
    words.add(7, { en: 'Diamond earrings 0.5 ct' });
    words.add(9, {});
    words.add(12, { nl: 'Horloge' });
    expect(words.wordsOf(3, 'nl')).toEqual(['gouden', 'ring', 'band']);
    expect(words.wordsOf(3, 'en')).toEqual(['gold', 'ring']);
    expect(words.wordsOf(7, 'nl')).toEqual(distinct('Diamond earrings 0.5 ct'));
    expect(words.wordsOf(7, 'en')).toEqual(distinct('Diamond earrings 0.5 ct'));
    expect(words.wordsOf(12, 'en')).toEqual(['horloge']);
    for (const id of [0, 4, 9, 13]) expect(words.wordsOf(id, 'nl')).toEqual([]);
    expect(words.size).toBe(3);
    expect(() => words.add(12, { nl: 'again' })).toThrow();
  });

  it('keeps every product’s words as it grows past its first arrays and chunks', () => {
    const words = new DescriptionWords();
    const text = (id: number) => `product ${id} word${id % 97} shared words for all of them w${id}x`;
    for (let id = 1; id <= 4000; id++) words.add(id * 2, { nl: text(id), en: `en ${text(id)}` });
    for (let id = 1; id <= 4000; id++) {
      expect(words.wordsOf(id * 2, 'nl')).toEqual(distinct(text(id)));
      expect(words.wordsOf(id * 2, 'en')).toEqual(distinct(`en ${text(id)}`));
      expect(words.wordsOf(id * 2 + 1, 'en')).toEqual([]);
    }
  });
});

describe('the descriptions the index is built from', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-description-words-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  await importCatalogue(db, generateCatalogue({ seed: 3, productCount: 300 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
  afterAll(() => db.destroy());

  it('are the words of each product’s description in each store', async () => {
    const { descriptions } = await loadIndexSources(db);
    const texts = await loadSearchTexts(db);
    expect(descriptions.size).toBe(texts.size);
    for (const [id, entry] of texts) {
      for (const store of STORE_CODES) expect(descriptions.wordsOf(id, store)).toEqual(distinct(entry[store] ?? Object.values(entry)[0]!));
    }
  });
});
