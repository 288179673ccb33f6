import { ROOT_CATEGORY_ID, type Category } from '@shop/shared';

export interface MenuItem {
  id: number;
  name: string;
  urlPath: string;
  children: MenuItem[];
}

type MenuCategory = Pick<Category, 'id' | 'parent_id' | 'level' | 'name' | 'url_path' | 'include_in_menu' | 'is_active' | 'position'>;

/**
 * The header menu from the flat category list: level-2 categories under the root that are active and in the
 * menu, each with its level-3 children, both ordered by position. A child whose parent is hidden is hidden too.
 */
export function buildMenuTree(categories: readonly MenuCategory[], maxLevel = 3): MenuItem[] {
  const visible = categories.filter((c) => c.is_active && c.include_in_menu && c.level >= 2 && c.level <= maxLevel);
  const byPosition = (a: MenuCategory, b: MenuCategory) => a.position - b.position || a.id - b.id;
  const childrenOf = (parentId: number): MenuItem[] =>
    visible
      .filter((c) => c.parent_id === parentId)
      .sort(byPosition)
      .map((c) => ({ id: c.id, name: c.name, urlPath: c.url_path, children: childrenOf(c.id) }));
  return childrenOf(ROOT_CATEGORY_ID);
}
