/**
 * A small hand-made catalogue whose every count is known, for tests that assert exact search results.
 * Categories: 2 root > 10 Watches (> 11 Men's watches), 20 Jewellery (> 21 Rings), 30 inactive.
 */
import type { SourceCatalogue, SourceProduct } from '../storage/seed/catalogue-source.ts';

const texts = (nl: string, en: string, key: string) => ({ nl: { name: nl, url_key: key }, en: { name: en, url_key: key } });

const flags = { new: false, sale: false, limited_edition: false, hide_price: false, is_bestseller: false, margin_product: false };
const inStock = { qty: 5, is_in_stock: true, manage_stock: true, backorders: false };

function product(p: Partial<SourceProduct> & Pick<SourceProduct, 'id' | 'sku' | 'stores' | 'price' | 'category_ids'>): SourceProduct {
  return {
    type_id: 'simple',
    status: 1,
    visibility: 4,
    tax_class_id: 2,
    images: [{ path: `/media/catalog/watch/${p.sku}-1.svg` }],
    attributes: {},
    stock: inStock,
    flags,
    created_at: `2026-01-${String(p.id).padStart(2, '0')}T10:00:00.000Z`,
    updated_at: `2026-02-${String(p.id).padStart(2, '0')}T10:00:00.000Z`,
    ...p,
  };
}

export function fixtureCatalogue(): SourceCatalogue {
  return {
    attributes: [
      {
        attribute_id: 1,
        attribute_code: 'brand',
        frontend_input: 'select',
        labels: { nl: 'Merk', en: 'Brand' },
        options: [
          { value: '101', labels: { nl: 'Omega', en: 'Omega' } },
          { value: '102', labels: { nl: 'Rolex', en: 'Rolex' } },
          { value: '103', labels: { nl: 'Cartier', en: 'Cartier' } },
        ],
        is_comparable: true,
        is_visible_on_front: true,
        is_filterable: true,
        is_searchable: true,
        position: 1,
      },
      {
        attribute_id: 2,
        attribute_code: 'material',
        frontend_input: 'select',
        labels: { nl: 'Materiaal', en: 'Material' },
        options: [
          { value: '201', labels: { nl: 'Staal', en: 'Steel' } },
          { value: '202', labels: { nl: 'Geelgoud', en: 'Yellow gold' } },
        ],
        is_comparable: true,
        is_visible_on_front: true,
        is_filterable: true,
        is_searchable: true,
        position: 2,
      },
      {
        attribute_id: 3,
        attribute_code: 'size',
        frontend_input: 'select',
        labels: { nl: 'Maat', en: 'Size' },
        options: [
          { value: '301', labels: { nl: '52', en: '52' } },
          { value: '302', labels: { nl: '54', en: '54' } },
        ],
        is_comparable: false,
        is_visible_on_front: true,
        is_filterable: false,
        is_searchable: false,
        position: 3,
      },
      {
        attribute_id: 4,
        attribute_code: 'oculus_diameter',
        frontend_input: 'text',
        labels: { nl: 'Opening', en: 'Oculus' },
        options: [],
        is_comparable: true,
        is_visible_on_front: true,
        is_filterable: false,
        is_searchable: false,
        position: 4,
        unit: 'mm',
      },
      {
        attribute_id: 6,
        attribute_code: 'gem_stones',
        frontend_input: 'multiselect',
        labels: { nl: 'Edelstenen', en: 'Gem stones' },
        options: [
          { value: '401', labels: { nl: 'Saffier', en: 'Sapphire' } },
          { value: '402', labels: { nl: 'Robijn', en: 'Ruby' } },
        ],
        is_comparable: true,
        is_visible_on_front: true,
        is_filterable: true,
        is_searchable: true,
        position: 6,
      },
      {
        attribute_id: 5,
        attribute_code: 'case.colour',
        frontend_input: 'text',
        labels: { nl: 'Kastkleur', en: 'Case colour' },
        options: [],
        is_comparable: false,
        is_visible_on_front: false,
        is_filterable: false,
        is_searchable: false,
        position: 5,
      },
    ],
    categories: [
      { id: 1, parent_id: 0, position: 0, is_active: true, include_in_menu: false, display_mode: 'PRODUCTS', stores: texts('Root', 'Root', 'root') },
      { id: 2, parent_id: 1, position: 0, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: texts('Standaard', 'Default', 'default') },
      { id: 10, parent_id: 2, position: 1, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: { nl: { name: 'Horloges', url_key: 'horloges' }, en: { name: 'Watches', url_key: 'watches' } } },
      { id: 11, parent_id: 10, position: 1, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: { nl: { name: 'Herenhorloges', url_key: 'heren' }, en: { name: "Men's watches", url_key: 'men' } } },
      { id: 20, parent_id: 2, position: 2, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: { nl: { name: 'Sieraden', url_key: 'sieraden' }, en: { name: 'Jewellery', url_key: 'jewellery' } } },
      { id: 21, parent_id: 20, position: 1, is_active: true, include_in_menu: true, display_mode: 'PRODUCTS', stores: { nl: { name: 'Ringen', url_key: 'ringen' }, en: { name: 'Rings', url_key: 'rings' } } },
      { id: 30, parent_id: 2, position: 3, is_active: false, include_in_menu: false, display_mode: 'PRODUCTS', stores: texts('Archief', 'Archive', 'archief') },
    ],
    products: [
      product({ id: 1, sku: 'W-1', stores: texts('Omega Seamaster Aqua Terra', 'Omega Seamaster Aqua Terra', 'omega-seamaster-aqua-terra'), price: 5000, category_ids: [10, 11], attributes: { brand: 101, material: 201, oculus_diameter: 31 } }),
      product({ id: 2, sku: 'W-2', stores: texts('Omega Speedmaster Professional', 'Omega Speedmaster Professional', 'omega-speedmaster'), price: 6000, special_price: 5500, category_ids: [10, 11], attributes: { brand: 101, material: 201, oculus_diameter: 33 }, flags: { ...flags, new: true } }),
      product({ id: 3, sku: 'W-3', stores: texts('Rolex Submariner Date', 'Rolex Submariner Date', 'rolex-submariner-date'), price: 10000, category_ids: [10, 11], attributes: { brand: 102, material: 201, oculus_diameter: 31 }, flags: { ...flags, is_bestseller: true } }),
      product({ id: 4, sku: 'W-4', stores: texts('Rolex Day-Date goud', 'Rolex Day-Date gold', 'rolex-day-date'), price: 30000, category_ids: [10], attributes: { brand: 102, material: 202, gem_stones: [401] }, stock: { qty: 0, is_in_stock: false, manage_stock: true, backorders: false } }),
      product({ id: 5, sku: 'W-5', stores: texts('Cartier Tank Must', 'Cartier Tank Must', 'cartier-tank-must'), price: 2000, category_ids: [10], attributes: { brand: 103, material: 201 }, status: 2 }),
      product({ id: 6, sku: 'R-6', stores: texts('Gouden ring met diamant', 'Gold ring with diamond', 'gouden-ring'), price: 1000, category_ids: [20, 21], attributes: { brand: 103, material: 202, gem_stones: [401, 402] }, type_id: 'configurable', child_ids: [7, 8], configurable_options: [{ attribute_id: 3, attribute_code: 'size', label: 'Size', position: 0, values: [{ value_index: 301, label: '52' }, { value_index: 302, label: '54' }] }] }),
      product({ id: 7, sku: 'R-6-52', stores: texts('Gouden ring met diamant 52', 'Gold ring with diamond 52', 'gouden-ring-52'), price: 1100, category_ids: [], visibility: 1, parent_id: 6, attributes: { size: 301 } }),
      product({ id: 8, sku: 'R-6-54', stores: texts('Gouden ring met diamant 54', 'Gold ring with diamond 54', 'gouden-ring-54'), price: 900, category_ids: [], visibility: 1, parent_id: 6, attributes: { size: 302 } }),
    ],
    taxClasses: [
      { id: 2, name: 'Taxable Goods', type: 'PRODUCT' },
      { id: 3, name: 'Retail Customer', type: 'CUSTOMER' },
    ],
    taxRules: [
      {
        id: 1,
        code: 'Goods',
        priority: 0,
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [
          { id: 1, code: 'NL', rate: 21, tax_country_id: 'NL', tax_region_id: 0 },
          { id: 2, code: 'DE', rate: 19, tax_country_id: 'DE', tax_region_id: 0 },
        ],
      },
    ],
  };
}
