/**
 * The shape of a catalogue before it is stored: what the demo generator emits and what an import reads.
 * Store-specific texts sit under `stores`; everything derived (url_path, slug, prices incl. tax, category
 * names on products, product counts) is computed when the catalogue is stored and indexed, never here.
 */
import type {
  AttributeOption,
  ConfigurableOption,
  ProductAttributeCode,
  ProductType,
  StoreCode,
  TaxClass,
  TaxRule,
} from '@shop/shared';

export interface StoreTexts {
  name: string;
  url_key: string;
  description?: string;
}

export interface SourceAttribute {
  attribute_id: number;
  attribute_code: string;
  frontend_input: 'select' | 'multiselect' | 'text' | 'textarea' | 'price' | 'boolean' | 'weight';
  /** Label per store. */
  labels: Record<StoreCode, string>;
  /** Options with a label per store; `value` is the option id as a string ("101"). */
  options: Array<Omit<AttributeOption, 'label'> & { labels: Record<StoreCode, string> }>;
  is_comparable: boolean;
  is_visible_on_front: boolean;
  is_filterable: boolean;
  is_searchable: boolean;
  position: number;
  unit?: string;
}

export interface SourceCategory {
  id: number;
  /** 1 for the root (id 2); the root's parent is 1. */
  parent_id: number;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
  display_mode: 'PRODUCTS' | 'PAGE' | 'PRODUCTS_AND_PAGE';
  image?: string;
  stores: Record<StoreCode, StoreTexts>;
}

export interface SourceStock {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  backorders: boolean;
}

/** Option ids (select), lists of option ids (multiselect) or plain numbers (e.g. oculus_diameter in mm). */
export type SourceAttributeValues = Partial<Record<ProductAttributeCode, number | number[]>>;

export interface SourceImage {
  /** Path served by the shop, e.g. "/media/catalog/W-000123-1.svg". */
  path: string;
  label?: string;
}

export interface SourceProduct {
  id: number;
  sku: string;
  type_id: ProductType;
  /** 1 enabled, 2 disabled. */
  status: number;
  /** 1 not visible individually, 2 catalogue, 3 search, 4 both. */
  visibility: number;
  stores: Record<StoreCode, StoreTexts & { short_description?: string }>;
  /** Prices excluding tax, EUR. */
  price: number;
  special_price?: number;
  special_from_date?: string;
  special_to_date?: string;
  tax_class_id: number;
  customprice_usd?: number;
  customprice_gbp?: number;
  ean?: string;
  images: SourceImage[];
  category_ids: number[];
  attributes: SourceAttributeValues;
  stock: SourceStock;
  flags: {
    new: boolean;
    sale: boolean;
    limited_edition: boolean;
    hide_price: boolean;
    is_bestseller: boolean;
    margin_product: boolean;
  };
  /** For configurable products: the options and the child product ids (children are products themselves, visibility 1). */
  configurable_options?: ConfigurableOption[];
  child_ids?: number[];
  /** For a child of a configurable product. */
  parent_id?: number;
  /** Grouped products: associated simple products. */
  links?: Array<{ sku: string; qty: number; position: number }>;
  /** Bundle products. */
  bundle_options?: Array<{
    option_id: number;
    title: Record<StoreCode, string>;
    type: 'select' | 'radio' | 'checkbox';
    required: boolean;
    position: number;
    links: Array<{ id: number; sku: string; qty: number; is_default: boolean; position: number }>;
  }>;
  created_at: string;
  updated_at: string;
}

export interface SourceCatalogue {
  seed: number;
  attributes: SourceAttribute[];
  categories: SourceCategory[];
  products: SourceProduct[];
  taxClasses: TaxClass[];
  taxRules: TaxRule[];
}
