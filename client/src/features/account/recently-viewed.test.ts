import type { ProductListItem } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { withViewed } from './recently-viewed.ts';

const item = (sku: string) => ({ sku, name: sku, url_path: sku }) as unknown as ProductListItem;

describe('recently viewed', () => {
  it('puts the product viewed last first, once', () => {
    const list = withViewed(withViewed(withViewed([], item('a')), item('b')), item('a'));
    expect(list.map((product) => product.sku)).toEqual(['a', 'b']);
  });

  it('keeps at most the maximum, dropping the oldest', () => {
    let list: ProductListItem[] = [];
    for (const sku of ['a', 'b', 'c', 'd']) list = withViewed(list, item(sku), 3);
    expect(list.map((product) => product.sku)).toEqual(['d', 'c', 'b']);
  });
});
