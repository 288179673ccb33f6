import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../storage/database.ts';
import { CATALOGUE_TABLES } from '../../storage/schema.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { catalogueJson, catalogueRecords, exportCatalogue, writeCatalogueFile, type CatalogueFileFormat } from './catalogue.export.ts';
import { catalogueFileFormat, importCatalogueLines, type ImportProgress } from './catalogue.import-file.ts';
import { importCatalogue, type ImportOptions } from './catalogue.import.ts';
import { REPLACE as replace, UPSERT as upsert, dumpCatalogue as dump, freshDb, tempDir, problemsOf } from './catalogue-import.test-support.ts';

const urlRewrites = (db: Db) => db.selectFrom('url_rewrites').selectAll().orderBy('store_code').orderBy('request_path').execute();

async function exportTo(db: Db, format: CatalogueFileFormat, name = format === 'lines' ? 'catalogue.ndjson' : 'catalogue.json'): Promise<string> {
  const file = path.join(tempDir(), name);
  const out = fs.createWriteStream(file);
  await writeCatalogueFile(db, out, { format });
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}

const ndjson = (...records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe('a catalogue file of one record per line', async () => {
  const source = generateCatalogue({ seed: 11, productCount: 2500 });
  const first = await freshDb();
  await importCatalogue(first, source, replace);
  const lines = await exportTo(first, 'lines');

  it('round trip: importing the export elsewhere gives the same catalogue and the same url mappings', async () => {
    const text = fs.readFileSync(lines, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(text[0]!)).toEqual({ kind: 'catalogue', version: 1 });
    expect(text.filter((l) => l.startsWith('{"kind":"product",'))).toHaveLength(source.products.length);

    const second = await freshDb();
    const progress: ImportProgress[] = [];
    const summary = await importCatalogueLines(second, lines, { ...replace, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ products: source.products.length, categories: source.categories.length, created: { products: source.products.length } });
    expect(await exportCatalogue(second)).toEqual(await exportCatalogue(first));
    expect(await urlRewrites(second)).toEqual(await urlRewrites(first));
    expect(progress.at(-1)).toEqual({ step: 'writing', products: source.products.length, totalProducts: source.products.length });

    // Importing a catalogue's own export over it changes no record and no url mapping.
    const before = await dump(second);
    const again = await importCatalogueLines(second, lines, upsert);
    expect(again).toMatchObject({ created: { products: 0 }, updated: { products: source.products.length }, urlRewritesChanged: 0 });
    const after = await dump(second);
    // Rows in any order: PostgreSQL returns rewritten rows elsewhere in the table.
    const sorted = (rows: unknown[] | undefined) => (rows ?? []).map((row) => JSON.stringify(row)).sort();
    for (const table of CATALOGUE_TABLES) expect(sorted(after[table]), table).toEqual(sorted(before[table]));
  });

  it('writes the single document of earlier versions on request, as it always was; both formats are told apart by content', async () => {
    const document = await exportTo(first, 'document');
    expect(fs.readFileSync(document, 'utf8')).toBe(catalogueJson(await exportCatalogue(first)));
    expect(await catalogueFileFormat(document)).toBe('document');
    expect(await catalogueFileFormat(lines)).toBe('lines');
    const linesNamedJson = path.join(tempDir(), 'named.json');
    fs.copyFileSync(lines, linesNamedJson);
    expect(await catalogueFileFormat(linesNamedJson)).toBe('lines');
    const compact = path.join(tempDir(), 'compact.json');
    fs.writeFileSync(compact, JSON.stringify(source));
    expect(await catalogueFileFormat(compact)).toBe('document');

    // A file of the old format still imports (the command reads it whole and hands it to importCatalogue).
    const third = await freshDb();
    await importCatalogue(third, JSON.parse(fs.readFileSync(document, 'utf8')), replace);
    expect(await exportCatalogue(third)).toEqual(await exportCatalogue(first));
  });

  it('reads products a page at a time: each page is written before the next is read', async () => {
    // Counts the rows the database has returned so far, whatever the query.
    let rowsRead = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
      transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        rowsRead += args.result.rows.length;
        return Promise.resolve(args.result);
      },
    };
    const db = first.withPlugin(counting);
    const pageSize = 100;
    const chunks: Array<{ text: string; rowsReadBefore: number }> = [];
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push({ text: chunk.toString('utf8'), rowsReadBefore: rowsRead });
        setImmediate(done);
      },
    });
    const counts = await writeCatalogueFile(db, out, { format: 'lines', pageSize });
    expect(counts.products).toBe(source.products.length);

    const productChunks = chunks.filter((c) => c.text.includes('"kind":"product"'));
    expect(productChunks.length).toBeGreaterThanOrEqual(source.products.length / pageSize);
    // At most a page of records per chunk (the first one also carries the header line).
    for (const chunk of chunks) expect(chunk.text.split('\n').length - 1).toBeLessThanOrEqual(pageSize + 1);
    // A page of products is a products row, two text rows, a stock row and a few category links each: had the
    // export read the catalogue before writing, the first page would find every row read already.
    const totalRows = rowsRead;
    expect(productChunks[0]!.rowsReadBefore).toBeLessThan(totalRows / 10);
    const reads = productChunks.map((c) => c.rowsReadBefore);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    // Every page read between writes (a page may straddle two chunks).
    expect(new Set(reads).size).toBeGreaterThanOrEqual(Math.floor(source.products.length / pageSize));
    expect(chunks.map((c) => c.text).join('')).toBe(fs.readFileSync(lines, 'utf8'));
  });

  it('yields products lazily: a consumer that stops after the first product has read one page', async () => {
    let productQueries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node.from).includes('"products"')) productQueries++;
        return args.node;
      },
      transformResult: (args: PluginTransformResultArgs) => Promise.resolve(args.result),
    };
    for await (const { kind } of catalogueRecords(first.withPlugin(counting), { pageSize: 50 })) {
      if (kind === 'product') break;
    }
    expect(productQueries).toBe(1);
  });
});

describe('problems in a file of one record per line', async () => {
  const db = await freshDb();
  await importCatalogue(db, fixtureCatalogue(), replace);
  const [w1, w2, w3] = fixtureCatalogue().products;

  async function importText(text: string, options: ImportOptions = upsert): Promise<string[]> {
    const file = path.join(tempDir(), 'import.ndjson');
    fs.writeFileSync(file, text);
    const before = await dump(db);
    const problems = await problemsOf(importCatalogueLines(db, file, options));
    expect(await dump(db)).toEqual(before);
    return problems;
  }

  it('names the line of a malformed record, a record that fails its schema and a record of an unknown kind; nothing is written', async () => {
    const text = [
      JSON.stringify({ kind: 'catalogue', version: 1 }),
      JSON.stringify({ kind: 'product', ...w1, price: 1 }),
      '',
      '{"kind":"product","id":2,"sku":',
      JSON.stringify({ kind: 'product', ...w2, price: '12' }),
      '[1, 2]',
      JSON.stringify({ kind: 'tax-rule', id: 4 }),
      JSON.stringify({ id: 5 }),
    ].join('\n');
    expect(await importText(text)).toEqual([
      expect.stringMatching(/^line 4: not valid JSON: \S/),
      'line 5 (products, sku W-2): price: expected a number, got "12"',
      'line 6: expected one record per line, as a JSON object, got a list',
      'line 7: unknown kind "tax-rule" (the kinds are attribute, category, product, tax_class, tax_rule)',
      'line 8: no "kind" (the kinds are attribute, category, product, tax_class, tax_rule)',
    ]);
  });

  it('names lines in the checks across records, and records already stored as before', async () => {
    const text = ndjson(
      { kind: 'product', ...w1, category_ids: [10, 99] },
      { kind: 'product', ...w2, sku: 'W-3' },
      { kind: 'product', ...w1, sku: 'W-1b' },
      { kind: 'product', ...w3, id: 77, stores: { nl: { name: 'x', url_key: 'n77' }, en: { name: 'x', url_key: 'e77' } } },
    );
    expect(await importText(text)).toEqual([
      'line 1 (products, sku W-1): category_ids[1]: unknown category 99 (not in this file nor in the catalogue)',
      'line 2 (products, sku W-3): sku: W-3 is already taken by product 3 in the catalogue (records are matched by id: use id 3 to update it)',
      'line 3 (products, sku W-1b): id: 1 appears again (first at line 1)',
      'line 4 (products, sku W-3): sku: W-3 is already taken by product 3 in the catalogue (records are matched by id: use id 3 to update it)',
    ]);
  });

  it('refuses a file of a later version', async () => {
    expect(await importText(ndjson({ kind: 'catalogue', version: 2 }, { kind: 'product', ...w1 }))).toEqual(['line 1: version: this shop reads catalogue files of version 1, not 2']);
  });

  it('writes nothing when the file changes between the check and the writing', async () => {
    const file = path.join(tempDir(), 'changing.ndjson');
    fs.writeFileSync(file, ndjson({ kind: 'product', ...w1, price: 111 }, { kind: 'product', ...w2, price: 222 }));
    const before = await dump(db);
    const run = importCatalogueLines(db, file, {
      ...upsert,
      onProgress: (p) => {
        // The last report of the first reading: the file is checked, not yet written.
        if (p.step === 'checking' && p.bytes === p.totalBytes) fs.writeFileSync(file, ndjson({ kind: 'product', ...w1, price: 111 }, { kind: 'product', ...w3, price: 333 }));
      },
    });
    await expect(run).rejects.toThrow(/changed while it ran/);
    expect(await dump(db)).toEqual(before);
  });
});
