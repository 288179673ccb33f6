import type { Category } from './category.schema.ts';

/** Category constants of spec 1 §9. */
export const ROOT_CATEGORY_ID = 2;
export const CATEGORY_LOAD_SIZE = 4000;
export const CATEGORY_PREFETCH_LEVEL = 2;

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
