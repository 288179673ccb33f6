/**
 * Reads the stored catalogue back in the import file's format (`pnpm shop export <file>`), so a shop can edit it
 * and import it again. Derived values (url paths, category paths, prices incl. tax) are not written.
 */
import { STORE_CODES, type SourceCatalogue, type SourceProduct, type SourceTaxRule, type StoreCode } from '@shop/shared';
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

export async function exportCatalogue(db: Db): Promise<SourceCatalogue> {
  const [attributes, categories, categoryTexts, products, productTexts, links, stock, taxClasses, taxRules, taxRates, ruleRates] = await Promise.all([
    db.selectFrom('attributes').selectAll().orderBy('attribute_id').execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('category_texts').selectAll().execute(),
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db.selectFrom('product_texts').selectAll().execute(),
    // No ORDER BY: rows come back in the order they were written, which is each product's own category order.
    db.selectFrom('product_categories').select(['product_id', 'category_id']).execute(),
    db.selectFrom('stock_items').selectAll().execute(),
    db.selectFrom('tax_classes').selectAll().orderBy('id').execute(),
    db.selectFrom('tax_rules').selectAll().orderBy('id').execute(),
    db.selectFrom('tax_rates').selectAll().execute(),
    db.selectFrom('tax_rule_rates').selectAll().execute(),
  ]);

  const categoryTextsById = groupBy(categoryTexts, (t) => t.category_id);
  const productTextsById = groupBy(productTexts, (t) => t.product_id);
  const categoryIds = groupBy(links, (l) => l.product_id);
  const stockById = new Map(stock.map((s) => [s.product_id, s]));
  const ratesById = new Map(taxRates.map((r) => [r.id, r]));
  const ratesByRule = groupBy(ruleRates, (r) => r.rule_id);

  return {
    attributes: attributes.map((a) => ({
      attribute_id: a.attribute_id,
      attribute_code: a.attribute_code,
      frontend_input: a.frontend_input as SourceCatalogue['attributes'][number]['frontend_input'],
      labels: JSON.parse(a.labels) as Record<StoreCode, string>,
      options: JSON.parse(a.options) as SourceCatalogue['attributes'][number]['options'],
      is_comparable: a.is_comparable === 1,
      is_visible_on_front: a.is_visible_on_front === 1,
      is_filterable: a.is_filterable === 1,
      is_searchable: a.is_searchable === 1,
      position: a.position,
      ...optional('unit', a.unit),
    })),
    categories: categories.map((c) => ({
      id: c.id,
      parent_id: c.parent_id,
      position: c.position,
      is_active: c.is_active === 1,
      include_in_menu: c.include_in_menu === 1,
      display_mode: c.display_mode as SourceCatalogue['categories'][number]['display_mode'],
      ...optional('image', c.image),
      ...optional('thumbnail', c.thumbnail),
      ...optional('landing_page', c.landing_page),
      stores: byStore(categoryTextsById.get(c.id), (t) => ({ name: t.name, url_key: t.url_key, ...optional('description', t.description) })),
    })),
    products: products.map((p): SourceProduct => {
      const data = JSON.parse(p.data) as ProductData;
      const s = stockById.get(p.id);
      return {
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
      };
    }),
    taxClasses: taxClasses.map((c) => ({ id: c.id, name: c.name, type: c.type as 'PRODUCT' | 'CUSTOMER' })),
    taxRules: taxRules.map(
      (r): SourceTaxRule => ({
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
      }),
    ),
  };
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
