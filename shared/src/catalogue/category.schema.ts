import { z } from 'zod/mini';

/** A category as served for one store view (spec 1 §3). `children_data` is filled on tree requests. */
export interface Category {
  id: number;
  parent_id: number;
  parent_ids: number[];
  level: number;
  name: string;
  slug: string;
  path: string;
  position: number;
  product_count: number;
  is_active: boolean;
  include_in_menu: boolean;
  url_key: string;
  url_path: string;
  children_count: number;
  children_data?: Category[] | undefined;
  image?: string | undefined;
  description?: string | undefined;
  thumbnail?: string | undefined;
  display_mode: 'PRODUCTS' | 'PAGE' | 'PRODUCTS_AND_PAGE';
  /** The CMS block id shown on the category page, or null (none). */
  landing_page?: number | null | undefined;
}

const CategoryShape = {
  id: z.number(),
  parent_id: z.number(),
  parent_ids: z.array(z.number()),
  level: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  position: z.number(),
  product_count: z.number(),
  is_active: z.boolean(),
  include_in_menu: z.boolean(),
  url_key: z.string(),
  url_path: z.string(),
  children_count: z.number(),
  image: z.optional(z.string()),
  description: z.optional(z.string()),
  thumbnail: z.optional(z.string()),
  display_mode: z.enum(['PRODUCTS', 'PAGE', 'PRODUCTS_AND_PAGE']),
  landing_page: z.optional(z.nullable(z.number())),
};

export const CategorySchema: z.ZodMiniType<Category> = z.object({
  ...CategoryShape,
  get children_data() {
    return z.optional(z.array(CategorySchema));
  },
});

