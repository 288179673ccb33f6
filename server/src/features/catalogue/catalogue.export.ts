/**
 * Reads the stored catalogue back in the import file's format (`pnpm shop export <file>`), so a shop can edit it
 * and import it again. Derived values (url paths, category paths, prices incl. tax) are not written.
 *
 * The file has one JSON record per line (NDJSON): a header `{"kind":"catalogue","version":1}`, then
 * `{"kind":"attribute"|"tax_class"|"tax_rule"|"category"|"product", ...the record}`. Products are read a page at a
 * time and written as they come, so a catalogue of any size exports in bounded memory. The single JSON document
 * `{ attributes, categories, products, taxClasses, taxRules }` of earlier versions can still be written.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  STORE_CODES,
  type CatalogueImportSection,
  type SourceAttribute,
  type SourceCatalogue,
  type SourceCategory,
  type SourceProduct,
  type SourceTaxClass,
  type SourceTaxRule,
  type StoreCode,
} from '@shop/shared';
import type { Db } from '../../storage/database.ts';

type ProductData = Pick<SourceProduct, 'images' | 'attributes' | 'flags' | 'ean' | 'customprice_usd' | 'customprice_gbp' | 'allowedcountries' | 'configurable_options' | 'child_ids' | 'links' | 'bundle_options' | 'related_links' | 'custom_size_kind'>;

const optional = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);

function byStore<T extends { store_code: string }, R>(rows: readonly T[] | undefined, pick: (row: T) => R): Record<StoreCode, R> {
  const result = {} as Record<StoreCode, R>;
  for (const store of STORE_CODES) {
    const row = rows?.find((r) => r.store_code === store) ?? rows?.[0];
    if (!row) throw new Error(`Catalogue record without texts for store ${store}`);
    result[store] = pick(row);
  }
  return result;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** How a line of a catalogue file names its record: `{"kind":"product",...}`. */
export const RECORD_KINDS = {
  attribute: 'attributes',
  category: 'categories',
  product: 'products',
  tax_class: 'taxClasses',
  tax_rule: 'taxRules',
} as const satisfies Record<string, CatalogueImportSection>;
export type RecordKind = keyof typeof RECORD_KINDS;

/** The first line of an exported file: what it is, so a later format can tell itself apart. */
export const FILE_HEADER = { kind: 'catalogue', version: 1 } as const;

export type CatalogueRecord =
  | { kind: 'attribute'; record: SourceAttribute }
  | { kind: 'tax_class'; record: SourceTaxClass }
  | { kind: 'tax_rule'; record: SourceTaxRule }
  | { kind: 'category'; record: SourceCategory }
  | { kind: 'product'; record: SourceProduct };

export const EXPORT_PAGE = 1000;

/**
 * The stored catalogue record by record, in the sections' order (attributes, categories, products, tax classes, tax
 * rules); products a page at a time, by id. Only one page of products is read ahead of the consumer, whatever the size.
 */
export async function* catalogueRecords(db: Db, options: { pageSize?: number } = {}): AsyncGenerator<CatalogueRecord> {
  const pageSize = options.pageSize ?? EXPORT_PAGE;
  const [attributes, taxClasses, taxRules, taxRates, ruleRates, categories, categoryTexts] = await Promise.all([
    db.selectFrom('attributes').selectAll().orderBy('attribute_id').execute(),
    db.selectFrom('tax_classes').selectAll().orderBy('id').execute(),
    db.selectFrom('tax_rules').selectAll().orderBy('id').execute(),
    db.selectFrom('tax_rates').selectAll().execute(),
    db.selectFrom('tax_rule_rates').selectAll().execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('category_texts').selectAll().execute(),
  ]);

  for (const a of attributes) {
    yield {
      kind: 'attribute',
      record: {
        attribute_id: a.attribute_id,
        attribute_code: a.attribute_code,
        frontend_input: a.frontend_input as SourceAttribute['frontend_input'],
        labels: JSON.parse(a.labels) as Record<StoreCode, string>,
        options: JSON.parse(a.options) as SourceAttribute['options'],
        is_comparable: a.is_comparable === 1,
        is_visible_on_front: a.is_visible_on_front === 1,
        is_filterable: a.is_filterable === 1,
        is_searchable: a.is_searchable === 1,
        position: a.position,
        ...optional('unit', a.unit),
      },
    };
  }
  const categoryTextsById = groupBy(categoryTexts, (t) => t.category_id);
  for (const c of categories) {
    yield {
      kind: 'category',
      record: {
        id: c.id,
        parent_id: c.parent_id,
        position: c.position,
        is_active: c.is_active === 1,
        include_in_menu: c.include_in_menu === 1,
        display_mode: c.display_mode as SourceCategory['display_mode'],
        ...optional('image', c.image),
        ...optional('thumbnail', c.thumbnail),
        ...optional('landing_page', c.landing_page),
        stores: byStore(categoryTextsById.get(c.id), (t) => ({ name: t.name, url_key: t.url_key, ...optional('description', t.description) })),
      },
    };
  }

  let after = 0;
  for (let more = true; more; ) {
    const products = await db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(pageSize).execute();
    const first = products[0]?.id;
    const last = products.at(-1)?.id;
    if (first === undefined || last === undefined) break;
    const [productTexts, links, stock] = await Promise.all([
      db.selectFrom('product_texts').selectAll().where('product_id', '>=', first).where('product_id', '<=', last).execute(),
      // No ORDER BY: rows come back in the order they were written, which is each product's own category order.
      db.selectFrom('product_categories').select(['product_id', 'category_id']).where('product_id', '>=', first).where('product_id', '<=', last).execute(),
      db.selectFrom('stock_items').selectAll().where('product_id', '>=', first).where('product_id', '<=', last).execute(),
    ]);
    const productTextsById = groupBy(productTexts, (t) => t.product_id);
    const categoryIds = groupBy(links, (l) => l.product_id);
    const stockById = new Map(stock.map((row) => [row.product_id, row]));
    for (const p of products) {
      const data = JSON.parse(p.data) as ProductData;
      const s = stockById.get(p.id);
      yield {
        kind: 'product',
        record: {
          id: p.id,
          sku: p.sku,
          type_id: p.type_id as SourceProduct['type_id'],
          status: p.status,
          visibility: p.visibility,
          stores: byStore(productTextsById.get(p.id), (t) => ({
            name: t.name,
            url_key: t.url_key,
            ...optional('description', t.description),
            ...optional('short_description', t.short_description),
          })),
          price: Number(p.price),
          ...optional('special_price', p.special_price === null ? null : Number(p.special_price)),
          ...optional('special_from_date', p.special_from_date),
          ...optional('special_to_date', p.special_to_date),
          tax_class_id: p.tax_class_id,
          ...optional('customprice_usd', data.customprice_usd),
          ...optional('customprice_gbp', data.customprice_gbp),
          ...optional('ean', data.ean),
          ...optional('allowedcountries', data.allowedcountries),
          images: data.images,
          category_ids: (categoryIds.get(p.id) ?? []).map((l) => l.category_id),
          attributes: data.attributes,
          stock: s
            ? { qty: s.qty, is_in_stock: s.is_in_stock === 1, manage_stock: s.manage_stock === 1, backorders: s.backorders === 1 }
            : { qty: 0, is_in_stock: false, manage_stock: true, backorders: false },
          flags: data.flags,
          ...optional('configurable_options', data.configurable_options),
          ...optional('child_ids', data.child_ids),
          ...optional('parent_id', p.parent_id),
          ...optional('links', data.links),
          ...optional('bundle_options', data.bundle_options),
          ...optional('related_links', data.related_links),
          ...optional('custom_size_kind', data.custom_size_kind),
          created_at: p.created_at,
          updated_at: p.updated_at,
        },
      };
    }
    after = last;
    more = products.length === pageSize;
  }
  for (const c of taxClasses) yield { kind: 'tax_class', record: { id: c.id, name: c.name, type: c.type as 'PRODUCT' | 'CUSTOMER' } };
  const ratesById = new Map(taxRates.map((r) => [r.id, r]));
  const ratesByRule = groupBy(ruleRates, (r) => r.rule_id);
  for (const r of taxRules) {
    yield {
      kind: 'tax_rule',
      record: {
        id: r.id,
        code: r.code,
        priority: r.priority,
        product_tax_class_ids: JSON.parse(r.product_tax_class_ids) as number[],
        customer_tax_class_ids: JSON.parse(r.customer_tax_class_ids) as number[],
        rates: (ratesByRule.get(r.id) ?? []).flatMap((link) => {
          const rate = ratesById.get(link.rate_id);
          if (!rate) return [];
          return [
            {
              id: rate.id,
              code: rate.code,
              rate: Number(rate.rate),
              tax_country_id: rate.tax_country_id,
              ...optional('region_name', rate.region_name),
              ...optional('tax_region_id', rate.tax_region_id),
              ...optional('tax_postcode', rate.tax_postcode),
            },
          ];
        }),
      },
    };
  }
}

/** The whole catalogue as one object, for tests and small catalogues; a file is written with writeCatalogueFile. */
export async function exportCatalogue(db: Db): Promise<SourceCatalogue> {
  const catalogue: SourceCatalogue = { attributes: [], categories: [], products: [], taxClasses: [], taxRules: [] };
  for await (const { kind, record } of catalogueRecords(db)) (catalogue[RECORD_KINDS[kind]] as unknown[]).push(record);
  return catalogue;
}

/** 'lines': one JSON record per line with its kind (NDJSON, the default); 'document': the single JSON document of old. */
export type CatalogueFileFormat = 'lines' | 'document';

export type ExportCounts = Record<CatalogueImportSection, number>;

export interface WriteCatalogueOptions {
  format: CatalogueFileFormat;
  pageSize?: number;
  /** After each page of products: how many are written, of how many. */
  onProgress?: (written: number, total: number) => void;
}

/**
 * Streams the catalogue into `out`, a page at a time and waiting whenever `out` asks to, so neither the catalogue
 * nor its text is ever held whole. Does not end `out`.
 */
export async function writeCatalogueFile(db: Db, out: Writable, options: WriteCatalogueOptions): Promise<ExportCounts> {
  const pageSize = options.pageSize ?? EXPORT_PAGE;
  const total = options.onProgress ? Number((await db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) : 0;
  const counts: ExportCounts = { attributes: 0, categories: 0, products: 0, taxClasses: 0, taxRules: 0 };
  const write = async (chunk: string) => {
    if (chunk !== '' && !out.write(chunk)) await once(out, 'drain');
  };
  const document = options.format === 'document';
  // The document keeps the sections in the order the records come, each opened when its first record (or a later section) does.
  const sections = Object.values(RECORD_KINDS);
  let open = -1;
  const openSection = (section: CatalogueImportSection): string => {
    let text = '';
    const at = sections.indexOf(section);
    while (open < at) {
      if (open >= 0) text += counts[sections[open]!] > 0 ? '\n  ],\n' : '],\n';
      open++;
      text += `  ${JSON.stringify(sections[open])}: [`;
    }
    return text;
  };

  let pending = document ? '{\n' : `${JSON.stringify(FILE_HEADER)}\n`;
  let inChunk = 0;
  for await (const { kind, record } of catalogueRecords(db, { pageSize })) {
    const section = RECORD_KINDS[kind];
    if (document) {
      pending += openSection(section);
      pending += `${counts[section] > 0 ? ',' : ''}\n    ${JSON.stringify(record)}`;
    } else {
      pending += `${JSON.stringify({ kind, ...record })}\n`;
    }
    counts[section]++;
    if (++inChunk >= pageSize) {
      await write(pending);
      pending = '';
      inChunk = 0;
      if (kind === 'product') options.onProgress?.(counts.products, total);
    }
  }
  if (document) {
    pending += openSection(sections.at(-1)!);
    pending += `${counts[sections.at(-1)!] > 0 ? '\n  ]' : ']'}\n}\n`;
  }
  await write(pending);
  options.onProgress?.(counts.products, total);
  return counts;
}

/** The import format with one record per line: small enough for 50,000 products, and it diffs line by line. */
export function catalogueJson(catalogue: Partial<SourceCatalogue>): string {
  const sections = Object.entries(catalogue).filter(([, records]) => Array.isArray(records));
  const body = sections.map(([name, records]) => {
    const lines = (records as unknown[]).map((record) => `    ${JSON.stringify(record)}`);
    return `  ${JSON.stringify(name)}: [${lines.length ? `\n${lines.join(',\n')}\n  ` : ''}]`;
  });
  return `{\n${body.join(',\n')}\n}\n`;
}
