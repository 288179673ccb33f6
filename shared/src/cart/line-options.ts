import { z } from 'zod/mini';
import type { ConfigurableOption, Product } from '../catalogue/product.schema.ts';
import type { BundleItemOption, ConfigurableItemOption, ProductOption } from './cart.schema.ts';
import { bundleLinkQty } from './line-choice.ts';

/**
 * What a line shows of the options chosen for it (a ring size, the pieces of a bundle), wherever it is shown: the
 * minicart, the checkout summary, the thank-you page, My orders and the order mail. The labels are taken when the
 * shopper chooses (the product page has the product; the minicart and an order, offline, do not), and kept with the
 * line and the order item. `code` names a configurable attribute, so a screen can name the option in its own
 * language; the chosen value stays as the catalogue named it.
 */
export const LineOptionSchema = z.object({
  code: z.optional(z.string().check(z.maxLength(64))),
  label: z.string().check(z.maxLength(200)),
  value: z.string().check(z.maxLength(1000)),
});
export type LineOption = z.infer<typeof LineOptionSchema>;
export const LINE_OPTIONS_MAX = 20;
export const LineOptionsSchema = z.array(LineOptionSchema).check(z.maxLength(LINE_OPTIONS_MAX));

/** The configurable options chosen (attribute id → value index), in the product's order, with their labels. */
export function configurableLineOptions(options: readonly ConfigurableOption[], chosen: readonly ConfigurableItemOption[]): LineOption[] {
  return [...options]
    .sort((a, b) => a.position - b.position)
    .flatMap((option) => {
      const pick = chosen.find((c) => c.option_id === option.attribute_id);
      if (!pick) return [];
      const value = option.values.find((v) => v.value_index === pick.option_value);
      return [{ code: option.attribute_code, label: option.label, value: value?.label ?? String(pick.option_value) }];
    });
}

/**
 * The bundle options chosen: each option's title with the pieces chosen for it ("2 × Name" when the bundle holds more
 * than one of a piece). A piece whose name is unknown is named by its sku.
 */
export function bundleLineOptions(options: Readonly<NonNullable<Product['bundle_options']>>, chosen: readonly BundleItemOption[], memberName: (sku: string) => string | undefined): LineOption[] {
  return [...options]
    .sort((a, b) => a.position - b.position)
    .flatMap((option) => {
      const pick = chosen.find((c) => c.option_id === option.option_id);
      const links = pick ? option.product_links.filter((link) => pick.option_selections.includes(link.id)) : [];
      if (links.length === 0) return [];
      const pieces = links.map((link) => {
        const name = memberName(link.sku) ?? link.sku;
        // The quantity the catalogue fixes for the piece: the one priced and reserved (line-choice.ts).
        const times = bundleLinkQty(link);
        return times > 1 ? `${times} × ${name}` : name;
      });
      return [{ label: option.title, value: pieces.join(', ') }];
    });
}

/** The labelled options of a product's `product_option` (configurable or bundle); none for other products. */
export function productLineOptions(
  product: Pick<Product, 'configurable_options' | 'bundle_options'>,
  productOption: ProductOption | undefined,
  memberName: (sku: string) => string | undefined = () => undefined,
): LineOption[] {
  const ext = productOption?.extension_attributes;
  if (!ext) return [];
  const rows = [
    ...configurableLineOptions(product.configurable_options ?? [], ext.configurable_item_options ?? []),
    ...bundleLineOptions(product.bundle_options ?? [], ext.bundle_options ?? [], memberName),
  ];
  return rows.slice(0, LINE_OPTIONS_MAX).map((row) => ({ ...row, label: row.label.slice(0, 200), value: row.value.slice(0, 1000) }));
}

export interface LineOptionsSource {
  options?: readonly LineOption[] | undefined;
  custom_size?: string | undefined;
  custom_size_unit?: string | undefined;
}

/** Only the fields `lineOptionRows` reads, of a cart line, an order item or anything that carries them. */
export function lineOptionsOf(item: LineOptionsSource | undefined): LineOptionsSource {
  const source: LineOptionsSource = {};
  if (item?.options?.length) source.options = item.options;
  if (item?.custom_size) {
    source.custom_size = item.custom_size;
    if (item.custom_size_unit) source.custom_size_unit = item.custom_size_unit;
  }
  return source;
}

export interface LineOptionNames {
  /** The label of a custom (ring) size, in the reader's language. */
  size: string;
  /** The name of a configurable option in the reader's language (the stored label when there is none). */
  attribute?: (code: string, label: string) => string;
}

export interface LineOptionRow {
  label: string;
  value: string;
}

/** The rows shown under a line's name: its chosen options, then its custom size ("52 mm"). */
export function lineOptionRows(source: LineOptionsSource, names: LineOptionNames): LineOptionRow[] {
  const rows: LineOptionRow[] = (source.options ?? []).map((option) => ({
    label: option.code && names.attribute ? names.attribute(option.code, option.label) : option.label,
    value: option.value,
  }));
  const size = source.custom_size?.trim();
  if (size) rows.push({ label: names.size, value: source.custom_size_unit ? `${size} ${source.custom_size_unit}` : size });
  return rows;
}
