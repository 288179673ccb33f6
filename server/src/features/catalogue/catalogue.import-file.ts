/**
 * Imports a catalogue file with one JSON record per line (NDJSON, what `pnpm shop export` writes) in bounded memory:
 *   1. read the file line by line, checking each record against its schema; keep the small sections whole and of
 *      each product only what the checks across records and the url paths need;
 *   2. in the import's transaction (catalogue.import.ts), check across records and against the stored catalogue;
 *   3. read the file a second time and write the products in batches.
 * A problem names its line; nothing is written when any line has one. The single JSON document of earlier versions
 * is told apart by its content (or a .json name) and imported whole, as before.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import {
  checkImportRecord,
  crossCheckCatalogue,
  describeValue,
  isPlainObject,
  noBrokenImportKeys,
  noteBrokenKeys,
  productRefs,
  type BrokenImportKeys,
  type ImportProblem,
  type ImportRecords,
  type SourceProduct,
} from '@shop/shared';
import type { Db } from '../../storage/database.ts';
import { FILE_HEADER, RECORD_KINDS, type CatalogueFileFormat, type RecordKind } from './catalogue.export.ts';
import { CatalogueImportError, PRODUCT_BATCH, productPlan, storeCatalogueImport, type ImportOptions, type ImportSummary, type ProductPlan } from './catalogue.import.ts';

export type ImportProgress = { step: 'checking'; bytes: number; totalBytes: number } | { step: 'writing'; products: number; totalProducts: number };

export interface ImportFileOptions extends ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
}

const PEEK_BYTES = 64 * 1024;

/**
 * Which format a file is in: a .ndjson or .jsonl name, or a first line that is a record with a `kind`, says
 * 'lines'; anything else is the single document. Reads at most the first 64 kB.
 */
export async function catalogueFileFormat(file: string): Promise<CatalogueFileFormat> {
  if (/\.(ndjson|jsonl)$/i.test(file)) return 'lines';
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PEEK_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    const end = text.indexOf('\n');
    // A first line longer than the peek: the exporter writes the kind first.
    if (end < 0 && bytesRead === PEEK_BYTES) return /^\{\s*"kind"\s*:/.test(text) ? 'lines' : 'document';
    try {
      const first: unknown = JSON.parse(end < 0 ? text : text.slice(0, end));
      return isPlainObject(first) && typeof first.kind === 'string' ? 'lines' : 'document';
    } catch {
      return 'document';
    }
  } finally {
    await handle.close();
  }
}

interface Line {
  number: number;
  text: string;
}

/** The file's lines with their numbers (from 1), and how many bytes are read so far. */
async function* lines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<Line> {
  const stream = fs.createReadStream(file, { encoding: 'utf8' });
  const reader = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of reader) {
      number++;
      if (onBytes && number % 1000 === 0) onBytes(stream.bytesRead);
      yield { number, text: number === 1 ? text.replace(/^\uFEFF/, '') : text };
    }
  } finally {
    reader.close();
    stream.destroy();
  }
}

const KINDS = Object.keys(RECORD_KINDS) as RecordKind[];
const isKind = (kind: unknown): kind is RecordKind => typeof kind === 'string' && (KINDS as string[]).includes(kind);

type ParsedLine = { kind: 'catalogue'; value: Record<string, unknown> } | { kind: RecordKind; record: Record<string, unknown> } | { problem: string };

function parseLine(text: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/at position (\d+)(?: \(line \d+ column (\d+)\))?/, (_, position: string) => `at column ${Number(position) + 1}`);
    return { problem: `not valid JSON: ${message}` };
  }
  if (!isPlainObject(value)) return { problem: `expected one record per line, as a JSON object, got ${describeValue(value)}` };
  const { kind, ...record } = value;
  if (kind === FILE_HEADER.kind) return { kind, value };
  if (!isKind(kind)) return { problem: `${kind === undefined ? 'no "kind"' : `unknown kind ${describeValue(kind)}`} (the kinds are ${KINDS.join(', ')})` };
  return { kind, record };
}

const lineProblem = (line: number, message: string, field = ''): ImportProblem => ({ section: null, index: null, label: '', field, message, line });

/** A problem the checks located by index, where the index is the line. */
const onLine = (problem: ImportProblem): ImportProblem => {
  const { index, ...rest } = problem;
  return index === null ? problem : { ...rest, index: null, line: index };
};

interface FirstReading {
  records: ImportRecords;
  broken: BrokenImportKeys;
  problems: ImportProblem[];
  products: ProductPlan[];
}

/** Step 1: every line against its schema. Products are kept only as their references and plans. */
async function readFile(file: string, onProgress?: ImportFileOptions['onProgress']): Promise<FirstReading> {
  const totalBytes = onProgress ? (await fs.promises.stat(file)).size : 0;
  const reading: FirstReading = {
    records: { attributes: [], categories: [], products: [], taxClasses: [], taxRules: [] },
    broken: noBrokenImportKeys(),
    problems: [],
    products: [],
  };
  const onBytes = onProgress && ((bytes: number) => onProgress({ step: 'checking', bytes, totalBytes }));
  for await (const { number, text } of lines(file, onBytes)) {
    if (text.trim() === '') continue;
    const parsed = parseLine(text);
    if ('problem' in parsed) {
      reading.problems.push(lineProblem(number, parsed.problem));
      continue;
    }
    if (parsed.kind === 'catalogue') {
      if (parsed.value.version !== FILE_HEADER.version) reading.problems.push(lineProblem(number, `this shop reads catalogue files of version ${FILE_HEADER.version}, not ${describeValue(parsed.value.version)}`, 'version'));
      continue;
    }
    const section = RECORD_KINDS[parsed.kind];
    const check = checkImportRecord(section, parsed.record, number);
    if (!check.ok) {
      reading.problems.push(...check.problems.map(onLine));
      noteBrokenKeys(reading.broken, section, parsed.record);
    } else if (section === 'products') {
      const product = check.value as SourceProduct;
      reading.records.products.push({ index: number, value: productRefs(product) });
      reading.products.push(productPlan(product));
    } else {
      (reading.records[section] as unknown[]).push({ index: number, value: check.value });
    }
  }
  onProgress?.({ step: 'checking', bytes: totalBytes, totalBytes });
  return reading;
}

/** Step 3: the products again, in batches, as checked in step 1. */
async function* productBatches(file: string, total: number, onProgress?: ImportFileOptions['onProgress']): AsyncGenerator<SourceProduct[]> {
  let batch: SourceProduct[] = [];
  let written = 0;
  for await (const { number, text } of lines(file)) {
    if (text.trim() === '') continue;
    const parsed = parseLine(text);
    if (!('record' in parsed) || parsed.kind !== 'product') continue;
    const check = checkImportRecord('products', parsed.record, number);
    if (!check.ok) throw new Error(`line ${number} no longer holds a valid product: the file changed while it was imported; nothing was imported`);
    batch.push(check.value);
    if (batch.length === PRODUCT_BATCH) {
      yield batch;
      written += batch.length;
      onProgress?.({ step: 'writing', products: written, totalProducts: total });
      batch = [];
    }
  }
  if (batch.length > 0) {
    yield batch;
    onProgress?.({ step: 'writing', products: written + batch.length, totalProducts: total });
  }
}

/** Imports a file of one record per line (see the header). Throws CatalogueImportError, with line numbers, on a problem. */
export async function importCatalogueLines(db: Db, file: string, options: ImportFileOptions): Promise<ImportSummary> {
  let reading: FirstReading | null = await readFile(file, options.onProgress);
  const { products } = reading;
  return storeCatalogueImport(db, options, (stored) => {
    if (!reading) throw new Error('an import is checked once');
    const cross = crossCheckCatalogue(reading.records, reading.broken, stored, (_section, line) => `line ${line}`).map(onLine);
    const problems = [...reading.problems, ...cross].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    if (problems.length > 0) throw new CatalogueImportError(problems);
    const small = {
      attributes: reading.records.attributes.map((r) => r.value),
      categories: reading.records.categories.map((r) => r.value),
      taxClasses: reading.records.taxClasses.map((r) => r.value),
      taxRules: reading.records.taxRules.map((r) => r.value),
    };
    // The references were for the checks: let them go before the products are read again.
    reading = null;
    return { ...small, products, productBatches: () => productBatches(file, products.length, options.onProgress) };
  });
}
