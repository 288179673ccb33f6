/**
 * What the demo content needs to know about the catalogue it sits on: category addresses per store, attribute option
 * ids (a landing page filters by them, as a category page's route query does) and the products a post may name.
 * Read from the generated catalogue, so content and catalogue can never disagree.
 */
import { ROOT_CATEGORY_ID, type StoreCode } from '@shop/shared';
import type { SourceCatalogue, SourceProduct } from '../catalogue-source.ts';

export interface CatalogueFacts {
  /** The category's url_path in a store (`watches/vintage`), by the category's English url path. */
  categoryPath(store: StoreCode, englishPath: string): string;
  /** The category id at an English url path. */
  categoryId(englishPath: string): number;
  /** The option id (as a route query value) of an attribute's option, by its English label. */
  optionId(attribute: string, englishLabel: string): string;
  /** Products a shopper can open (enabled, visible in the catalogue), in sku order. */
  visible: readonly SourceProduct[];
  /** Visible products with an attribute set to one of the options (English labels). */
  withOption(attribute: string, englishLabels: readonly string[], among?: readonly SourceProduct[]): SourceProduct[];
  /** Visible products in a category (English url path). */
  inCategory(englishPath: string, among?: readonly SourceProduct[]): SourceProduct[];
}

export function catalogueFacts(catalogue: SourceCatalogue): CatalogueFacts {
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  const pathOf = (id: number, store: StoreCode): string => {
    const keys: string[] = [];
    for (let c = byId.get(id); c && c.id !== ROOT_CATEGORY_ID; c = byId.get(c.parent_id)) keys.unshift(c.stores[store]?.url_key ?? '');
    return keys.join('/');
  };
  const byEnglishPath = new Map(catalogue.categories.filter((c) => c.id !== ROOT_CATEGORY_ID).map((c) => [pathOf(c.id, 'en'), c.id]));
  const categoryId = (englishPath: string): number => {
    const id = byEnglishPath.get(englishPath);
    if (id === undefined) throw new Error(`The demo catalogue has no category at "${englishPath}"`);
    return id;
  };
  const optionId = (attribute: string, englishLabel: string): string => {
    const option = catalogue.attributes.find((a) => a.attribute_code === attribute)?.options?.find((o) => o.labels.en === englishLabel);
    if (!option) throw new Error(`The demo catalogue has no ${attribute} option "${englishLabel}"`);
    return String(option.value);
  };
  const visible = catalogue.products.filter((p) => p.status === 1 && (p.visibility === 2 || p.visibility === 4)).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const hasOption = (p: SourceProduct, attribute: string, ids: ReadonlySet<string>): boolean => {
    const value = (p.attributes as Record<string, unknown> | undefined)?.[attribute];
    const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    return values.some((v) => ids.has(String(v)));
  };
  return {
    categoryPath: (store, englishPath) => pathOf(categoryId(englishPath), store),
    categoryId,
    optionId,
    visible,
    withOption: (attribute, labels, among = visible) => {
      const ids = new Set(labels.map((label) => optionId(attribute, label)));
      return among.filter((p) => hasOption(p, attribute, ids));
    },
    inCategory: (englishPath, among = visible) => {
      const id = categoryId(englishPath);
      return among.filter((p) => p.category_ids.includes(id));
    },
  };
}
