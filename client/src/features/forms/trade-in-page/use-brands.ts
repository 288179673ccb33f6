/** The brands of the catalogue (the `brand` attribute's options), for the trade-in's brand list; offline the last seen. */
import type { StoreCode } from '@shop/shared';
import { useEffect, useState } from 'react';
import { loadAttributes } from '../../catalogue/catalogue-api.ts';

export function useBrands(store: StoreCode): string[] {
  const [brands, setBrands] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    loadAttributes(store, ['brand']).then(
      (attributes) => {
        const labels = attributes.find((attribute) => attribute.attribute_code === 'brand')?.options.map((option) => option.label) ?? [];
        if (live) setBrands([...new Set(labels)].sort((a, b) => a.localeCompare(b)));
      },
      // Without the list (offline, never seen) the shopper picks "Another brand" and types it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);
  return brands;
}
