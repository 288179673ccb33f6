import type { Category } from './category.schema.ts';

/** Category constants of spec 1 §9. */
export const ROOT_CATEGORY_ID = 2;
export const CATEGORY_LOAD_SIZE = 4000;
export const CATEGORY_PREFETCH_LEVEL = 2;

type PrefetchCategory = Pick<Category, 'id' | 'parent_id' | 'level' | 'position' | 'product_count' | 'is_active' | 'include_in_menu'>;

/**
 * The categories whose first page of products a storefront loads ahead (spec 1 §9 "Prefetch level 2"): those at
 * CATEGORY_PREFETCH_LEVEL, the top of the menu right under the root, that are active, in the menu and hold products,
 * in menu order. A hidden category is not one a shopper opens from the menu, and an empty one has nothing to load.
 */
export function categoriesToPrefetch<T extends PrefetchCategory>(categories: readonly T[]): T[] {
  return categories
    .filter((c) => c.level === CATEGORY_PREFETCH_LEVEL && c.parent_id === ROOT_CATEGORY_ID && c.is_active && c.include_in_menu && c.product_count > 0)
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

export interface BreadcrumbEntry {
  name: string;
  /** Store-relative route path ("horloges/heren"), or undefined for the current page. */
  routePath?: string;
}

/**
 * Breadcrumb route entries for a category (spec 1 §2): its active ancestors below the root, then the page
 * itself without a link. `categoriesById` needs only the ancestors.
 */
export function categoryBreadcrumbs(category: Pick<Category, 'name' | 'parent_ids'>, categoriesById: ReadonlyMap<number, Pick<Category, 'id' | 'name' | 'url_path' | 'level'>>): BreadcrumbEntry[] {
  const trail: BreadcrumbEntry[] = [];
  for (const id of category.parent_ids) {
    const ancestor = categoriesById.get(id);
    if (!ancestor || ancestor.id <= ROOT_CATEGORY_ID) continue;
    trail.push({ name: ancestor.name, routePath: ancestor.url_path });
  }
  trail.push({ name: category.name });
  return trail;
}

/**
 * The category fields a one-segment address that is no category path is tried against (spec 1 §2: category pages
 * accept the route params url-key, slug and id), in order: a number is an id; anything else a url key, then a slug.
 * The server's URL map follows it; the found category's url_path is where the storefront shows it.
 */
export function categoryAliasKeys(path: string): Array<'id' | 'url_key' | 'slug'> {
  if (path === '' || path.includes('/')) return [];
  return /^\d{1,9}$/.test(path) ? ['id'] : ['url_key', 'slug'];
}
