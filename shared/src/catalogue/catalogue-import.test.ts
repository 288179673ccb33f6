import { describe, expect, it } from 'vitest';
import { checkCatalogueImport, countProblemRecords, formatImportProblem, NO_STORED_CATALOGUE, type StoredCatalogueRefs } from './catalogue-import.ts';
import type { SourceCatalogue, SourceProduct } from './catalogue-import.schema.ts';

const texts = (key: string) => ({ nl: { name: key, url_key: key }, en: { name: key, url_key: key } });

function product(overrides: Partial<SourceProduct> & Pick<SourceProduct, 'id' | 'sku'>): SourceProduct {
  return {
    type_id: 'simple',
    status: 1,
    visibility: 4,
    stores: texts(overrides.sku.toLowerCase()),
    price: 100,
    tax_class_id: 2,
    images: [],
    category_ids: [10],
    attributes: { brand: 101 },
    stock: { qty: 1, is_in_stock: true, manage_stock: true, backorders: false },
    flags: { new: false, sale: false, limited_edition: false, hide_price: false, is_bestseller: false, margin_product: false },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

function catalogue(): SourceCatalogue {
  return {
    attributes: [
      {
        attribute_id: 1,
        attribute_code: 'brand',
        frontend_input: 'select',
        labels: { nl: 'Merk', en: 'Brand' },
        options: [
          { value: '101', labels: { nl: 'Omega', en: 'Omega' } },
          { value: '102', labels: { nl: 'Rolex', en: 'Rolex' } },
        ],
        is_comparable: true,
        is_visible_on_front: true,
        is_filterable: true,
        is_searchable: true,
        position: 1,
      },
    ],
    categories: [
      { id: 2, parent_id: 1, position: 0, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: texts('default') },
      { id: 10, parent_id: 2, position: 1, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: texts('horloges') },
    ],
    products: [product({ id: 1, sku: 'W-1' }), product({ id: 2, sku: 'W-2' })],
    taxClasses: [
      { id: 2, name: 'Taxable Goods', type: 'PRODUCT' },
      { id: 3, name: 'Retail Customer', type: 'CUSTOMER' },
    ],
    taxRules: [{ id: 1, code: 'Goods', priority: 0, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ id: 1, code: 'NL', rate: 21, tax_country_id: 'NL', tax_region_id: 0 }] }],
  };
}

/** The stored side of `catalogue()`, as the server would describe it. */
function stored(): StoredCatalogueRefs {
  const c = catalogue();
  return {
    attributes: c.attributes,
    categories: c.categories.map((x) => ({ id: x.id, parent_id: x.parent_id, url_keys: { nl: x.stores.nl.url_key, en: x.stores.en.url_key } })),
    products: c.products.map((p) => ({ ...p, url_keys: { nl: p.stores.nl.url_key, en: p.stores.en.url_key } })),
    taxClasses: c.taxClasses,
    taxRules: c.taxRules,
    taxRates: c.taxRules.flatMap((r) => r.rates),
  };
}

function problems(input: unknown, refs: StoredCatalogueRefs = NO_STORED_CATALOGUE): string[] {
  const result = checkCatalogueImport(input, refs);
  return result.ok ? [] : result.problems.map(formatImportProblem);
}

describe('checkCatalogueImport: the document', () => {
  it('accepts a whole catalogue and gives every section back, empty when absent', () => {
    const result = checkCatalogueImport(catalogue());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.catalogue.products.map((p) => p.sku)).toEqual(['W-1', 'W-2']);
    const taxOnly = checkCatalogueImport({ taxClasses: catalogue().taxClasses });
    expect(taxOnly).toEqual({ ok: true, catalogue: { attributes: [], categories: [], products: [], taxClasses: catalogue().taxClasses, taxRules: [] } });
  });

  it('fills status, visibility, flags, images, category ids and attributes when a product leaves them out', () => {
    const { status: _s, visibility: _v, flags: _f, images: _i, category_ids: _c, attributes: _a, ...bare } = product({ id: 5, sku: 'X-5' });
    const result = checkCatalogueImport({ products: [{ ...bare, tax_class_id: 0, flags: { sale: true } }] });
    expect(result.ok && result.catalogue.products[0]).toMatchObject({
      status: 1,
      visibility: 4,
      images: [],
      category_ids: [],
      attributes: {},
      flags: { new: false, sale: true, limited_edition: false, hide_price: false, is_bestseller: false, margin_product: false },
    });
  });

  it('names what is wrong with the document itself', () => {
    expect(problems([])).toEqual(['file: expected a JSON object { attributes?, categories?, products?, taxClasses?, taxRules? }, got a list']);
    expect(problems({ product: [], products: {} })).toEqual([
      'file: unknown section "product" (the sections are attributes, categories, products, taxClasses, taxRules)',
      'file: products: expected a list of records, got an object',
    ]);
  });
});

describe('checkCatalogueImport: one record at a time', () => {
  it('reports every bad record with its position, its sku and the field', () => {
    const file = catalogue() as unknown as { products: Array<Record<string, unknown>> };
    file.products = [
      { ...product({ id: 1, sku: 'W-1' }), price: Number.NaN },
      product({ id: 2, sku: 'W-2' }) as unknown as Record<string, unknown>,
      { ...product({ id: 3, sku: 'W-3' }), price: -5, special_price: Number.POSITIVE_INFINITY, spcial_price: 3 },
      { ...product({ id: 4, sku: 'W-4' }), stores: { nl: { name: 'x', url_key: 'Met Spaties' } }, special_from_date: '2026-05-01', special_to_date: '2026-04-01' },
      { ...product({ id: 5, sku: 'W-5' }), child_ids: [6], status: 3, type_id: 'kit' },
      { ...product({ id: 6, sku: 'W-6' }), attributes: { brand: 'Omega', kleur: 1 }, created_at: 'yesterday' },
    ];
    expect(problems(file)).toEqual([
      'products[0] (sku W-1): price: expected a number, got NaN',
      'products[2] (sku W-3): price: must be 0 or more',
      'products[2] (sku W-3): special_price: expected a number, got Infinity',
      'products[2] (sku W-3): unknown field "spcial_price"',
      'products[3] (sku W-4): stores.nl.url_key: must be one URL segment: lower-case letters, digits, "-", "_" or ".", starting with a letter or digit',
      'products[3] (sku W-4): stores.en: required (an object)',
      'products[4] (sku W-5): type_id: expected one of "simple", "configurable", "grouped", "bundle", got "kit"',
      'products[4] (sku W-5): status: must be a whole number from 1 to 2',
      'products[5] (sku W-6): attributes.brand: expected a number (an option id or a measure) or a list of option ids',
      'products[5] (sku W-6): attributes: unknown attribute code "kleur"',
      'products[5] (sku W-6): created_at: must be a date (2026-03-01) or an ISO date-time (2026-03-01T09:30:00Z)',
    ]);
    const result = checkCatalogueImport(file);
    expect(!result.ok && countProblemRecords(result.problems)).toBe(5);
  });

  it('checks the rules that span fields of one record once its fields are right', () => {
    const file = {
      products: [
        { ...product({ id: 4, sku: 'W-4' }), special_from_date: '2026-05-01', special_to_date: '2026-04-01' },
        { ...product({ id: 5, sku: 'W-5' }), child_ids: [6, 6] },
        product({ id: 7, sku: 'B-7', type_id: 'grouped', links: [{ sku: 'B-7', qty: 1, position: 1 }] }),
      ],
    };
    expect(problems(file, stored())).toEqual([
      'products[0] (sku W-4): special_to_date: ends before special_from_date 2026-05-01',
      'products[1] (sku W-5): child_ids: only a configurable product has child_ids (type_id is simple)',
      'products[1] (sku W-5): child_ids[1]: child 6 appears twice',
      'products[2] (sku B-7): links[0].sku: a product cannot contain itself',
    ]);
  });

  it('checks attributes, categories and tax records too', () => {
    const file = {
      attributes: [{ ...catalogue().attributes[0]!, attribute_code: 'Brand', options: [{ value: '101', labels: { nl: 'a', en: 'a' } }, { value: '101', labels: { nl: 'b', en: 'b' } }] }],
      categories: [{ ...catalogue().categories[1]!, parent_id: 10 }],
      taxClasses: [{ id: 0, name: '', type: 'SHIPPING' }],
      taxRules: [{ ...catalogue().taxRules[0]!, rates: [{ id: 1, code: 'NL', rate: 121, tax_country_id: 'nl' }] }],
    };
    expect(problems(file)).toEqual([
      'attributes[0] (attribute_code Brand): attribute_code: must start with a lower-case letter, then lower-case letters, digits, "_" or "."',
      'attributes[0] (attribute_code Brand): options[1].value: option id 101 appears twice',
      'categories[0] (id 10): parent_id: a category cannot be its own parent',
      'taxClasses[0] (id 0): id: must be a whole number above 0',
      'taxClasses[0] (id 0): name: must not be empty',
      'taxClasses[0] (id 0): type: expected one of "PRODUCT", "CUSTOMER", got "SHIPPING"',
      'taxRules[0] (id 1): rates[0].rate: must be 100 or less',
      'taxRules[0] (id 1): rates[0].tax_country_id: must be a two-letter country code in capitals, e.g. "NL"',
    ]);
  });
});

describe('checkCatalogueImport: across records and against the stored catalogue', () => {
  it('resolves references to records in the file or already stored', () => {
    expect(problems({ products: [product({ id: 3, sku: 'G-3', type_id: 'grouped', links: [{ sku: 'W-1', qty: 1, position: 1 }] })] }, stored())).toEqual([]);
    expect(problems({ products: [product({ id: 3, sku: 'G-3', type_id: 'grouped', links: [{ sku: 'W-1', qty: 1, position: 1 }] })] })).toEqual([
      'products[0] (sku G-3): category_ids[0]: unknown category 10 (not in this file nor in the catalogue)',
      'products[0] (sku G-3): links[0].sku: unknown sku W-1 (not in this file nor in the catalogue)',
      'products[0] (sku G-3): tax_class_id: unknown tax class 2 (not in this file nor in the catalogue); 0 means no tax',
      'products[0] (sku G-3): attributes.brand: no attribute has the code brand (add it to attributes)',
    ]);
  });

  it('does not call a record unknown when it is in the file but broken: that record is reported once', () => {
    const file = { products: [{ ...product({ id: 1, sku: 'W-1' }), price: 'free' }, product({ id: 3, sku: 'G-3', type_id: 'grouped', links: [{ sku: 'W-1', qty: 1, position: 1 }] })] };
    const { categories, attributes, taxClasses } = catalogue();
    expect(problems({ ...file, categories, attributes, taxClasses })).toEqual(['products[0] (sku W-1): price: expected a number, got "free"']);
  });

  it('keeps ids, skus, codes and url keys unique in the file and against the stored catalogue', () => {
    const file = {
      products: [
        product({ id: 3, sku: 'W-1', stores: texts('nieuw') }),
        product({ id: 4, sku: 'W-4', stores: texts('w-2') }),
        product({ id: 4, sku: 'W-5' }),
      ],
      categories: [{ ...catalogue().categories[1]!, id: 11, stores: texts('horloges') }],
      attributes: [{ ...catalogue().attributes[0]!, attribute_id: 9 }],
      taxRules: [{ ...catalogue().taxRules[0]!, id: 2, code: 'Goods', rates: [{ id: 7, code: 'NL', rate: 9, tax_country_id: 'NL' }] }],
    };
    expect(problems(file, stored())).toEqual([
      'attributes[0] (attribute_code brand): attribute_code: brand is already taken by attribute 1 in the catalogue (records are matched by id: use attribute_id 1 to update it)',
      'categories[0] (id 11): stores.nl.url_key: "horloges" (store nl) is already taken by sibling category 10 in the catalogue',
      'categories[0] (id 11): stores.en.url_key: "horloges" (store en) is already taken by sibling category 10 in the catalogue',
      'products[0] (sku W-1): sku: W-1 is already taken by product 1 in the catalogue (records are matched by id: use id 1 to update it)',
      'products[1] (sku W-4): stores.nl.url_key: "w-2" (store nl) is already taken by product 2 (sku W-2) in the catalogue',
      'products[1] (sku W-4): stores.en.url_key: "w-2" (store en) is already taken by product 2 (sku W-2) in the catalogue',
      'products[2] (sku W-5): id: 4 appears again (first at products[1])',
      'taxRules[0] (id 2): code: "Goods" is already taken by tax rule 1 in the catalogue (records are matched by id: use id 1 to update it)',
      'taxRules[0] (id 2): rates[0].code: "NL" is already the code of tax rate 1 in the catalogue',
    ]);
  });

  it('takes a record with a stored id as an update, so it may keep its own keys', () => {
    const file = { products: [product({ id: 1, sku: 'W-1', price: 99 })], attributes: catalogue().attributes, categories: catalogue().categories, taxRules: catalogue().taxRules };
    expect(problems(file, stored())).toEqual([]);
  });

  it('reports stored records that an update would leave dangling', () => {
    const refs = stored();
    const bundle = product({ id: 3, sku: 'BU-3', type_id: 'bundle', bundle_options: [{ option_id: 1, title: { nl: 'x', en: 'x' }, type: 'radio', required: true, position: 1, links: [{ id: 1, sku: 'W-2', qty: 1, is_default: true, position: 1 }] }] });
    const withBundle = { ...refs, products: [...refs.products, { ...bundle, url_keys: { nl: 'bu-3', en: 'bu-3' } }] };
    const renamed = { products: [product({ id: 2, sku: 'W-2B' })], attributes: [{ ...catalogue().attributes[0]!, options: [{ value: '102', labels: { nl: 'Rolex', en: 'Rolex' } }] }] };
    expect(problems(renamed, withBundle)).toEqual([
      'products[0] (sku W-2B): attributes.brand: 101 is not an option id of brand',
      'products in the catalogue (sku W-1): attributes.brand: 101 is not an option id of brand',
      'products in the catalogue (sku BU-3): bundle_options[0].links[0].sku: unknown sku W-2 (not in this file nor in the catalogue)',
      'products in the catalogue (sku BU-3): attributes.brand: 101 is not an option id of brand',
    ]);
  });

  it('refuses a category tree with a loop and tax classes of the wrong kind', () => {
    const file = {
      categories: [{ ...catalogue().categories[1]!, id: 20, parent_id: 21, stores: texts('a') }, { ...catalogue().categories[1]!, id: 21, parent_id: 20, stores: texts('b') }],
      products: [product({ id: 9, sku: 'W-9', tax_class_id: 3 })],
      taxRules: [{ ...catalogue().taxRules[0]!, customer_tax_class_ids: [2] }],
    };
    expect(problems(file, stored())).toEqual([
      'categories[0] (id 20): parent_id: category 21 lies below this category: the tree would loop',
      'categories[1] (id 21): parent_id: category 20 lies below this category: the tree would loop',
      'products[0] (sku W-9): tax_class_id: tax class 3 is a CUSTOMER class, not a PRODUCT class',
      'taxRules[0] (id 1): customer_tax_class_ids[0]: tax class 2 is a PRODUCT class, not a CUSTOMER class',
    ]);
  });

  it('lets rules share a rate only when they define it the same way', () => {
    const rule = catalogue().taxRules[0]!;
    const same = { taxRules: [rule, { ...rule, id: 2, code: 'Other' }] };
    expect(problems(same, stored())).toEqual([]);
    const different = { taxRules: [rule, { ...rule, id: 2, code: 'Other', rates: [{ ...rule.rates[0]!, rate: 9 }] }] };
    expect(problems(different, stored())).toEqual([
      'taxRules[1] (id 2): rates[0]: rate 1 differs from its first definition at taxRules[0].rates[0]; a rate shared by rules must be the same everywhere',
    ]);
  });
});
