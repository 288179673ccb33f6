import type { Category, StoreCode } from '@shop/shared';
import { useMemo } from 'react';
import { useResource } from '../../app/resource.ts';
import { loadCategories } from './catalogue-api.ts';

export function useCategories(store: StoreCode) {
  const resource = useResource(`categories:${store}`, () => loadCategories(store));
  const byId = useMemo(() => new Map<number, Category>((resource.data ?? []).map((c) => [c.id, c])), [resource.data]);
  return { ...resource, byId };
}
