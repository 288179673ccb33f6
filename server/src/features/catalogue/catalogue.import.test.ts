import { checkCatalogueImport, type SourceCatalogue } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../storage/database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { catalogueJson, exportCatalogue } from './catalogue.export.ts';
import { categoryPaths, categoryUrlPaths, importCatalogue } from './catalogue.import.ts';
import { findUrlRewrite, loadCatalogueSnapshot, productText, type StoredProduct } from './catalogue.snapshot.ts';
import { REPLACE as replace, UPSERT as upsert, dumpCatalogue as dump, freshDb, problemsOf } from './catalogue-import.test-support.ts';

const byId = <T extends { id: number }>(items: readonly T[]) => [...items].sort((a, b) => a.id - b.id);

describe('category paths', () => {
  it('gives id paths from the absolute root and url paths without the roots', () => {
    const { categories } = fixtureCatalogue();
    expect(categoryPaths(categories).get(11)).toBe('1/2/10/11');
    expect(categoryUrlPaths(categories, 'nl').get(11)).toBe('horloges/heren');
    expect(categoryUrlPaths(categories, 'en').get(11)).toBe('watches/men');
    expect(categoryUrlPaths(categories, 'en').get(2)).toBe('');
  });

  it('keeps category url paths unique when siblings share a url key', () => {
    const { categories } = fixtureCatalogue();
    categories.find((c) => c.id === 20)!.stores.nl.url_key = 'horloges';
    const paths = categoryUrlPaths(categories, 'nl');
    expect(paths.get(10)).toBe('horloges');
    expect(paths.get(20)).toBe('horloges-20');
    expect(paths.get(21)).toBe('horloges-20/ringen');
  });
});

describe('importCatalogue: replace', async () => {
  const db = await freshDb();

  it('stores the catalogue, registers url mappings for both stores and logs the import', async () => {
    const summary = await importCatalogue(db, fixtureCatalogue(), replace);
    expect(summary).toMatchObject({ products: 8, categories: 7, created: { products: 8, categories: 7, attributes: 6, taxClasses: 2, taxRules: 1 }, updated: { products: 0 } });
    const snapshot = await loadCatalogueSnapshot(db);
    expect(await findUrlRewrite(db, 'nl', 'horloges/heren')).toEqual({ type: 'category', id: 11 });
    expect(await findUrlRewrite(db, 'en', 'watches/men/omega-seamaster-aqua-terra')).toEqual({ type: 'product', id: 1 });
    expect(snapshot.categoriesById.get(10)?.level).toBe(2);
    expect(await positionIn(db, snapshot.productsBySku.get('W-1'), 10)).toBe(1);
    expect(await positionIn(db, snapshot.productsBySku.get('W-2'), 10)).toBe(2);
    const change = await db.selectFrom('catalogue_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change.kind).toBe('import');
    expect(JSON.parse(change.detail)).toMatchObject({ origin: 'test', mode: 'replace', products: 8 });
  });

  it('uses slugified name plus id when url keys are off, and appends the id when a category has the path', async () => {
    const catalogue = fixtureCatalogue();
    // W-1 sits in Watches with the url key of the Men's watches category below it.
    Object.assign(catalogue.products[0]!, { category_ids: [10] });
    catalogue.products[0]!.stores.en.url_key = 'men';
    await importCatalogue(db, catalogue, replace);
    let snapshot = await loadCatalogueSnapshot(db);
    expect(productText(snapshot.productsBySku.get('W-1')!, 'en', 'url_path')).toBe('watches/men-1');
    expect(await findUrlRewrite(db, 'en', 'watches/men')).toEqual({ type: 'category', id: 11 });

    await importCatalogue(db, fixtureCatalogue(), { ...replace, useUrlKeys: false });
    snapshot = await loadCatalogueSnapshot(db);
    expect(productText(snapshot.productsBySku.get('W-4')!, 'nl', 'url_path')).toBe('horloges/rolex-day-date-goud-4');
  });

  it('replaces the previous catalogue as a whole and bumps the version', async () => {
    const before = (await loadCatalogueSnapshot(db)).version;
    const smaller = fixtureCatalogue();
    smaller.products = smaller.products.filter((p) => p.sku.startsWith('W-'));
    await importCatalogue(db, smaller, replace);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.products.map((p) => p.sku)).toEqual(['W-1', 'W-2', 'W-3', 'W-4', 'W-5']);
    expect(snapshot.version).toBeGreaterThan(before);
    expect((await urlRewrites(db)).some((r) => r.request_path.includes('gouden-ring'))).toBe(false);
  });
});

describe('importCatalogue: upsert', async () => {
  const db = await freshDb();
  await importCatalogue(db, fixtureCatalogue(), replace);

  it('updates a changed price and leaves every other record as it was', async () => {
    const before = await dump(db);
    const changed = fixtureCatalogue().products.find((p) => p.sku === 'W-2')!;
    changed.price = 6100;
    const summary = await importCatalogue(db, { products: [changed] }, upsert);
    expect(summary).toMatchObject({ products: 1, created: { products: 0 }, updated: { products: 1 }, urlRewritesChanged: 0 });

    const after = await dump(db);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.productsBySku.get('W-2')?.price).toBe(6100);
    expect(snapshot.products).toHaveLength(8);
    expect(await positionIn(db, snapshot.productsBySku.get('W-2'), 10)).toBe(2);
    for (const table of ['categories', 'category_texts', 'attributes', 'tax_rules', 'tax_rates', 'url_rewrites'] as const) {
      expect(after[table], table).toEqual(before[table]);
    }
    // The product's own links are written again (same rows, later in the table).
    const links = (rows: unknown[]) => (rows as Array<{ product_id: number; category_id: number }>).toSorted((a, b) => a.product_id - b.product_id || a.category_id - b.category_id);
    expect(links(after.product_categories!)).toEqual(links(before.product_categories!));
    const others = (rows: unknown[]) => (rows as Array<{ id: number }>).filter((row) => row.id !== 2);
    expect(others(after.products!)).toEqual(others(before.products!));
    expect(after.catalogue_changes).toHaveLength(before.catalogue_changes!.length + 1);
  });

  it('adds new records at the end of their categories and keeps the ones the file leaves out', async () => {
    const extra = { ...fixtureCatalogue().products[0]!, id: 9, sku: 'W-9', category_ids: [10, 11] };
    extra.stores = { nl: { name: 'Omega Constellation', url_key: 'omega-constellation' }, en: { name: 'Omega Constellation', url_key: 'omega-constellation' } };
    const summary = await importCatalogue(db, { products: [extra] }, upsert);
    expect(summary.created.products).toBe(1);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.products).toHaveLength(9);
    expect(await positionIn(db, snapshot.productsBySku.get('W-9'), 10)).toBe(6);
    expect(await findUrlRewrite(db, 'nl', 'horloges/heren/omega-constellation')).toEqual({ type: 'product', id: 9 });
  });

  it('moves descendants, their products and the URL mappings when a category url key changes', async () => {
    const watches = fixtureCatalogue().categories.find((c) => c.id === 10)!;
    watches.stores.nl.url_key = 'uurwerken';
    const summary = await importCatalogue(db, { categories: [watches] }, upsert);
    expect(summary.updated.categories).toBe(1);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.categoriesById.get(11)?.texts.nl.url_path).toBe('uurwerken/heren');
    expect(productText(snapshot.productsBySku.get('W-1')!, 'nl', 'url_path')).toBe('uurwerken/heren/omega-seamaster-aqua-terra');
    expect(productText(snapshot.productsBySku.get('W-1')!, 'en', 'url_path')).toBe('watches/men/omega-seamaster-aqua-terra');
    expect(await findUrlRewrite(db, 'nl', 'uurwerken/heren')).toEqual({ type: 'category', id: 11 });
    expect(await findUrlRewrite(db, 'nl', 'horloges/heren')).toBeUndefined();
    expect(await findUrlRewrite(db, 'nl', 'uurwerken/heren/omega-seamaster-aqua-terra')).toEqual({ type: 'product', id: 1 });
    expect(summary.urlRewritesChanged).toBeGreaterThan(0);
  });

  it('moves a category under another parent and recomputes its path and level', async () => {
    const rings = fixtureCatalogue().categories.find((c) => c.id === 21)!;
    rings.parent_id = 11;
    await importCatalogue(db, { categories: [rings] }, upsert);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.categoriesById.get(21)).toMatchObject({ path: '1/2/10/11/21', level: 4 });
    expect(snapshot.categoriesById.get(21)?.texts.en.url_path).toBe('watches/men/rings');
  });

  it('lets two products swap their skus in one import', async () => {
    const [first, second] = fixtureCatalogue().products.filter((p) => p.sku === 'W-3' || p.sku === 'W-4');
    await importCatalogue(db, { products: [{ ...first!, sku: 'W-4' }, { ...second!, sku: 'W-3' }] }, upsert);
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.productsBySku.get('W-4')?.id).toBe(3);
    expect(snapshot.productsBySku.get('W-3')?.id).toBe(4);
    const stock = await db.selectFrom('stock_items').select(['product_id', 'sku']).where('product_id', 'in', [3, 4]).orderBy('product_id').execute();
    expect(stock).toEqual([
      { product_id: 3, sku: 'W-4' },
      { product_id: 4, sku: 'W-3' },
    ]);
  });

  it('updates tax rules and their rates on their own', async () => {
    const [rule] = fixtureCatalogue().taxRules;
    rule!.rates = [{ ...rule!.rates[0]!, rate: 9 }, { id: 3, code: 'BE', rate: 21, tax_country_id: 'BE', tax_region_id: 0 }];
    const summary = await importCatalogue(db, { taxRules: [rule!] }, upsert);
    expect(summary).toMatchObject({ created: { taxRules: 0 }, updated: { taxRules: 1 } });
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.taxRules[0]?.rates.map((r) => [r.code, r.rate])).toEqual([
      ['NL', 9],
      ['BE', 21],
    ]);
    // The DE rate the rule no longer names stays, unused, like every record a file leaves out.
    expect(await db.selectFrom('tax_rates').select('code').where('code', '=', 'DE').executeTakeFirst()).toBeDefined();
  });

  it('reports all 3 bad records with their positions and leaves the database unchanged', async () => {
    const before = await dump(db);
    const products = fixtureCatalogue().products as unknown as Array<Record<string, unknown>>;
    products[1]!.price = '6100';
    products[4]!.sku = 'W 5/x';
    delete products[6]!.stock;
    const problems = await problemsOf(importCatalogue(db, { products }, upsert));
    expect(problems).toEqual([
      'products[1] (sku W-2): price: expected a number, got "6100"',
      'products[4] (sku W 5/x): sku: must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
      'products[6] (sku R-6-52): stock: required (an object)',
    ]);
    expect(await dump(db)).toEqual(before);
  });

  it('reports records that refer to what neither the file nor the catalogue has, or take a key another record has', async () => {
    const before = await dump(db);
    const fixture = fixtureCatalogue();
    const base = fixture.products[0]!;
    const texts = (key: string) => ({ nl: { name: key, url_key: key }, en: { name: key, url_key: key } });
    const file: Partial<SourceCatalogue> = {
      products: [
        { ...base, id: 20, sku: 'N-20', stores: texts('n-20'), category_ids: [10, 99] },
        { ...base, id: 21, sku: 'N-21', stores: texts('n-21'), type_id: 'configurable', child_ids: [7, 404], configurable_options: [{ attribute_id: 3, attribute_code: 'size', label: 'Size', position: 0, values: [{ value_index: 399, label: '60' }] }] },
        { ...base, id: 22, sku: 'N-22', stores: texts('n-22'), type_id: 'bundle', bundle_options: [{ option_id: 1, title: { nl: 'Horloge', en: 'Watch' }, type: 'radio', required: true, position: 1, links: [{ id: 1, sku: 'W-404', qty: 1, is_default: true, position: 1 }] }] },
        { ...base, id: 23, sku: 'N-23', stores: texts('n-23'), type_id: 'grouped', links: [{ sku: 'N-20', qty: 1, position: 1 }, { sku: 'GONE', qty: 1, position: 2 }] },
        { ...base, id: 24, sku: 'W-1', stores: texts('n-24') },
        { ...base, id: 25, sku: 'N-25', stores: texts('n-20') },
        { ...base, id: 26, sku: 'N-26', stores: texts('n-26'), attributes: { brand: 999, gem_stones: [401, 777] } },
        { ...base, id: 27, sku: 'N-26', stores: texts('n-27') },
      ],
    };
    const problems = await problemsOf(importCatalogue(db, file, upsert));
    expect(problems).toEqual([
      'products[0] (sku N-20): category_ids[1]: unknown category 99 (not in this file nor in the catalogue)',
      'products[1] (sku N-21): child_ids[1]: unknown product 404 (not in this file nor in the catalogue)',
      'products[1] (sku N-21): configurable_options[0].values[0].value_index: 399 is not an option id of size',
      'products[2] (sku N-22): bundle_options[0].links[0].sku: unknown sku W-404 (not in this file nor in the catalogue)',
      'products[3] (sku N-23): links[1].sku: unknown sku GONE (not in this file nor in the catalogue)',
      'products[4] (sku W-1): sku: W-1 is already taken by product 1 in the catalogue (records are matched by id: use id 1 to update it)',
      'products[5] (sku N-25): stores.nl.url_key: "n-20" (store nl) is already taken by product 20 (sku N-20) at products[0]',
      'products[5] (sku N-25): stores.en.url_key: "n-20" (store en) is already taken by product 20 (sku N-20) at products[0]',
      'products[6] (sku N-26): attributes.brand: 999 is not an option id of brand',
      'products[6] (sku N-26): attributes.gem_stones: 777 is not an option id of gem_stones',
      'products[7] (sku N-26): sku: N-26 is already taken by product 26 at products[6]',
    ]);
    expect(await dump(db)).toEqual(before);
  });
});

describe('exportCatalogue', () => {
  it('writes the stored catalogue in the import format; importing the export elsewhere gives the same catalogue', async () => {
    const source = generateCatalogue({ seed: 5, productCount: 240 });
    const first = await freshDb();
    await importCatalogue(first, source, replace);
    const exported = await exportCatalogue(first);

    const parsed = checkCatalogueImport(source);
    if (!parsed.ok) throw new Error('the demo catalogue should pass its own import check');
    expect(byId(exported.products)).toEqual(byId(parsed.catalogue.products));
    expect(byId(exported.categories)).toEqual(byId(parsed.catalogue.categories));
    expect(byId(exported.taxRules)).toEqual(byId(parsed.catalogue.taxRules));
    expect(exported.attributes.map((a) => a.attribute_code).sort()).toEqual(source.attributes.map((a) => a.attribute_code).sort());

    const second = await freshDb();
    await importCatalogue(second, JSON.parse(catalogueJson(exported)), upsert);
    expect(await exportCatalogue(second)).toEqual(exported);
    expect(await urlRewrites(second)).toEqual(await urlRewrites(first));
  });

  it('writes one record per line', () => {
    const json = catalogueJson({ products: [], taxClasses: [{ id: 2, name: 'Taxable Goods', type: 'PRODUCT' }] });
    expect(json).toBe('{\n  "products": [],\n  "taxClasses": [\n    {"id":2,"name":"Taxable Goods","type":"PRODUCT"}\n  ]\n}\n');
  });
});

async function positionIn(db: Db, product: StoredProduct | undefined, categoryId: number): Promise<number | undefined> {
  if (!product) return undefined;
  const row = await db.selectFrom('product_categories').select('position').where('product_id', '=', product.id).where('category_id', '=', categoryId).executeTakeFirst();
  return row?.position;
}

function urlRewrites(db: Db) {
  return db.selectFrom('url_rewrites').selectAll().orderBy('store_code').orderBy('request_path').execute();
}
