import { z } from 'zod/mini';

export const AttributeOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Optional swatch colour (hex) for colour-like attributes. */
  swatch: z.optional(z.string()),
  /** A stable name for the option whatever its labels ("box_papers"), when the catalogue gives one. */
  code: z.optional(z.string()),
});
export type AttributeOption = z.infer<typeof AttributeOptionSchema>;

export const FRONTEND_INPUTS = ['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'weight', 'media_image', 'date'] as const;

/** An attribute as served for one store view (spec 1 §3). */
export const AttributeSchema = z.object({
  attribute_id: z.number(),
  attribute_code: z.string(),
  frontend_label: z.string(),
  frontend_input: z.enum(FRONTEND_INPUTS),
  options: z.array(AttributeOptionSchema),
  is_comparable: z.boolean(),
  is_visible_on_front: z.boolean(),
  is_filterable: z.boolean(),
  is_searchable: z.boolean(),
  position: z.number(),
  /** Unit shown after numeric values, e.g. "mm" for case_height. */
  unit: z.optional(z.string()),
});
export type Attribute = z.infer<typeof AttributeSchema>;

