/** The index's parts as a worker thread hands them over: a few buffers to transfer, whatever the catalogue's size. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRICE_FIELDS, type NormalizedSearch } from '@shop/shared';
import { migrateToLatest } from '../../../storage/database.ts';
import { generateCatalogue } from '../../../storage/seed/generator/generate-catalogue.ts';
import { openTestDatabase } from '../../../test/open-test-database.ts';
import { importCatalogue } from '../catalogue.import.ts';
import { assembleSnapshot, loadCatalogueWithSources, timeOf, type StoredProduct } from '../catalogue.snapshot.ts';
import { MAX_TEXT_DOCUMENTS, PostingBuffer, ProductIndex, buildIndexParts, centsColumn, indexTransferables, narrowColumn, type IndexParts, packPosting, postingDoc, postingFields, pricesAt, slotArray } from './product-index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-index-parts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the index parts a worker thread transfers', async () => {
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  await importCatalogue(db, generateCatalogue({ seed: 11, productCount: 600 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
  const { snapshot, sources } = await loadCatalogueWithSources(db, { ownConnection: false });
  const parts = buildIndexParts(snapshot, new Date('2026-11-01T00:00:00Z'), sources, 'NL');
  afterAll(() => db.destroy());

  it('keeps each keyword field’s document lists in one buffer, so the buffers to transfer do not grow with the keys', () => {
    const lists = [...parts.keywords.values()].reduce((sum, byKey) => sum + byKey.size, 0);
    const parents = parts.keywords.get('parentId')!;
    expect(parents.size).toBeGreaterThan(20);
    expect(new Set([...parents.values()].map((docs) => docs.buffer)).size).toBe(1);
    expect(indexTransferables(parts).length).toBeLessThan(lists / 2);
  });

  it('lists under each key exactly the documents with that value', () => {
    const parents = parts.keywords.get('parentId')!;
    for (const [key, docs] of parents) {
      const expected = snapshot.products.flatMap((p, doc) => (String(p.parent_id ?? 0) === key ? [doc] : []));
      expect([...docs]).toEqual(expected);
    }
    const brands = parts.keywords.get('brand')!;
    for (const [key, docs] of brands) {
      const expected = snapshot.products.flatMap((p, doc) => {
        const value = p.attributes.brand;
        return (Array.isArray(value) ? value : [value]).some((v) => v !== undefined && String(v) === key) ? [doc] : [];
      });
      expect([...docs]).toEqual(expected);
    }
  });

  it('holds each single-valued keyword field as a byte column that gives back every product’s value', () => {
    expect([...parts.keywordColumns.keys()].sort()).toEqual(Object.keys(COLUMN_VALUES).sort());
    for (const [field, column] of parts.keywordColumns) {
      expect(parts.keywords.has(field)).toBe(false);
      expect(column.slots.length).toBe(snapshot.products.length);
      snapshot.products.forEach((p, doc) => expect(column.keys[column.slots[doc]!]).toBe(COLUMN_VALUES[field]!(p)));
    }
    // The generated catalogue holds more than one value of each, so a column that mixed them up would show.
    for (const field of ['type_id', 'status', 'visibility', 'stock.is_in_stock', 'new', 'sale']) expect(parts.keywordColumns.get(field)!.keys.length).toBeGreaterThan(1);
  });

  it('filters on each value of a keyword column, however a filter spells it, the documents with that value', () => {
    const index = new ProductIndex(snapshot, parts);
    for (const [field, valueOf] of Object.entries(COLUMN_VALUES)) {
      const values = [...new Set(snapshot.products.map(valueOf))];
      for (const value of values) {
        const expected = snapshot.products.filter((p) => valueOf(p) === value).map((p) => p.id);
        const spellings: Array<string | number | boolean> = value === 'true' ? [true, 1, '1', 'true'] : value === 'false' ? [false, 'false'] : /^\d+$/.test(value) ? [Number(value), value] : [value];
        for (const spelling of spellings) expect(idsOf(index, { [field]: spelling }), `${field}=${String(spelling)}`).toEqual(expected);
      }
      const all = snapshot.products.map((p) => p.id);
      expect(idsOf(index, { [field]: values })).toEqual(all);
      // A boolean field reads anything but true, 1 and "1" as false (`keywordKey`).
      if (!values.includes('true')) expect(idsOf(index, { [field]: 'none of them' })).toEqual([]);
    }
    expect(idsOf(index, { status: 1, visibility: [2, 4], 'stock.is_in_stock': true })).toEqual(
      snapshot.products.filter((p) => p.status === 1 && [2, 4].includes(p.visibility) && p.stock.is_in_stock).map((p) => p.id),
    );
  });

  it('keeps the document lists of a keyword field with more values than a byte holds', () => {
    const many = assembleSnapshot({ ...snapshot, products: snapshot.products.map((p, doc) => ({ ...p, tax_class_id: 1000 + doc })) });
    const manyParts = buildIndexParts(many, new Date('2026-11-01T00:00:00Z'), sources, 'NL');
    expect(manyParts.keywordColumns.has('tax_class_id')).toBe(false);
    expect(manyParts.keywordColumns.has('status')).toBe(true);
    expect(manyParts.keywords.get('tax_class_id')!.size).toBe(many.products.length);
    const index = new ProductIndex(many, manyParts);
    expect(idsOf(index, { tax_class_id: [1000, 1007] })).toEqual([many.products[0]!.id, many.products[7]!.id]);
  });

  it('gives back each product’s prices and numbers from its narrowed columns', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const index = new ProductIndex(snapshot, parts);
    const served = pricesAt(snapshot, now, 'NL');
    const types = new Set<string>();
    snapshot.products.forEach((p, doc) => {
      expect(index.pricesOf(p.id)).toEqual(served(p));
      expect(parts.numeric.get('id')![doc]).toBe(p.id);
      expect(parts.numeric.get('status')![doc]).toBe(p.status);
      expect(parts.numeric.get('stock.qty')![doc]).toBe(p.stock.qty);
      expect(parts.numeric.get('created_at')![doc]).toBe(timeOf(p.created_at));
      expect(parts.numeric.get('case_height')![doc]).toBe(p.attributes.case_height ?? Number.NaN);
    });
    for (const column of parts.numeric.values()) types.add(column.constructor.name);
    expect(types).toContain('Uint8Array');
    // The prices with cents are held in whole cents, and read back as they were computed (above).
    for (const field of ['price', 'price_incl_tax', 'final_price_incl_tax', 'price_tax'] as const) {
      expect(parts.pricesInCents.has(field)).toBe(true);
      expect(parts.priceColumns[field]).toBeInstanceOf(Int32Array);
    }
    expect(snapshot.products.some((p) => !Number.isInteger(served(p).final_price_incl_tax))).toBe(true);
  });

  it('answers price filters, sorts and facets over whole cents as over the prices themselves', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const served = snapshot.products.map(pricesAt(snapshot, now, 'NL'));
    const asComputed = Object.fromEntries(PRICE_FIELDS.map((field) => [field, Float64Array.from(served, (p) => p[field])])) as IndexParts['priceColumns'];
    const plain = new ProductIndex(snapshot, {
      ...parts,
      priceColumns: asComputed,
      pricesInCents: new Set(),
      numeric: new Map([...parts.numeric].map(([field, column]) => [field, field in asComputed ? asComputed[field as keyof typeof asComputed] : column])),
    });
    const index = new ProductIndex(snapshot, parts);
    const requests: Array<Partial<NormalizedSearch>> = [
      { filters: { price: { gte: 1000, lt: 9000 } }, aggregate: ['price', 'final_price', 'price_incl_tax'], sort: { field: 'price', order: 'asc' } },
      { filters: { final_price_incl_tax: { gt: 24.2, lte: 6735.54 } }, aggregate: ['price'], sort: { field: 'final_price_incl_tax', order: 'desc' } },
      { filters: { special_price: { gt: 0 } }, aggregate: ['special_price', 'original_price_incl_tax'], sort: { field: 'final_price', order: 'asc' } },
      { query: 'horloge', aggregate: ['price'] },
    ];
    for (const request of requests) {
      const answer = (of: ProductIndex) => {
        const result = of.search({ ...searchRequest(of.size), ...request });
        return { ...result, hits: result.hits.map((hit) => [hit.product.id, hit.score]) };
      };
      const expected = answer(plain);
      expect(expected.total).toBeGreaterThan(0);
      expect(answer(index)).toEqual(expected);
    }
    for (const p of snapshot.products) expect(index.pricesOf(p.id)).toEqual(plain.pricesOf(p.id));
  });

  it('gives back each product’s facet values from its narrowed slots', () => {
    let checked = 0;
    for (const [code, facet] of parts.facets) {
      snapshot.products.forEach((p, doc) => {
        const value = p.attributes[code as keyof typeof p.attributes];
        const expected = value === undefined ? [] : Array.isArray(value) ? value : [value];
        const slots = facet.single ? (facet.single[doc] === -1 ? [] : [facet.single[doc]!]) : [...facet.slots!.subarray(facet.offsets![doc], facet.offsets![doc + 1])];
        expect(slots.map((slot) => facet.keys[slot])).toEqual(expected);
        checked += expected.length;
      });
    }
    expect(checked).toBeGreaterThan(600);
  });
});

/** Each single-valued keyword field's value, as a filter names it. */
const COLUMN_VALUES: Record<string, (p: StoredProduct) => string> = {
  type_id: (p) => p.type_id,
  status: (p) => String(p.status),
  visibility: (p) => String(p.visibility),
  'stock.is_in_stock': (p) => String(p.stock.is_in_stock),
  'stock.manage_stock': (p) => String(p.stock.manage_stock),
  tax_class_id: (p) => String(p.tax_class_id),
  ...Object.fromEntries((['new', 'sale', 'limited_edition', 'hide_price', 'is_bestseller', 'margin_product'] as const).map((flag) => [flag, (p: StoredProduct) => String(p.flags[flag])])),
};

/** A request for every product, in id order. */
function searchRequest(size: number): NormalizedSearch {
  return {
    entity: 'product',
    storeCode: 'nl',
    query: '',
    filters: {},
    sort: { field: 'id', order: 'asc' },
    size,
    start: 0,
    includeFields: [],
    excludeFields: [],
    aggregate: [],
    aggregationSize: 50,
  };
}

/** The ids of every product a filter matches, in id order. */
function idsOf(index: ProductIndex, filters: NormalizedSearch['filters']): number[] {
  return index.search({ ...searchRequest(index.size), filters }).hits.map((hit) => hit.product.id);
}

describe('numeric columns in the narrowest array that holds them exactly', () => {
  const narrowed = (values: number[]) => {
    const column = narrowColumn(Float64Array.from(values));
    return { type: column.constructor.name, values: [...column] };
  };

  it('keeps each value, at each width’s limits, and widens past them', () => {
    const cases: Array<[values: number[], type: string]> = [
      [[0, 255], 'Uint8Array'],
      [[0, 256], 'Uint16Array'],
      [[65535], 'Uint16Array'],
      [[65536], 'Int32Array'],
      [[-1, 1], 'Int32Array'],
      [[-(2 ** 31), 2 ** 31 - 1], 'Int32Array'],
      [[2 ** 31], 'Float32Array'],
      [[16, 40, Number.NaN], 'Float32Array'],
      [[-0], 'Float32Array'],
      [[2 ** 31 + 1], 'Float64Array'],
      [[0.5, 2 ** 24 + 1], 'Float64Array'],
      [[Date.parse('2025-12-31T23:56:53.000Z')], 'Float64Array'],
      [[16.7], 'Float64Array'],
    ];
    for (const [values, type] of cases) expect(narrowed(values)).toEqual({ type, values });
  });

  it('holds amounts in whole cents only when each reads back exactly', () => {
    const amounts = [0, 0.01, 0.1, 0.29, 1.15, 24.79, 6735.54, 14999.99, 227438.02, -12.34, 21474836.47, -21474836.48];
    const cents = centsColumn(Float64Array.from(amounts))!;
    expect(cents).toBeInstanceOf(Int32Array);
    expect([...cents].map((c) => c / 100)).toEqual(amounts);
    expect([...cents].map((c) => c / 100).every((amount, k) => Object.is(amount, amounts[k]))).toBe(true);
    for (const odd of [0.005, 1.001, Number.NaN, -0, 21474836.48, -21474836.49, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(centsColumn(Float64Array.from([1.5, odd])), String(odd)).toBeNull();
    }
    // Every amount of whole cents up to 1,000 euros reads back.
    const all = Float64Array.from({ length: 100_001 }, (_, c) => c / 100);
    expect([...centsColumn(all)!].every((c, k) => c / 100 === all[k])).toBe(true);
  });

  it('never holds a price in cents as a float32, which would change it', () => {
    for (const price of [6735.54, 0.1, 24.79, 227438.02, 14999.99]) {
      expect(Math.fround(price)).not.toBe(price);
      expect(narrowed([0, price])).toEqual({ type: 'Float64Array', values: [0, price] });
    }
  });
});

describe('facet slots in the narrowest array', () => {
  it('holds the highest slot and "none" at each width’s limit, and widens past it', () => {
    const cases: Array<[count: number, withNone: boolean, type: string]> = [
      [0x80, true, 'Int8Array'],
      [0x81, true, 'Int16Array'],
      [0x8000, true, 'Int16Array'],
      [0x8001, true, 'Int32Array'],
      [0x100, false, 'Uint8Array'],
      [0x101, false, 'Uint16Array'],
      [0x10000, false, 'Uint16Array'],
      [0x10001, false, 'Int32Array'],
    ];
    for (const [count, withNone, type] of cases) {
      const slots = slotArray(2, count, withNone);
      expect(slots.constructor.name).toBe(type);
      slots[0] = count - 1;
      slots[1] = withNone ? -1 : 0;
      expect([...slots]).toEqual([count - 1, withNone ? -1 : 0]);
    }
  });
});

describe('a text posting packed in one number', () => {
  it('gives back its document and field bits, at the extremes too, once stored as the index stores it', () => {
    const cases: Array<[number, number]> = [[0, 0], [0, 15], [1, 1], [MAX_TEXT_DOCUMENTS - 1, 0], [MAX_TEXT_DOCUMENTS - 1, 15], [123_456_789, 9]];
    const stored = Uint32Array.from(cases, ([doc, fields]) => packPosting(doc, fields));
    cases.forEach(([doc, fields], k) => {
      expect(postingDoc(stored[k]!)).toBe(doc);
      expect(postingFields(stored[k]!)).toBe(fields);
    });
  });
});

describe('the postings gathered while the text index is built', () => {
  it('gives back every posting in the order it came, across chunk boundaries, and lets go of them on the last pass', () => {
    for (const count of [0, 1, 7, 8, 9, 1000]) {
      const buffer = new PostingBuffer(3);
      const pushed: Array<[number, number]> = [];
      for (let k = 0; k < count; k++) {
        buffer.push(k % 13, k, k % 16);
        pushed.push([k % 13, packPosting(k, k % 16)]);
      }
      const read = (release: boolean) => {
        const seen: Array<[number, number]> = [];
        buffer.forEach((term, posting) => seen.push([term, posting]), release);
        return seen;
      };
      expect(read(false)).toEqual(pushed);
      expect(read(true)).toEqual(pushed);
      expect(buffer.length).toBe(0);
      expect(read(false)).toEqual([]);
    }
  });
});
