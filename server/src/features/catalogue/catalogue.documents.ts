/** Builds the documents the API serves (spec 1 §3) from the stored catalogue, for one store view. */
import {
  PRODUCT_ATTRIBUTE_CODES,
  productSlug,
  type Attribute,
  type Category,
  type ConfigurableChild,
  type ConfigurableOption,
  type Product,
  type ProductPrices,
  type StoreCode,
} from '@shop/shared';
import { imagePath, isoTime, productDetails, productText, productTexts, type CatalogueSnapshot, type ProductDescription, type ProductDetails, type StoredAttribute, type StoredCategory, type StoredProduct } from './catalogue.snapshot.ts';

export interface DocumentContext {
  snapshot: CatalogueSnapshot;
  pricesOf: (productId: number) => ProductPrices;
  productCounts: ReadonlyMap<number, number>;
  useUrlKeys: boolean;
}

export function attributeDocument(attribute: StoredAttribute, store: StoreCode): Attribute {
  return {
    attribute_id: attribute.attribute_id,
    attribute_code: attribute.attribute_code,
    frontend_label: attribute.labels[store],
    frontend_input: attribute.frontend_input,
    options: attribute.options.map((o) => ({ value: o.value, label: o.labels[store], ...(o.swatch ? { swatch: o.swatch } : {}), ...(o.code ? { code: o.code } : {}) })),
    is_comparable: attribute.is_comparable,
    is_visible_on_front: attribute.is_visible_on_front,
    is_filterable: attribute.is_filterable,
    is_searchable: attribute.is_searchable,
    position: attribute.position,
    ...(attribute.unit ? { unit: attribute.unit } : {}),
  };
}

/**
 * A category for one store view. Its slug follows the products' rule (spec 1 §2): the url key, or with url keys off
 * the slugified name and the id. `thumbnail` is its own, else its image; `landing_page` is its CMS block or null.
 * `children_data` is left to the single loads (`withChildren`).
 */
export function categoryDocument(category: StoredCategory, store: StoreCode, context: Pick<DocumentContext, 'snapshot' | 'productCounts' | 'useUrlKeys'>): Category {
  const texts = category.texts[store];
  const ids = category.path.split('/').map(Number);
  return {
    id: category.id,
    parent_id: category.parent_id,
    parent_ids: ids.slice(0, -1),
    level: category.level,
    name: texts.name,
    slug: productSlug({ name: texts.name, id: category.id, url_key: texts.url_key }, context.useUrlKeys),
    path: category.path,
    position: category.position,
    product_count: context.productCounts.get(category.id) ?? 0,
    is_active: category.is_active,
    include_in_menu: category.include_in_menu,
    url_key: texts.url_key,
    url_path: texts.url_path,
    children_count: context.snapshot.categories.filter((c) => c.parent_id === category.id).length,
    display_mode: category.display_mode,
    ...(category.image ? { image: category.image } : {}),
    ...(texts.description ? { description: texts.description } : {}),
    ...(category.thumbnail || category.image ? { thumbnail: (category.thumbnail ?? category.image)! } : {}),
    landing_page: category.landing_page,
  };
}

/**
 * The category with `children_data` filled `depth` levels down (spec 1 §9 prefetch level 2): its active children in
 * position order, each with theirs, the last level without. `all` is the store's list of category documents.
 */
export function withChildren(category: Category, all: readonly Category[], depth: number): Category {
  if (depth <= 0) return category;
  const children = all
    .filter((c) => c.parent_id === category.id && c.is_active)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((child) => withChildren(child, all, depth - 1));
  return { ...category, children_data: children };
}

function attributeValues(product: StoredProduct): Partial<Record<(typeof PRODUCT_ATTRIBUTE_CODES)[number], number | number[]>> {
  const values: Partial<Record<(typeof PRODUCT_ATTRIBUTE_CODES)[number], number | number[]>> = {};
  for (const code of PRODUCT_ATTRIBUTE_CODES) {
    const value = product.attributes[code];
    // Lists are shared between products in the snapshot (see `Interner`): the document gets its own copy.
    if (value !== undefined) values[code] = Array.isArray(value) ? [...value] : value;
  }
  return values;
}

function childDocument(child: StoredProduct, store: StoreCode, context: DocumentContext): ConfigurableChild {
  return {
    id: child.id,
    sku: child.sku,
    name: productText(child, store, 'name'),
    status: child.status,
    image: imagePath(child),
    stock: { ...child.stock },
    ...context.pricesOf(child.id),
    tax_class_id: child.tax_class_id,
    special_from_date: child.special_from_date,
    special_to_date: child.special_to_date,
    ...attributeValues(child),
  };
}

/**
 * The fields of a product's document that come from its details (`productDetails`), decoded on demand. A document
 * built without its details (a listing that asks for none of these) leaves them empty.
 */
export const PRODUCT_DETAIL_FIELDS = [
  'media_gallery',
  'ean',
  'customprice_usd',
  'customprice_gbp',
  'configurable_options',
  'configurable_children',
  'product_links',
  'allowedcountries',
  'custom_size_kind',
] as const;

const WITHOUT_DETAILS: ProductDetails = Object.freeze({ images: [] });

/**
 * A product's document; `description` is given when the caller read it (documents for listings go without), and
 * `withDetails: false` leaves out what PRODUCT_DETAIL_FIELDS names (for a listing whose projection drops it anyway).
 */
export function productDocument(product: StoredProduct, store: StoreCode, context: DocumentContext, description?: ProductDescription, withDetails = true): Product {
  const { snapshot } = context;
  const details = withDetails ? productDetails(product) : WITHOUT_DETAILS;
  const texts = productTexts(product, store);
  const parent = product.parent_id === null ? undefined : snapshot.productsById.get(product.parent_id);
  const children = (product.child_ids ?? []).flatMap((id) => {
    const child = snapshot.productsById.get(id);
    return child ? [childDocument(child, store, context)] : [];
  });
  const categories = product.category_ids.flatMap((id) => {
    const category = snapshot.categoriesById.get(id);
    if (!category) return [];
    const t = category.texts[store];
    return [{ category_id: id, name: t.name, slug: t.url_key, path: t.url_path }];
  });

  const document: Product = {
    id: product.id,
    sku: product.sku,
    name: texts.name,
    type_id: product.type_id,
    status: product.status,
    visibility: product.visibility,
    url_key: texts.url_key,
    url_path: texts.url_path,
    slug: productSlug({ name: texts.name, id: product.id, url_key: texts.url_key }, context.useUrlKeys),
    image: imagePath(product),
    media_gallery: details.images.map((image, index) => ({ image: image.path, pos: index + 1, ...(image.label ? { label: image.label } : {}) })),
    description: description?.description ?? '',
    short_description: description?.short_description ?? '',
    ...(details.ean ? { ean: details.ean } : {}),
    ...(parent ? { parentSku: parent.sku, parentId: parent.id } : {}),
    ...context.pricesOf(product.id),
    special_from_date: product.special_from_date,
    special_to_date: product.special_to_date,
    tax_class_id: product.tax_class_id,
    tier_prices: [],
    ...(details.customprice_usd !== undefined ? { customprice_usd: details.customprice_usd } : {}),
    ...(details.customprice_gbp !== undefined ? { customprice_gbp: details.customprice_gbp } : {}),
    stock: { ...product.stock },
    category: categories,
    category_ids: [...product.category_ids],
    ...(details.configurable_options ? { configurable_options: localizedOptions(details.configurable_options, store, snapshot), configurable_children: children } : {}),
    ...(product.links || details.related_links ? { product_links: productLinks(product, details, snapshot) } : {}),
    ...(product.bundle_options
      ? {
          bundle_options: product.bundle_options.map((option) => ({
            option_id: option.option_id,
            title: option.title[store],
            type: option.type,
            required: option.required,
            position: option.position,
            product_links: option.links.map((l) => ({ ...l })),
          })),
        }
      : {}),
    new: product.flags.new,
    sale: product.flags.sale,
    limited_edition: product.flags.limited_edition,
    hide_price: product.flags.hide_price,
    is_bestseller: product.flags.is_bestseller,
    margin_product: product.flags.margin_product,
    ...(details.allowedcountries?.length ? { allowedcountries: [...details.allowedcountries] } : {}),
    ...(details.custom_size_kind ? { custom_size_kind: details.custom_size_kind } : {}),
    ...attributeValues(product),
    created_at: isoTime(product.created_at),
    updated_at: isoTime(product.updated_at),
  };
  return document;
}

/**
 * A grouped product's pieces (`associated`), then the products its page shows (`related`, `upsell`, `crosssell`);
 * a related product no longer in the catalogue is left out.
 */
function productLinks(product: StoredProduct, details: ProductDetails, snapshot: CatalogueSnapshot): NonNullable<Product['product_links']> {
  const associated = (product.links ?? []).map((link) => ({
    link_type: 'associated' as const,
    linked_product_sku: link.sku,
    linked_product_type: snapshot.productsBySku.get(link.sku)?.type_id ?? 'simple',
    qty: link.qty,
    position: link.position,
  }));
  const related = (details.related_links ?? []).flatMap((link) => {
    const linked = snapshot.productsBySku.get(link.sku);
    return linked ? [{ link_type: link.link_type, linked_product_sku: link.sku, linked_product_type: linked.type_id, qty: 1, position: link.position }] : [];
  });
  return [...associated, ...related];
}

/** Configurable option and value labels in the store's language, from the attribute they choose. */
function localizedOptions(options: readonly ConfigurableOption[], store: StoreCode, snapshot: CatalogueSnapshot): ConfigurableOption[] {
  return options.map((option) => {
    const attribute = snapshot.attributesByCode.get(option.attribute_code);
    if (!attribute) return option;
    const labels = new Map(attribute.options.map((o) => [o.value, o.labels[store]]));
    return {
      ...option,
      label: attribute.labels[store],
      values: option.values.map((v) => ({ ...v, label: labels.get(String(v.value_index)) ?? v.label })),
    };
  });
}

/** Applies included and excluded fields (top-level names or one dotted level, e.g. "stock.qty"). */
export function projectFields<T extends object>(document: T, include: readonly string[], exclude: readonly string[]): Partial<T> {
  let result: Record<string, unknown> = document as Record<string, unknown>;
  if (include.length > 0) {
    const picked: Record<string, unknown> = {};
    for (const field of include) {
      const [head = '', tail] = field.split('.', 2);
      if (!(head in result)) continue;
      if (tail === undefined) picked[head] = result[head];
      else {
        const inner = result[head];
        if (inner && typeof inner === 'object' && !Array.isArray(inner) && tail in inner) {
          picked[head] = { ...(picked[head] as object), [tail]: (inner as Record<string, unknown>)[tail] };
        }
      }
    }
    result = picked;
  }
  if (exclude.length > 0) {
    result = { ...result };
    for (const field of exclude) {
      const [head = '', tail] = field.split('.', 2);
      if (tail === undefined) delete result[head];
      else if (result[head] && typeof result[head] === 'object' && !Array.isArray(result[head])) {
        const copy = { ...(result[head] as Record<string, unknown>) };
        delete copy[tail];
        result[head] = copy;
      }
    }
  }
  return result as Partial<T>;
}
