/**
 * Checks a catalogue import file against the schemas record by record, then across records and against what the
 * catalogue already holds, as if the import had happened: references (categories, children, linked skus, tax
 * classes, attribute options) must resolve and keys (ids, skus, attribute codes, url keys per store) stay unique.
 * Every problem is collected with the record's position, so a shop fixes its file in one pass.
 */
import type { z } from 'zod/mini';
import { STORE_CODES, type StoreCode } from '../stores/stores.ts';
import {
  CATALOGUE_IMPORT_SECTIONS,
  SourceAttributeSchema,
  SourceCategorySchema,
  SourceProductSchema,
  SourceTaxClassSchema,
  SourceTaxRuleSchema,
  type CatalogueImportSection,
  type SourceAttribute,
  type SourceCatalogue,
  type SourceProduct,
  type SourceTaxClass,
} from './catalogue-import.schema.ts';

/** A product as far as other records refer to it or collide with it. */
export type ProductRefs = Pick<
  SourceProduct,
  'id' | 'sku' | 'type_id' | 'tax_class_id' | 'category_ids' | 'attributes' | 'configurable_options' | 'child_ids' | 'parent_id' | 'links' | 'bundle_options' | 'related_links'
> & { url_keys: Record<StoreCode, string> };

/** What the stored catalogue holds that an import's records may refer to or collide with. */
export interface StoredCatalogueRefs {
  attributes: ReadonlyArray<Pick<SourceAttribute, 'attribute_id' | 'attribute_code' | 'frontend_input'> & { options: ReadonlyArray<{ value: string }> }>;
  categories: ReadonlyArray<{ id: number; parent_id: number; url_keys: Record<StoreCode, string> }>;
  products: ReadonlyArray<ProductRefs>;
  taxClasses: ReadonlyArray<Pick<SourceTaxClass, 'id' | 'type'>>;
  taxRules: ReadonlyArray<{ id: number; code: string; product_tax_class_ids: readonly number[]; customer_tax_class_ids: readonly number[] }>;
  taxRates: ReadonlyArray<{ id: number; code: string }>;
}

export const NO_STORED_CATALOGUE: StoredCatalogueRefs = { attributes: [], categories: [], products: [], taxClasses: [], taxRules: [], taxRates: [] };

export interface ImportProblem {
  /** null: the document itself. */
  section: CatalogueImportSection | null;
  /** Position in the section; null for a record already in the catalogue (and for the document). */
  index: number | null;
  /** How a person finds the record: "sku W-17", "id 12". */
  label: string;
  /** The field inside the record ("stores.nl.url_key"), or '' for the record as a whole. */
  field: string;
  message: string;
  /** The line of a file with one record per line (NDJSON), where the record's position says little. */
  line?: number;
}

export type ImportCheck = { ok: true; catalogue: SourceCatalogue } | { ok: false; problems: ImportProblem[] };

const SCHEMAS = {
  attributes: SourceAttributeSchema,
  categories: SourceCategorySchema,
  products: SourceProductSchema,
  taxClasses: SourceTaxClassSchema,
  taxRules: SourceTaxRuleSchema,
} as const;

type Valid<K extends CatalogueImportSection> = SourceCatalogue[K][number];
export interface Located<T> {
  /** The record's position in its section, or its line in a file with one record per line. */
  index: number;
  value: T;
}

/** The records of an import, checked one by one, for the checks across records. Products only as far as others refer to them. */
export interface ImportRecords {
  attributes: Located<Valid<'attributes'>>[];
  categories: Located<Valid<'categories'>>[];
  products: Located<ProductRefs>[];
  taxClasses: Located<Valid<'taxClasses'>>[];
  taxRules: Located<Valid<'taxRules'>>[];
}

/** Keys of records that failed their schema: nothing that refers to them is reported as "unknown" a second time. */
export interface BrokenImportKeys {
  productIds: Set<unknown>;
  skus: Set<unknown>;
  categoryIds: Set<unknown>;
  attributeCodes: Set<unknown>;
  taxClassIds: Set<unknown>;
}

export const noBrokenImportKeys = (): BrokenImportKeys => ({ productIds: new Set(), skus: new Set(), categoryIds: new Set(), attributeCodes: new Set(), taxClassIds: new Set() });

/** Notes the keys a record that failed its schema still names (see BrokenImportKeys). */
export function noteBrokenKeys(broken: BrokenImportKeys, section: CatalogueImportSection, record: unknown): void {
  if (!isPlainObject(record)) return;
  const note = (set: Set<unknown>, key: string) => {
    if (record[key] !== undefined) set.add(record[key]);
  };
  if (section === 'products') {
    note(broken.productIds, 'id');
    note(broken.skus, 'sku');
  } else if (section === 'categories') note(broken.categoryIds, 'id');
  else if (section === 'attributes') note(broken.attributeCodes, 'attribute_code');
  else if (section === 'taxClasses') note(broken.taxClassIds, 'id');
}

/** How a problem names another record of the file: its position in the section, or its line. */
export type ImportPlace = (section: CatalogueImportSection, index: number) => string;
const sectionPlace: ImportPlace = (section, index) => `${section}[${index}]`;

/** A product as far as other records refer to it (what the checks across records keep of each product). */
export function productRefs(p: SourceProduct): ProductRefs {
  return {
    id: p.id,
    sku: p.sku,
    type_id: p.type_id,
    tax_class_id: p.tax_class_id,
    category_ids: p.category_ids,
    attributes: p.attributes,
    ...(p.configurable_options === undefined ? {} : { configurable_options: p.configurable_options }),
    ...(p.child_ids === undefined ? {} : { child_ids: p.child_ids }),
    ...(p.parent_id === undefined ? {} : { parent_id: p.parent_id }),
    ...(p.links === undefined ? {} : { links: p.links }),
    ...(p.bundle_options === undefined ? {} : { bundle_options: p.bundle_options }),
    ...(p.related_links === undefined ? {} : { related_links: p.related_links }),
    url_keys: urlKeys(p.stores),
  };
}

/** One record against its section's schema; `index` locates its problems. */
export function checkImportRecord<K extends CatalogueImportSection>(section: K, record: unknown, index: number): { ok: true; value: Valid<K> } | { ok: false; problems: ImportProblem[] } {
  const schema = SCHEMAS[section] as unknown as z.ZodMiniType<Valid<K>>;
  const result = schema.safeParse(record);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => ({ section, index, label: recordLabel(section, record), field: fieldPath(issue.path), message: issueMessage(issue, record) })) };
}

/** The checks across records and against the stored catalogue, for records already checked one by one. */
export function crossCheckCatalogue(records: ImportRecords, broken: BrokenImportKeys, stored: StoredCatalogueRefs, place: ImportPlace = sectionPlace): ImportProblem[] {
  const problems: ImportProblem[] = [];
  crossCheck(records, broken, stored, problems, place);
  return problems;
}

export function checkCatalogueImport(input: unknown, stored: StoredCatalogueRefs = NO_STORED_CATALOGUE): ImportCheck {
  const problems: ImportProblem[] = [];
  if (!isPlainObject(input)) {
    problems.push(documentProblem('', `expected a JSON object { ${CATALOGUE_IMPORT_SECTIONS.map((s) => `${s}?`).join(', ')} }, got ${describeValue(input)}`));
    return { ok: false, problems };
  }
  for (const key of Object.keys(input)) {
    if (!(CATALOGUE_IMPORT_SECTIONS as readonly string[]).includes(key)) {
      problems.push(documentProblem('', `unknown section "${key}" (the sections are ${CATALOGUE_IMPORT_SECTIONS.join(', ')})`));
    }
  }

  const raw = {} as Record<CatalogueImportSection, unknown[]>;
  for (const section of CATALOGUE_IMPORT_SECTIONS) {
    const value = input[section];
    if (value === undefined) raw[section] = [];
    else if (Array.isArray(value)) raw[section] = value;
    else {
      raw[section] = [];
      problems.push(documentProblem(section, `expected a list of records, got ${describeValue(value)}`));
    }
  }

  const parsed = {
    attributes: parseSection('attributes', raw.attributes, problems),
    categories: parseSection('categories', raw.categories, problems),
    products: parseSection('products', raw.products, problems),
    taxClasses: parseSection('taxClasses', raw.taxClasses, problems),
    taxRules: parseSection('taxRules', raw.taxRules, problems),
  };
  const broken = noBrokenImportKeys();
  for (const section of CATALOGUE_IMPORT_SECTIONS) {
    const ok = new Set(parsed[section].map((r) => r.index));
    raw[section].forEach((record, i) => {
      if (!ok.has(i)) noteBrokenKeys(broken, section, record);
    });
  }
  crossCheck({ ...parsed, products: parsed.products.map((r) => ({ index: r.index, value: productRefs(r.value) })) }, broken, stored, problems, sectionPlace);

  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  return {
    ok: true,
    catalogue: {
      attributes: parsed.attributes.map((r) => r.value),
      categories: parsed.categories.map((r) => r.value),
      products: parsed.products.map((r) => r.value),
      taxClasses: parsed.taxClasses.map((r) => r.value),
      taxRules: parsed.taxRules.map((r) => r.value),
    },
  };
}

function parseSection<K extends CatalogueImportSection>(section: K, records: unknown[], problems: ImportProblem[]): Located<Valid<K>>[] {
  const valid: Located<Valid<K>>[] = [];
  records.forEach((record, index) => {
    const result = checkImportRecord(section, record, index);
    if (result.ok) valid.push({ index, value: result.value });
    else problems.push(...result.problems);
  });
  return valid;
}

// ---------------------------------------------------------------------------------------------------------------
// Across records: the catalogue as it would be after the import (stored records, overridden by the file's by id).

type Origin = { index: number } | 'stored';
interface Entry<T> {
  origin: Origin;
  value: T;
}

function crossCheck(parsed: ImportRecords, broken: BrokenImportKeys, stored: StoredCatalogueRefs, problems: ImportProblem[], place: ImportPlace): void {
  const report: Report = (section, origin, label, field, message) =>
    problems.push({ section, index: origin === 'stored' ? null : origin.index, label, field, message });
  const { productIds: brokenProductIds, skus: brokenSkus, categoryIds: brokenCategoryIds, attributeCodes: brokenAttributeCodes, taxClassIds: brokenTaxClassIds } = broken;

  const attributeLabel = (a: { attribute_code: string }) => `attribute_code ${a.attribute_code}`;
  const idLabel = (r: { id: number }) => `id ${r.id}`;
  const attributes = merge('attributes', parsed.attributes, stored.attributes, (a) => a.attribute_id, 'attribute_id', attributeLabel, report, place);
  const categories = merge(
    'categories',
    parsed.categories.map((r) => ({ index: r.index, value: { id: r.value.id, parent_id: r.value.parent_id, url_keys: urlKeys(r.value.stores) } })),
    stored.categories,
    (c) => c.id,
    'id',
    idLabel,
    report,
    place,
  );
  const products = merge('products', parsed.products, stored.products, (p) => p.id, 'id', productLabel, report, place);
  const taxClasses = merge('taxClasses', parsed.taxClasses, stored.taxClasses, (c) => c.id, 'id', idLabel, report, place);
  const taxRules = merge('taxRules', parsed.taxRules, stored.taxRules, (r) => r.id, 'id', idLabel, report, place);

  // Natural keys stay unique once the file's records have replaced the stored ones with the same id.
  const matchedById = (what: string) => (id: number) => ` (records are matched by id: use ${what} ${id} to update it)`;
  uniqueAcross('products', products, (p) => [['sku', p.sku]], productLabel, (p) => `product ${p.id}`, (k) => k, report, place, (p) => matchedById('id')(p.id));
  uniqueAcross('attributes', attributes, (a) => [['attribute_code', a.attribute_code]], attributeLabel, (a) => `attribute ${a.attribute_id}`, (k) => k, report, place, (a) => matchedById('attribute_id')(a.attribute_id));
  uniqueAcross('taxRules', taxRules, (r) => [['code', r.code]], idLabel, (r) => `tax rule ${r.id}`, (k) => JSON.stringify(k), report, place, (r) => matchedById('id')(r.id));
  const storeKey = (k: string) => {
    const [store, , key] = k.split('\u0000');
    return `"${key}" (store ${store})`;
  };
  uniqueAcross(
    'products',
    products,
    (p) => STORE_CODES.map((s) => [`stores.${s}.url_key`, `${s}\u0000\u0000${p.url_keys[s]}`] as const),
    productLabel,
    (p) => `product ${p.id} (sku ${p.sku})`,
    storeKey,
    report,
    place,
  );
  uniqueAcross(
    'categories',
    categories,
    (c) => STORE_CODES.map((s) => [`stores.${s}.url_key`, `${s}\u0000${c.parent_id}\u0000${c.url_keys[s]}`] as const),
    idLabel,
    (c) => `sibling category ${c.id}`,
    storeKey,
    report,
    place,
  );
  checkTaxRates(parsed.taxRules, stored.taxRates, report, place);

  const skus = new Set([...products.values()].map((e) => e.value.sku));
  const attributesByCode = new Map([...attributes.values()].map((e) => [e.value.attribute_code, e.value]));
  const optionIds = new Map([...attributes.values()].map((e) => [e.value.attribute_code, new Set(e.value.options.map((o) => o.value))]));
  const unknown = (what: string, key: number | string) => `unknown ${what} ${key} (not in this file nor in the catalogue)`;

  for (const { origin, value: c } of categories.values()) {
    if (c.parent_id > 1 && !categories.has(c.parent_id) && !brokenCategoryIds.has(c.parent_id)) {
      report('categories', origin, idLabel(c), 'parent_id', unknown('category', c.parent_id));
    } else if (origin !== 'stored' && inCycle(c.id, categories)) {
      report('categories', origin, idLabel(c), 'parent_id', `category ${c.parent_id} lies below this category: the tree would loop`);
    }
  }

  for (const { origin, value: p } of products.values()) {
    const problem = (field: string, message: string) => report('products', origin, productLabel(p), field, message);
    p.category_ids.forEach((categoryId, i) => {
      if (!categories.has(categoryId) && !brokenCategoryIds.has(categoryId)) problem(`category_ids[${i}]`, unknown('category', categoryId));
    });
    if (p.parent_id !== undefined && !products.has(p.parent_id) && !brokenProductIds.has(p.parent_id)) problem('parent_id', unknown('product', p.parent_id));
    (p.child_ids ?? []).forEach((childId, i) => {
      if (!products.has(childId) && !brokenProductIds.has(childId)) problem(`child_ids[${i}]`, unknown('product', childId));
    });
    const linkedSku = (field: string, sku: string) => {
      if (!skus.has(sku) && !brokenSkus.has(sku)) problem(field, unknown('sku', sku));
    };
    (p.links ?? []).forEach((link, i) => linkedSku(`links[${i}].sku`, link.sku));
    (p.related_links ?? []).forEach((link, i) => linkedSku(`related_links[${i}].sku`, link.sku));
    (p.bundle_options ?? []).forEach((option, i) => option.links.forEach((link, j) => linkedSku(`bundle_options[${i}].links[${j}].sku`, link.sku)));
    if (p.tax_class_id > 0 && !brokenTaxClassIds.has(p.tax_class_id)) {
      const taxClass = taxClasses.get(p.tax_class_id)?.value;
      if (!taxClass) problem('tax_class_id', `${unknown('tax class', p.tax_class_id)}; 0 means no tax`);
      else if (taxClass.type !== 'PRODUCT') problem('tax_class_id', `tax class ${p.tax_class_id} is a ${taxClass.type} class, not a PRODUCT class`);
    }
    for (const [code, value] of Object.entries(p.attributes) as Array<[string, number | number[] | undefined]>) {
      if (value === undefined || brokenAttributeCodes.has(code)) continue;
      const attribute = attributesByCode.get(code);
      if (!attribute) {
        problem(`attributes.${code}`, `no attribute has the code ${code} (add it to attributes)`);
        continue;
      }
      if (attribute.frontend_input !== 'select' && attribute.frontend_input !== 'multiselect') continue;
      const options = optionIds.get(code) ?? new Set();
      for (const v of Array.isArray(value) ? value : [value]) {
        if (!options.has(String(v))) problem(`attributes.${code}`, `${v} is not an option id of ${code}`);
      }
    }
    (p.configurable_options ?? []).forEach((option, i) => {
      if (brokenAttributeCodes.has(option.attribute_code)) return;
      const attribute = attributesByCode.get(option.attribute_code);
      if (!attribute) {
        problem(`configurable_options[${i}].attribute_code`, `no attribute has the code ${option.attribute_code}`);
        return;
      }
      if (attribute.attribute_id !== option.attribute_id) problem(`configurable_options[${i}].attribute_id`, `${option.attribute_code} has the attribute_id ${attribute.attribute_id}, not ${option.attribute_id}`);
      const options = optionIds.get(option.attribute_code) ?? new Set();
      option.values.forEach((v, j) => {
        if (!options.has(String(v.value_index))) problem(`configurable_options[${i}].values[${j}].value_index`, `${v.value_index} is not an option id of ${option.attribute_code}`);
      });
    });
  }

  for (const { origin, value: rule } of taxRules.values()) {
    const check = (field: 'product_tax_class_ids' | 'customer_tax_class_ids', type: 'PRODUCT' | 'CUSTOMER') =>
      rule[field].forEach((classId, i) => {
        if (brokenTaxClassIds.has(classId)) return;
        const taxClass = taxClasses.get(classId)?.value;
        if (!taxClass) report('taxRules', origin, idLabel(rule), `${field}[${i}]`, unknown('tax class', classId));
        else if (taxClass.type !== type) report('taxRules', origin, idLabel(rule), `${field}[${i}]`, `tax class ${classId} is a ${taxClass.type} class, not a ${type} class`);
      });
    check('product_tax_class_ids', 'PRODUCT');
    check('customer_tax_class_ids', 'CUSTOMER');
  }
}

type Report = (section: CatalogueImportSection, origin: Origin, label: string, field: string, message: string) => void;

/** Stored records by id, replaced by the file's; a second file record with the same id is a problem. */
function merge<T, F extends T>(
  section: CatalogueImportSection,
  fromFile: ReadonlyArray<Located<F>>,
  fromStore: readonly T[],
  idOf: (value: T) => number,
  idField: string,
  label: (value: T) => string,
  report: Report,
  place: ImportPlace,
): Map<number, Entry<T>> {
  const merged = new Map<number, Entry<T>>();
  for (const value of fromStore) merged.set(idOf(value), { origin: 'stored', value });
  const firstAt = new Map<number, number>();
  for (const { index, value } of fromFile) {
    const id = idOf(value);
    const first = firstAt.get(id);
    if (first !== undefined) {
      report(section, { index }, label(value), idField, `${id} appears again (first at ${place(section, first)})`);
      continue;
    }
    firstAt.set(id, index);
    merged.set(id, { origin: { index }, value });
  }
  return merged;
}

/**
 * Reports each file record whose key another record also has: a stored one, or an earlier one in the file (so a
 * pair inside the file is reported once, at the later record).
 */
function uniqueAcross<T>(
  section: CatalogueImportSection,
  merged: ReadonlyMap<number, Entry<T>>,
  keysOf: (value: T) => ReadonlyArray<readonly [field: string, key: string]>,
  label: (value: T) => string,
  describe: (value: T) => string,
  show: (key: string) => string,
  report: Report,
  place: ImportPlace,
  hint: (stored: T) => string = () => '',
): void {
  // Most keys have one owner: only the shared ones get a list.
  const first = new Map<string, Entry<T>>();
  const shared = new Map<string, Entry<T>[]>();
  for (const entry of merged.values()) {
    for (const [, key] of keysOf(entry.value)) {
      const owner = first.get(key);
      if (owner === undefined) first.set(key, entry);
      else shared.set(key, [...(shared.get(key) ?? [owner]), entry]);
    }
  }
  for (const [key, owners] of shared) {
    const storedOwner = owners.find((o) => o.origin === 'stored');
    const inFile = owners.filter((o): o is Entry<T> & { origin: { index: number } } => o.origin !== 'stored').sort((a, b) => a.origin.index - b.origin.index);
    inFile.forEach((entry, i) => {
      const field = keysOf(entry.value).find(([, k]) => k === key)?.[0] ?? '';
      const earlier = inFile[0];
      if (storedOwner) report(section, entry.origin, label(entry.value), field, `${show(key)} is already taken by ${describe(storedOwner.value)} in the catalogue${hint(storedOwner.value)}`);
      else if (i > 0 && earlier) report(section, entry.origin, label(entry.value), field, `${show(key)} is already taken by ${describe(earlier.value)} at ${place(section, earlier.origin.index)}`);
    });
  }
}

function checkTaxRates(rules: ReadonlyArray<Located<Valid<'taxRules'>>>, stored: StoredCatalogueRefs['taxRates'], report: Report, place: ImportPlace): void {
  const rateAt = (rule: number, i: number) => (place === sectionPlace ? `${place('taxRules', rule)}.rates[${i}]` : `rates[${i}] on ${place('taxRules', rule)}`);
  interface Seen {
    rule: number;
    ruleId: number;
    i: number;
    json: string;
    code: string;
  }
  const fromFile = new Map<number, Seen>();
  for (const { index, value: rule } of rules) {
    rule.rates.forEach((rate, i) => {
      const json = JSON.stringify(rate);
      const first = fromFile.get(rate.id);
      if (!first) fromFile.set(rate.id, { rule: index, ruleId: rule.id, i, json, code: rate.code });
      else if (first.json !== json) {
        report('taxRules', { index }, `id ${rule.id}`, `rates[${i}]`, `rate ${rate.id} differs from its first definition at ${rateAt(first.rule, first.i)}; a rate shared by rules must be the same everywhere`);
      }
    });
  }
  // Codes of the rates as they would be after the import: the file's replace the stored ones with the same id.
  const codes = new Map<number, string>(stored.map((r) => [r.id, r.code]));
  for (const [id, seen] of fromFile) codes.set(id, seen.code);
  const owners = new Map<string, number[]>();
  for (const [id, code] of codes) owners.set(code, [...(owners.get(code) ?? []), id]);
  const before = (a: Seen, b: Seen) => a.rule < b.rule || (a.rule === b.rule && a.i < b.i);
  for (const [id, seen] of fromFile) {
    const other = (owners.get(seen.code) ?? []).find((o) => {
      const file = fromFile.get(o);
      return o !== id && (!file || before(file, seen));
    });
    if (other === undefined) continue;
    const file = fromFile.get(other);
    const where = file ? `at ${place('taxRules', file.rule)}` : 'in the catalogue';
    report('taxRules', { index: seen.rule }, `id ${seen.ruleId}`, `rates[${seen.i}].code`, `${JSON.stringify(seen.code)} is already the code of tax rate ${other} ${where}`);
  }
}

function inCycle(start: number, categories: ReadonlyMap<number, Entry<{ id: number; parent_id: number }>>): boolean {
  let current = categories.get(start)?.value.parent_id;
  for (let steps = 0; current !== undefined && steps <= categories.size; steps++) {
    if (current === start) return true;
    current = categories.get(current)?.value.parent_id;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages.

export function formatImportProblem(problem: ImportProblem): string {
  if (problem.line !== undefined) {
    const what = [problem.section, problem.label].filter(Boolean).join(', ');
    return `line ${problem.line}${what ? ` (${what})` : ''}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
  }
  const place =
    problem.section === null
      ? 'file'
      : problem.index === null
        ? `${problem.section} in the catalogue (${problem.label})`
        : `${problem.section}[${problem.index}]${problem.label ? ` (${problem.label})` : ''}`;
  return `${place}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
}

/** How many records have problems: a record with three problems counts once. */
export function countProblemRecords(problems: readonly ImportProblem[]): number {
  return new Set(problems.map((p) => (p.line === undefined ? `${p.section}|${p.index ?? p.label}` : `line ${p.line}`))).size;
}

function documentProblem(section: CatalogueImportSection | '', message: string): ImportProblem {
  return { section: null, index: null, label: '', field: section, message };
}

function sortProblems(problems: ImportProblem[]): ImportProblem[] {
  const rank = (p: ImportProblem) => (p.section === null ? -1 : CATALOGUE_IMPORT_SECTIONS.indexOf(p.section));
  // Stable: problems of one record keep the order they were found in.
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || (a.p.index ?? Infinity) - (b.p.index ?? Infinity) || a.i - b.i)
    .map(({ p }) => p);
}

function recordLabel(section: CatalogueImportSection, record: unknown): string {
  if (!isPlainObject(record)) return '';
  const key = section === 'products' ? 'sku' : section === 'attributes' ? 'attribute_code' : 'id';
  const value = record[key];
  if (typeof value === 'string' || typeof value === 'number') return `${key} ${value}`;
  if (section === 'products' && (typeof record.id === 'number' || typeof record.id === 'string')) return `id ${record.id}`;
  return '';
}

function productLabel(p: { id: number; sku: string }): string {
  return `sku ${p.sku}`;
}

function urlKeys(stores: Record<StoreCode, { url_key: string }>): Record<StoreCode, string> {
  return Object.fromEntries(STORE_CODES.map((s) => [s, stores[s].url_key])) as Record<StoreCode, string>;
}

/** Shared with the content import (server features/content). */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out;
}

function valueAt(record: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = record;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

const NOUNS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  nullable: 'a number or null',
};

export function issueMessage(issue: z.core.$ZodIssue, record: unknown): string {
  const value = valueAt(record, issue.path);
  // zod/mini carries no locale: its own text is this placeholder, and ours (given with each check) is better.
  if (issue.message && issue.message !== 'Invalid input' && issue.code !== 'invalid_type') return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = NOUNS[issue.expected] ?? issue.expected;
      if (value === undefined) return `required (${expected})`;
      return `expected ${expected}, got ${describeValue(value)}`;
    }
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      if (issue.path.at(-1) === 'attributes') return `unknown attribute code${issue.keys.length > 1 ? 's' : ''} ${keys}`;
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`;
    }
    case 'too_small':
      return issue.origin === 'array' ? `needs at least ${issue.minimum} item(s)` : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `takes at most ${issue.maximum} item(s)` : `must be at most ${issue.maximum}`;
    case 'invalid_union':
      return `does not match any allowed form, got ${describeValue(value)}`;
    case 'invalid_key':
      return `unknown key ${describeValue(value)}`;
    default:
      return issue.message || 'is not valid';
  }
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return 'an object';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
