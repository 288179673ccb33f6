import { describe, expect, it } from 'vitest';
import { CATEGORY_PREFETCH_LEVEL, categoriesToPrefetch, ROOT_CATEGORY_ID } from './category.ts';

type Row = Parameters<typeof categoriesToPrefetch>[0][number];

const row = (id: number, overrides: Partial<Row> = {}): Row => ({
  id,
  parent_id: ROOT_CATEGORY_ID,
  level: 2,
  position: id,
  product_count: 10,
  is_active: true,
  include_in_menu: true,
  ...overrides,
});

describe('categoriesToPrefetch (spec 1 §9 "Prefetch level 2")', () => {
  it('prefetches level 2, the top of the menu right under the root', () => {
    expect(CATEGORY_PREFETCH_LEVEL).toBe(2);
    expect(ROOT_CATEGORY_ID).toBe(2);
  });

  it('takes the active menu categories under the root that hold products, in menu order', () => {
    const categories = [
      row(2, { parent_id: 1, level: 1 }), // the root itself
      row(3, { position: 2 }),
      row(38, { position: 1 }),
      row(4, { parent_id: 3, level: 3, position: 0 }), // a child: level 3
      row(56, { include_in_menu: false }), // not in the menu
      row(57, { is_active: false }),
      row(58, { product_count: 0 }), // nothing to load
      row(47, { position: 2 }), // same position as 3: by id
    ];
    expect(categoriesToPrefetch(categories).map((c) => c.id)).toEqual([38, 3, 47]);
  });

  it('prefetches nothing while the tree is unknown', () => {
    expect(categoriesToPrefetch([])).toEqual([]);
  });
});
