import { describe, expect, it } from 'vitest';
import { category } from '../../test/shop-test-utils.tsx';
import { buildMenuTree } from './menu-tree.ts';

describe('buildMenuTree', () => {
  const root = category({ id: 2, name: 'Root', level: 1, parent_id: 1, parent_ids: [1] });
  const watches = category({ id: 3, name: 'Watches', position: 2 });
  const jewellery = category({ id: 4, name: 'Jewellery', position: 1 });
  const men = category({ id: 10, name: "Men's", parent_id: 3, parent_ids: [1, 2, 3], level: 3, url_path: 'watches/mens', position: 2 });
  const women = category({ id: 11, name: "Women's", parent_id: 3, parent_ids: [1, 2, 3], level: 3, url_path: 'watches/womens', position: 1 });
  const straps = category({ id: 12, name: 'Straps', parent_id: 10, parent_ids: [1, 2, 3, 10], level: 4, url_path: 'watches/mens/straps' });

  it('nests level-3 categories under their level-2 parents, both ordered by position', () => {
    const tree = buildMenuTree([men, root, watches, straps, women, jewellery]);
    expect(tree.map((item) => item.name)).toEqual(['Jewellery', 'Watches']);
    expect(tree[1]?.children.map((item) => [item.name, item.urlPath])).toEqual([
      ["Women's", 'watches/womens'],
      ["Men's", 'watches/mens'],
    ]);
    expect(tree[1]?.children[1]?.children).toEqual([]);
  });

  it('leaves out categories not in the menu or inactive, and the children of hidden parents', () => {
    const tree = buildMenuTree([root, { ...watches, include_in_menu: false }, men, { ...jewellery, is_active: false }]);
    expect(tree).toEqual([]);
  });
});
