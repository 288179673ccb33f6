import type { Category } from '@shop/shared';

/**
 * The categories a search that found nothing offers instead (issue 19): the menu's sub-categories (level 3) holding
 * the most products, at most `limit`; a shop without sub-categories offers its departments (level 2) that way.
 */
export function popularCategories(categories: readonly Category[], limit = 6): Category[] {
  const shown = categories.filter((category) => category.is_active && category.include_in_menu && category.product_count > 0);
  const level = shown.some((category) => category.level === 3) ? 3 : 2;
  return shown
    .filter((category) => category.level === level)
    .sort((a, b) => b.product_count - a.product_count || a.position - b.position || a.id - b.id)
    .slice(0, limit);
}
