import { z } from 'zod/mini';
import { CurrencyCodeSchema } from './location.schema.ts';

/** The most skus one render-list call prices (a listing page asks for 50). */
export const RENDER_LIST_MAX_SKUS = 200;

/** One product's prices for the visitor (spec 1 §7 "Product price render list"), see `pricesInCurrency`. */
export const RenderListItemSchema = z.object({
  id: z.number(),
  sku: z.string(),
  currency: CurrencyCodeSchema,
  tax_rate: z.number(),
  custom_price: z.boolean(),
  price: z.number(),
  price_incl_tax: z.number(),
  price_tax: z.number(),
  original_price: z.number(),
  original_price_incl_tax: z.number(),
  original_price_tax: z.number(),
  special_price: z.number(),
  special_price_incl_tax: z.number(),
  special_price_tax: z.number(),
  final_price: z.number(),
  final_price_incl_tax: z.number(),
  final_price_tax: z.number(),
});
export type RenderListItem = z.infer<typeof RenderListItemSchema>;

export const RenderListResultSchema = z.object({ items: z.array(RenderListItemSchema) });
export type RenderListResult = z.infer<typeof RenderListResultSchema>;
