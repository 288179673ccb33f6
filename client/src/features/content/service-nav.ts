/**
 * The service pages' side navigation: where a CMS page sits in the page hierarchy (`cms_hierarchy`), and the pages
 * beside it. Pure, so it is tested without a page.
 */
import type { CmsHierarchyNode } from '@shop/shared/content/content.schema';

export interface SectionNav {
  /** The node the pages hang under (its title heads the navigation). */
  parent: CmsHierarchyNode;
  /** Its children that name a page, in position order (this page among them). */
  pages: CmsHierarchyNode[];
}

/** The section of the page `identifier` in the hierarchy `roots` (children filled), or null when it is in none. */
export function sectionOf(roots: readonly CmsHierarchyNode[], identifier: string): SectionNav | null {
  const visit = (parent: CmsHierarchyNode): SectionNav | null => {
    const children = parent.children ?? [];
    if (children.some((child) => child.page_identifier === identifier)) {
      const pages = children.filter((child) => child.path !== null).sort((a, b) => a.position - b.position);
      return pages.length > 1 ? { parent, pages } : null;
    }
    for (const child of children) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  for (const root of roots) {
    const found = visit(root);
    if (found) return found;
  }
  return null;
}
