import type { ConfigurableChild, Product } from './product.schema.ts';

/** Chosen value_index per configurable attribute code. */
export type VariantSelection = Readonly<Record<string, number>>;

export type VariantResult =
  | { status: 'simple' }
  | { status: 'incomplete'; candidates: ConfigurableChild[] }
  | { status: 'selected'; child: ConfigurableChild }
  | { status: 'unavailable' };

type VariantProduct = Pick<Product, 'type_id' | 'stock' | 'configurable_options' | 'configurable_children'>;

function childValue(child: ConfigurableChild, code: string): unknown {
  return (child as unknown as Record<string, unknown>)[code];
}

function hasValue(child: ConfigurableChild, code: string, value: number): boolean {
  const own = childValue(child, code);
  return Array.isArray(own) ? own.includes(value) : own === value;
}

/** Spec 1 §4: out-of-stock children and children with status 2 or higher are dropped. */
export function availableChildren(product: VariantProduct): ConfigurableChild[] {
  return (product.configurable_children ?? []).filter((child) => child.stock.is_in_stock && child.status < 2);
}

/**
 * The variant for a selection (spec 1 §4): 'unavailable' ('No available product variants') when the product
 * itself is out of stock or no available child matches; 'selected' once every option is chosen.
 */
export function selectVariant(product: VariantProduct, selection: VariantSelection): VariantResult {
  if (product.type_id !== 'configurable') return { status: 'simple' };
  if (!product.stock.is_in_stock) return { status: 'unavailable' };
  const options = product.configurable_options ?? [];
  const candidates = availableChildren(product).filter((child) =>
    options.every((option) => {
      const chosen = selection[option.attribute_code];
      return chosen === undefined || hasValue(child, option.attribute_code, chosen);
    }),
  );
  if (candidates.length === 0) return { status: 'unavailable' };
  const complete = options.every((option) => selection[option.attribute_code] !== undefined);
  return complete ? { status: 'selected', child: candidates[0]! } : { status: 'incomplete', candidates };
}

/** Whether choosing `value` for `code`, with the other current choices, still leads to an available child. */
export function isValueAvailable(product: VariantProduct, selection: VariantSelection, code: string, value: number): boolean {
  if (!product.stock.is_in_stock) return false;
  const next = { ...selection, [code]: value };
  return availableChildren(product).some((child) => Object.entries(next).every(([c, v]) => hasValue(child, c, v)));
}
