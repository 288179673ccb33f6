import type { Category } from '@shop/shared';

export interface MenuItem {
  id: number;
  name: string;
  urlPath: string;
  children: MenuItem[];
}

type MenuCategory = Pick<Category, 'id' | 'parent_id' | 'level' | 'name' | 'url_path' | 'include_in_menu' | 'is_active' | 'position'>;

/**
 * The header menu from the flat category list: the level-2 categories (children of the root) that are active
 * and in the menu, each with its level-3 children, both ordered by position. A child whose parent is hidden is
 * hidden too. Levels, not the root id, decide the top, so this module stays free of the schema code (and zod).
 */
export function buildMenuTree(categories: readonly MenuCategory[], maxLevel = 3): MenuItem[] {
  const visible = categories.filter((c) => c.is_active && c.include_in_menu && c.level >= 2 && c.level <= maxLevel);
  const byPosition = (a: MenuCategory, b: MenuCategory) => a.position - b.position || a.id - b.id;
  const toItem = (category: MenuCategory): MenuItem => ({
    id: category.id,
    name: category.name,
    urlPath: category.url_path,
    children: visible.filter((c) => c.parent_id === category.id && c.level === category.level + 1).sort(byPosition).map(toItem),
  });
  return visible.filter((c) => c.level === 2).sort(byPosition).map(toItem);
}
