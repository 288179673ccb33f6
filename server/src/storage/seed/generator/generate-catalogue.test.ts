import { checkCatalogueImport, EU_COUNTRIES, formatImportProblem, PRICE_BUCKET_MAX, PRICE_BUCKET_STEP, PRODUCT_ATTRIBUTE_CODES, ROOT_CATEGORY_ID, STORE_CODES, priceBuckets, slugify } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { IMAGE_VIEWS, imageView, parseProductImagePath } from '../../../features/media/product-image.ts';
import type { SourceProduct } from '../catalogue-source.ts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalogue } from './generate-catalogue.ts';
import { ean13 } from './product-kit.ts';
import { MARGIN_GOODS, TAXABLE_GOODS } from './tax.ts';

const catalogue = generateCatalogue({ seed: DEFAULT_SEED, productCount: DEFAULT_PRODUCT_COUNT });
const { products, categories, attributes } = catalogue;
const bySku = new Map(products.map((p) => [p.sku, p]));
const byId = new Map(products.map((p) => [p.id, p]));
const categoryById = new Map(categories.map((c) => [c.id, c]));
const NOW = Date.UTC(2026, 0, 1);

function shownPrice(product: SourceProduct): number {
  return product.tax_class_id === TAXABLE_GOODS ? Math.round(product.price * 1.21 * 100) / 100 : product.price;
}

describe('generateCatalogue', () => {
  it('gives byte-identical output for the same seed and count, and another catalogue for another seed', () => {
    const again = generateCatalogue({ seed: DEFAULT_SEED, productCount: DEFAULT_PRODUCT_COUNT });
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
    const other = generateCatalogue({ seed: DEFAULT_SEED + 1, productCount: DEFAULT_PRODUCT_COUNT });
    expect(JSON.stringify(other.products)).not.toBe(JSON.stringify(products));
  });

  it('emits exactly the number of products asked for, at least 1,500 by default', () => {
    expect(DEFAULT_PRODUCT_COUNT).toBeGreaterThanOrEqual(1500);
    expect(products).toHaveLength(DEFAULT_PRODUCT_COUNT);
    for (const count of [0, 1, 7, 60, 333]) expect(generateCatalogue({ seed: 3, productCount: count }).products).toHaveLength(count);
  });

  it('emits 50,000 products for benchmarks, with unique skus, that pass the import checks', () => {
    const big = generateCatalogue({ seed: 9, productCount: 50_000 });
    expect(big.products).toHaveLength(50_000);
    expect(new Set(big.products.map((p) => p.sku)).size).toBe(50_000);
    const check = checkCatalogueImport(big);
    expect(check.ok ? [] : check.problems.slice(0, 5).map(formatImportProblem)).toEqual([]);
  });

  it('has every product type and every kind of piece', () => {
    const types = new Set(products.map((p) => p.type_id));
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'grouped', 'simple']);
    const kinds = new Set(products.map((p) => p.images[0]?.path.split('/')[3]));
    for (const kind of ['watch', 'ring', 'earring', 'necklace', 'bracelet', 'diamond', 'gem', 'strap', 'winder', 'set']) expect(kinds).toContain(kind);
    const conditions = new Set(products.map((p) => p.attributes.condition));
    expect(conditions.size).toBe(3);
  });

  it('numbers products from 1 with unique skus and unique url keys per store', () => {
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    expect(bySku.size).toBe(products.length);
    for (const store of STORE_CODES) {
      const keys = products.map((p) => p.stores[store].url_key);
      expect(new Set(keys).size).toBe(products.length);
      for (const p of products) expect(p.stores[store].url_key).toBe(`${slugify(p.stores[store].name)}-${p.sku.toLowerCase()}`);
    }
  });

  it('writes Dutch and English texts of one to three sentences', () => {
    for (const p of products) {
      for (const store of STORE_CODES) {
        const { name, description } = p.stores[store];
        expect(name.length).toBeGreaterThan(3);
        const sentences = (description ?? '').split(/(?<=[.!?])\s+/).filter(Boolean);
        expect(sentences.length, `${p.sku} ${store}: ${description}`).toBeGreaterThanOrEqual(1);
        expect(sentences.length, `${p.sku} ${store}: ${description}`).toBeLessThanOrEqual(3);
      }
    }
    const ring = products.find((p) => p.sku.startsWith('R-') && p.stores.nl.name.includes(' ring met briljant '));
    expect(ring?.stores.nl.name).toMatch(/^(\S+ )?[Gg]eelgouden|[Ww]itgouden|[Rr]oségouden|[Pp]latina|[Zz]ilveren/);
    expect(ring?.stores.en.name).toContain('ring with brilliant-cut diamond');
  });

  it('links configurable parents and children both ways', () => {
    const parents = products.filter((p) => p.type_id === 'configurable');
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      expect(parent.child_ids?.length).toBeGreaterThan(0);
      const options = parent.configurable_options ?? [];
      expect(options.length).toBeGreaterThan(0);
      for (const childId of parent.child_ids ?? []) {
        const child = byId.get(childId);
        expect(child?.parent_id).toBe(parent.id);
        expect(child?.type_id).toBe('simple');
        expect(child?.visibility).toBe(1);
        for (const option of options) {
          const value = child?.attributes[option.attribute_code as 'size'];
          expect(option.values.map((v) => v.value_index)).toContain(value);
        }
      }
      for (const option of options) {
        const attribute = attributes.find((a) => a.attribute_code === option.attribute_code);
        expect(option.attribute_id).toBe(attribute?.attribute_id);
        for (const value of option.values) expect(attribute?.options.map((o) => o.value)).toContain(String(value.value_index));
      }
    }
    for (const child of products.filter((p) => p.parent_id !== undefined)) {
      expect(byId.get(child.parent_id ?? -1)?.child_ids).toContain(child.id);
    }
    const children = products.filter((p) => p.parent_id !== undefined);
    expect(children.some((c) => c.status === 2)).toBe(true);
    expect(children.some((c) => !c.stock.is_in_stock)).toBe(true);
    const codes = new Set(parents.flatMap((p) => (p.configurable_options ?? []).map((o) => o.attribute_code)));
    expect([...codes].sort()).toEqual(['color', 'size', 'watch_strap']);
  });

  it('points bundle options and grouped links at existing simple products', () => {
    const bundles = products.filter((p) => p.type_id === 'bundle');
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      expect(bundle.bundle_options?.length).toBe(3);
      let defaults = 0;
      for (const option of bundle.bundle_options ?? []) {
        expect(option.links.filter((l) => l.is_default)).toHaveLength(1);
        for (const link of option.links) {
          expect(bySku.get(link.sku)?.type_id).toBe('simple');
          if (link.is_default) defaults += (bySku.get(link.sku)?.price ?? 0) * link.qty;
        }
      }
      expect(bundle.price).toBeCloseTo(defaults, 2);
    }
    const grouped = products.filter((p) => p.type_id === 'grouped');
    expect(grouped.length).toBeGreaterThan(0);
    for (const set of grouped) {
      expect(set.links?.length).toBeGreaterThanOrEqual(2);
      for (const link of set.links ?? []) expect(bySku.get(link.sku)?.type_id).toBe('simple');
    }
  });

  it('asks a size of the rings and bracelets sold on their own: never of bangles, set pieces, sized variants or other goods', () => {
    const setMembers = new Set(products.flatMap((p) => (p.type_id === 'grouped' ? (p.links ?? []).map((l) => l.sku) : [])));
    const typeJewel = new Map((attributes.find((a) => a.attribute_code === 'type_jewel')?.options ?? []).map((o) => [Number(o.value), o.labels.en]));
    const sized = products.filter((p) => p.custom_size_kind);
    expect(sized.filter((p) => p.custom_size_kind === 'ring').length).toBeGreaterThan(20);
    expect(sized.filter((p) => p.custom_size_kind === 'bracelet').length).toBeGreaterThan(5);
    for (const p of products) {
      const prefix = p.sku.split('-')[0];
      const simpleJewel = p.type_id === 'simple' && p.parent_id === undefined && !setMembers.has(p.sku);
      const bangle = String(typeJewel.get(Number(p.attributes.type_jewel))).toLowerCase().includes('bangle');
      const expected = simpleJewel && prefix === 'R' ? 'ring' : simpleJewel && prefix === 'B' && !bangle ? 'bracelet' : undefined;
      expect(p.custom_size_kind, p.sku).toBe(expected);
    }
  });

  it('links products shown on their own to related, pricier and matching pieces that are shown too', () => {
    const shown = (p: SourceProduct | undefined) => p !== undefined && p.status === 1 && p.visibility !== 1 && p.parent_id === undefined;
    const linked = products.filter((p) => p.related_links?.length);
    expect(linked.length).toBeGreaterThan(products.length / 2);
    for (const type of ['related', 'upsell', 'crosssell'] as const) expect(linked.some((p) => p.related_links!.some((l) => l.link_type === type)), type).toBe(true);
    for (const p of linked) {
      expect(shown(p)).toBe(true);
      expect(new Set(p.related_links!.map((l) => l.sku)).size).toBe(p.related_links!.length);
      for (const link of p.related_links!) {
        const other = bySku.get(link.sku);
        expect(shown(other), link.sku).toBe(true);
        expect(link.sku).not.toBe(p.sku);
        if (link.link_type === 'upsell') expect(other!.price).toBeGreaterThan(p.price);
        if (link.link_type === 'crosssell') expect(other!.attributes.material).toEqual(p.attributes.material);
      }
    }
  });

  it('places products in existing categories, always with every ancestor below the root', () => {
    for (const p of products) {
      for (const id of p.category_ids) {
        const category = categoryById.get(id);
        expect(category, `${p.sku} category ${id}`).toBeDefined();
        expect(id).toBeGreaterThan(ROOT_CATEGORY_ID);
        const parent = category?.parent_id ?? ROOT_CATEGORY_ID;
        if (parent !== ROOT_CATEGORY_ID) expect(p.category_ids, `${p.sku} misses parent ${parent} of ${id}`).toContain(parent);
      }
      if (p.parent_id === undefined) expect(p.category_ids.length, p.sku).toBeGreaterThan(0);
    }
  });

  it('builds a tree below the root with products in every active category', () => {
    const root = categoryById.get(ROOT_CATEGORY_ID);
    expect(root?.parent_id).toBe(1);
    expect(categoryById.has(1)).toBe(false);
    for (const c of categories) if (c.id !== ROOT_CATEGORY_ID) expect(categoryById.has(c.parent_id), `parent of ${c.id}`).toBe(true);
    const used = new Set(products.flatMap((p) => p.category_ids));
    for (const c of categories) {
      if (c.id === ROOT_CATEGORY_ID || !c.is_active) continue;
      expect(used.has(c.id), `${c.stores.en.name} has no products`).toBe(true);
    }
    expect(categories.some((c) => !c.is_active)).toBe(true);
    expect(categories.some((c) => !c.include_in_menu)).toBe(true);
    const depth = (id: number): number => (id === ROOT_CATEGORY_ID ? 1 : 1 + depth(categoryById.get(id)?.parent_id ?? ROOT_CATEGORY_ID));
    expect(Math.max(...categories.map((c) => depth(c.id)))).toBe(4);
    for (const store of STORE_CODES) {
      const siblings = new Set(categories.map((c) => `${c.parent_id}/${c.stores[store].url_key}`));
      expect(siblings.size).toBe(categories.length);
    }
  });

  it('uses only option ids of the attribute for select values, and numbers for the rest', () => {
    const options = new Map(attributes.map((a) => [a.attribute_code, new Set(a.options.map((o) => Number(o.value)))]));
    for (const p of products) {
      for (const [code, value] of Object.entries(p.attributes)) {
        const valid = options.get(code);
        expect(valid, `unknown attribute ${code}`).toBeDefined();
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) {
          if (valid && valid.size > 0) expect(valid.has(v), `${p.sku} ${code}=${v}`).toBe(true);
          else expect(typeof v).toBe('number');
        }
      }
    }
  });

  it('describes every product attribute code with labels per store and globally unique option ids', () => {
    expect(attributes.map((a) => a.attribute_code).sort()).toEqual([...PRODUCT_ATTRIBUTE_CODES].sort());
    const ids = attributes.flatMap((a) => a.options.map((o) => o.value));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids.map(Number))).toBe(101);
    for (const a of attributes) {
      expect(a.labels.nl && a.labels.en).toBeTruthy();
      for (const o of a.options) expect(o.labels.nl && o.labels.en).toBeTruthy();
    }
    const condition = attributes.find((a) => a.attribute_code === 'condition');
    expect(condition?.options.map((o) => o.labels.nl)).toEqual(['Nieuw', 'Tweedehands', 'Vintage']);
    for (const code of ['brand', 'watch_movement', 'case_diameter', 'material', 'gender', 'condition', 'colour_watch_dial', 'watch_strap', 'type_jewel', 'gem_stones', 'cut_diamonds', 'clarity_diamonds', 'colour_diamonds']) {
      expect(attributes.find((a) => a.attribute_code === code)?.is_filterable, code).toBe(true);
    }
  });

  it('gives watch attributes to watches and stone grades to diamonds', () => {
    for (const p of products.filter((p) => p.sku.startsWith('W-') && p.type_id === 'simple')) {
      expect(p.attributes.brand).toBeDefined();
      expect(p.attributes.watch_movement).toBeDefined();
      expect(p.attributes.case_diameter).toBeDefined();
      expect(p.attributes.clarity_diamonds).toBeUndefined();
    }
    for (const p of products.filter((p) => p.sku.startsWith('D-'))) {
      expect(p.attributes.cut_diamonds).toBeDefined();
      expect(p.attributes.colour_diamonds).toBeDefined();
      expect(p.attributes.clarity_diamonds).toBeDefined();
      expect(p.attributes.watch_movement).toBeUndefined();
    }
  });

  describe('the facts that tell alike pieces apart (condition, year, box and papers, carat, colour, clarity)', () => {
    const optionCode = (code: string, id: unknown) => attributes.find((a) => a.attribute_code === code)?.options.find((o) => o.value === String(id))?.code;
    const miscCodes = (p: SourceProduct) => (Array.isArray(p.attributes.misc) ? p.attributes.misc : []).map((id) => optionCode('misc', id));
    const watches = products.filter((p) => p.sku.startsWith('W-') && p.parent_id === undefined);

    it('names every option by a code unique within its attribute', () => {
      for (const a of attributes) {
        const codes = a.options.map((o) => o.code);
        expect(codes.every((c) => typeof c === 'string' && c.length > 0), a.attribute_code).toBe(true);
        expect(new Set(codes).size, a.attribute_code).toBe(codes.length);
      }
      expect(attributes.find((a) => a.attribute_code === 'carat')?.unit).toBe('ct');
    });

    it('gives most watches the condition new, then pre-owned, then vintage, each with a year that fits it', () => {
      const count = (condition: string) => watches.filter((p) => optionCode('condition', p.attributes.condition) === condition).length;
      expect(count('new')).toBeGreaterThan(count('pre_owned'));
      expect(count('pre_owned')).toBeGreaterThan(count('vintage'));
      expect(count('vintage')).toBeGreaterThan(0);
      for (const p of watches) {
        const condition = optionCode('condition', p.attributes.condition);
        const year = p.attributes.year;
        expect(typeof year, p.sku).toBe('number');
        if (condition === 'new') expect(year, p.sku).toBe(2025);
        if (condition === 'pre_owned') expect([year as number >= 1986, year as number <= 2024], p.sku).toEqual([true, true]);
        // A vintage watch is older than 1986, and its name carries the same year.
        if (condition === 'vintage') {
          expect(year as number, p.sku).toBeLessThan(1986);
          expect(p.stores.en.name, p.sku).toContain(`(${year})`);
        }
      }
    });

    it('sells every new watch as a full set, and some pre-owned ones with box and papers, others without', () => {
      for (const p of watches.filter((p) => optionCode('condition', p.attributes.condition) === 'new')) expect(miscCodes(p), p.sku).toContain('full_set');
      const preOwned = watches.filter((p) => optionCode('condition', p.attributes.condition) === 'pre_owned');
      const withBoxPapers = preOwned.filter((p) => miscCodes(p).includes('box_papers')).length;
      expect(withBoxPapers).toBeGreaterThan(preOwned.length * 0.3);
      expect(withBoxPapers).toBeLessThan(preOwned.length * 0.8);
      for (const p of preOwned) expect(miscCodes(p), p.sku).not.toContain('full_set');
    });

    it('weighs and grades every loose diamond as its name says, and weighs every loose gem', () => {
      const stones = products.filter((p) => p.sku.startsWith('D-') || p.sku.startsWith('G-'));
      expect(stones.length).toBeGreaterThan(20);
      for (const p of stones) {
        const carat = p.attributes.carat;
        expect(typeof carat === 'number' && carat > 0, p.sku).toBe(true);
        expect(p.stores.en.name, p.sku).toContain(`${(carat as number).toFixed(2)} ct`);
        expect(p.stores.nl.name, p.sku).toContain(`${(carat as number).toFixed(2).replace('.', ',')} ct`);
        if (p.sku.startsWith('D-')) {
          const clarity = optionCode('clarity_diamonds', p.attributes.clarity_diamonds) as string;
          expect(p.stores.en.name, p.sku).toContain(clarity);
          expect(optionCode('colour_diamonds', p.attributes.colour_diamonds), p.sku).toBeDefined();
        }
      }
    });

    it('weighs the main stone of jewellery as its name says, dates only pre-owned jewels, and keeps prices in line with weight', () => {
      const jewels = products.filter((p) => /^(R|E|N|B)-/.test(p.sku) && p.attributes.carat !== undefined);
      expect(jewels.length).toBeGreaterThan(50);
      for (const p of jewels) expect(p.stores.en.name, p.sku).toContain(`${(p.attributes.carat as number).toFixed(2)} ct`);
      for (const p of products.filter((p) => /^(R|E|N|B)-/.test(p.sku))) {
        expect(p.attributes.year !== undefined, p.sku).toBe(optionCode('condition', p.attributes.condition) === 'pre_owned');
      }
      // Among loose diamonds of one colour and clarity, the heavier stone never costs less.
      const diamonds = products.filter((p) => p.sku.startsWith('D-') && p.special_price === undefined);
      for (const a of diamonds) {
        for (const b of diamonds) {
          const same = ['colour_diamonds', 'clarity_diamonds', 'cut_diamonds'].every((code) => a.attributes[code as 'cut_diamonds'] === b.attributes[code as 'cut_diamonds']);
          if (same && (a.attributes.carat as number) > (b.attributes.carat as number) + 0.05) expect(a.price, `${a.sku} vs ${b.sku}`).toBeGreaterThanOrEqual(b.price);
        }
      }
    });
  });

  it('mixes stock: in stock, out of stock and unmanaged; pre-owned pieces one at a time', () => {
    expect(products.some((p) => p.stock.manage_stock && p.stock.qty > 0 && p.stock.is_in_stock)).toBe(true);
    expect(products.some((p) => p.stock.qty === 0 && !p.stock.is_in_stock)).toBe(true);
    expect(products.some((p) => !p.stock.manage_stock)).toBe(true);
    for (const p of products.filter((p) => p.flags.margin_product)) expect(p.stock.qty).toBeLessThanOrEqual(1);
  });

  it('spreads prices over every price bucket, with plausible prices per kind', () => {
    for (const bucket of priceBuckets()) {
      const inside = products.filter((p) => shownPrice(p) >= (bucket.from ?? 0) && (bucket.to === null || shownPrice(p) < bucket.to));
      expect(inside.length, `bucket ${bucket.key}`).toBeGreaterThan(0);
    }
    expect(PRICE_BUCKET_MAX / PRICE_BUCKET_STEP).toBe(12);
    for (const p of products) expect(p.price).toBeGreaterThan(0);
    const gems = products.filter((p) => p.sku.startsWith('G-')).map(shownPrice);
    expect(Math.min(...gems)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...gems)).toBeLessThanOrEqual(9000);
  });

  it('has special prices that apply, that wait, that are over, and that are not below the price', () => {
    const specials = products.filter((p) => p.special_price !== undefined);
    const applies = (p: SourceProduct) =>
      (p.special_price ?? 0) < p.price && (!p.special_from_date || Date.parse(p.special_from_date) <= NOW) && (!p.special_to_date || Date.parse(p.special_to_date) >= NOW);
    expect(specials.some(applies)).toBe(true);
    expect(specials.some((p) => p.special_from_date && Date.parse(p.special_from_date) > NOW)).toBe(true);
    expect(specials.some((p) => p.special_to_date && Date.parse(p.special_to_date) < NOW)).toBe(true);
    expect(specials.some((p) => (p.special_price ?? 0) >= p.price)).toBe(true);
    for (const p of products) expect(p.flags.sale).toBe(p.special_price !== undefined && applies(p));
    expect(products.some((p) => p.customprice_usd !== undefined)).toBe(true);
    expect(products.some((p) => p.customprice_gbp !== undefined)).toBe(true);
  });

  it('uses the margin class for pre-owned and vintage pieces and the standard class otherwise', () => {
    for (const p of products) expect(p.tax_class_id).toBe(p.flags.margin_product ? MARGIN_GOODS : TAXABLE_GOODS);
    const flags = ['new', 'sale', 'limited_edition', 'hide_price', 'is_bestseller', 'margin_product'] as const;
    for (const flag of flags) expect(products.some((p) => p.flags[flag]), flag).toBe(true);
    const bestsellers = products.filter((p) => p.flags.is_bestseller).length / products.length;
    expect(bestsellers).toBeGreaterThan(0.02);
    expect(bestsellers).toBeLessThan(0.09);
  });

  it('gives new items a valid EAN-13', () => {
    const checkDigitOk = (ean: string) => {
      const digits = [...ean].map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
      return (10 - (sum % 10)) % 10 === digits[12];
    };
    expect(ean13(123)).toBe('8710000001236');
    for (const p of products) {
      if (p.ean) {
        expect(p.ean).toMatch(/^\d{13}$/);
        expect(checkDigitOk(p.ean)).toBe(true);
      }
      if (p.flags.margin_product) expect(p.ean).toBeUndefined();
    }
  });

  it('has one to five pictures per product, each a path the media feature can draw', () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(5);
      p.images.forEach((image, index) => {
        const params = parseProductImagePath(image.path);
        expect(params, image.path).not.toBeNull();
        expect(params?.n).toBe(index + 1);
      });
    }
    for (const c of categories) if (c.image) expect(parseProductImagePath(c.image)).not.toBeNull();
  });

  it('shows every watch, ring, bracelet and necklace from the front, the side, the back or clasp and worn', () => {
    // A configurable watch's strap variants (visibility 1) keep one or two pictures of their own.
    const children = new Set(products.flatMap((p) => p.child_ids ?? []));
    // Gift sets and bundles show their main piece in a few views only.
    const main = products.filter((p) => !children.has(p.id) && (p.type_id === 'simple' || p.type_id === 'configurable'));
    let checked = 0;
    for (const p of main) {
      const params = p.images[0] ? parseProductImagePath(p.images[0].path) : null;
      if (!params || !['watch', 'ring', 'bracelet', 'necklace'].includes(params.kind)) continue;
      const views = p.images.map((image) => {
        const parsed = parseProductImagePath(image.path);
        return parsed ? IMAGE_VIEWS[parsed.kind][imageView(parsed.kind, parsed.n) - 1] : null;
      });
      expect(views.slice(0, 4), p.sku).toEqual(IMAGE_VIEWS[params.kind].slice(0, 4));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives every category a thumbnail the media feature can draw, and no landing page (the demo has no CMS blocks)', () => {
    const shown = categories.filter((c) => c.id > ROOT_CATEGORY_ID);
    for (const c of shown) {
      expect(c.thumbnail, String(c.id)).toBeDefined();
      expect(parseProductImagePath(c.thumbnail!), c.thumbnail).not.toBeNull();
      expect(c.landing_page ?? null).toBeNull();
    }
    // Subcategories of one parent do not all share one file.
    expect(new Set(shown.map((c) => c.thumbnail)).size).toBe(shown.length);
  });

  it('sends watches on an alligator strap within the EU only, and sets no limit on anything else', () => {
    const strapOption = attributes.find((a) => a.attribute_code === 'watch_strap')!.options.find((o) => o.labels.en === 'Alligator leather strap')!;
    const limited = products.filter((p) => p.allowedcountries);
    expect(limited.length).toBeGreaterThan(5);
    for (const p of limited) {
      expect(p.type_id, p.sku).toBe('simple');
      expect(p.attributes.watch_strap, p.sku).toBe(Number(strapOption.value));
      expect(p.allowedcountries).toEqual([...EU_COUNTRIES]);
      expect(p.allowedcountries).not.toContain('US');
    }
  });

  it('dates products before the base date, updates after creation', () => {
    for (const p of products) {
      const created = Date.parse(p.created_at);
      expect(created).toBeLessThanOrEqual(NOW);
      expect(Date.parse(p.updated_at)).toBeGreaterThanOrEqual(created);
      expect(Date.parse(p.updated_at)).toBeLessThanOrEqual(NOW);
    }
  });

  it('has a few disabled and not individually visible products', () => {
    expect(products.some((p) => p.status === 2 && p.parent_id === undefined)).toBe(true);
    expect(products.some((p) => p.visibility === 1 && p.parent_id === undefined)).toBe(true);
    expect(products.some((p) => p.visibility === 2)).toBe(true);
    expect(products.some((p) => p.visibility === 3)).toBe(true);
  });

  it('charges standard VAT per EU country, margin goods at 0%', () => {
    const [standard, margin] = catalogue.taxRules;
    const rate = (country: string) => standard?.rates.find((r) => r.tax_country_id === country)?.rate;
    expect(rate('NL')).toBe(21);
    expect(rate('DE')).toBe(19);
    expect(rate('BE')).toBe(21);
    expect(rate('FR')).toBe(20);
    expect(rate('HU')).toBe(27);
    expect(rate('GB')).toBe(20);
    expect(rate('US')).toBe(0);
    for (const country of EU_COUNTRIES) expect(rate(country), country).toBeGreaterThan(0);
    expect(margin?.product_tax_class_ids).toEqual([MARGIN_GOODS]);
    expect(margin?.rates.every((r) => r.rate === 0)).toBe(true);
    const rateIds = catalogue.taxRules.flatMap((r) => r.rates.map((x) => x.id));
    expect(new Set(rateIds).size).toBe(rateIds.length);
    expect(catalogue.taxClasses.map((c) => c.id).sort()).toEqual([2, 3, 5]);
  });
});
