import { describe, expect, it } from 'vitest';
import { CartLineDocSchema, CartLineDocV0Schema } from '../cart/cart.schema.ts';
import { cartLineQty, mergeCartLine } from '../cart/cart-line.ts';
import { MIGRATIONS, migrateCartLineV0, migrateDocument, missingMigrations } from './migrations.ts';
import { OrderDocSchema } from './order.schema.ts';
import { FROZEN_CART_LINE_V0, SAMPLE_DOCS } from './test-documents.ts';

// As RxDB hands it to a migration: with its own bookkeeping fields.
const CART_LINE_V0 = Object.freeze({ ...FROZEN_CART_LINE_V0, _deleted: false, _meta: { lwt: 1_767_225_600_001 } });

describe('cart migration v0 → v1', () => {
  it('keeps the frozen fixture a valid v0 document', () => {
    expect(CartLineDocV0Schema.safeParse(CART_LINE_V0).success).toBe(true);
  });

  it('turns the plain quantity into one set op and the display fields into a snapshot', () => {
    const migrated = MIGRATIONS.cart[1]?.({ ...CART_LINE_V0 });
    expect(migrated).toEqual({
      id: 'RING-52:0123456789abcdef',
      updatedAt: 1_767_225_600_000,
      writeId: 'b6f1c0de-0000-4000-8000-000000000001',
      sku: 'RING-52',
      checksum: '0123456789abcdef',
      parentSku: 'RING',
      type_id: 'configurable',
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: 7, option_value: 52 }] } },
      custom_size: '52',
      custom_size_unit: 'mm',
      snapshot: {
        value: { name: 'Solitaire ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'rings/solitaire-ring.html' },
        at: 1_767_225_600_000,
        replica: 'migration',
      },
      ops: [{ id: 'v0-1767225600000', kind: 'set', qty: 3, at: 1_767_225_600_000, replica: 'migration' }],
      qty: 3,
      serverItemId: '4711',
      _deleted: false,
      _meta: { lwt: 1_767_225_600_001 },
    });
    expect(CartLineDocSchema.safeParse(migrated).success).toBe(true);
  });

  it('is deterministic, so two devices migrating the same line agree and merge to it', () => {
    const a = CartLineDocSchema.parse(migrateCartLineV0({ ...CART_LINE_V0 }));
    const b = CartLineDocSchema.parse(migrateCartLineV0({ ...CART_LINE_V0 }));
    expect(mergeCartLine(a, b)).toEqual(a);
  });

  it('keeps a later add made on a migrated line', () => {
    const migrated = CartLineDocSchema.parse(migrateCartLineV0({ ...CART_LINE_V0 }));
    const ops = [...migrated.ops, { id: 'a1', kind: 'add' as const, qty: 2, at: CART_LINE_V0.updatedAt + 1, replica: 'tab-a' }];
    expect(cartLineQty(ops)).toBe(5);
  });

  it.each([0, -2, Number.NaN, 2.7])('turns a v0 quantity of %s into a whole number not below 0', (qty) => {
    const migrated = migrateCartLineV0({ ...CART_LINE_V0, qty });
    expect(migrated.qty).toBe(qty === 2.7 ? 2 : 0);
    expect(CartLineDocSchema.safeParse(migrated).success).toBe(true);
  });

  it('runs the chain from a stored version to the current one', () => {
    expect(migrateDocument('cart', { ...CART_LINE_V0 }, 0)).toEqual(migrateCartLineV0({ ...CART_LINE_V0 }));
    const current = migrateDocument('cart', { ...CART_LINE_V0 }, 0);
    expect(migrateDocument('cart', current, 1)).toBe(current);
    expect(migrateDocument('cart', current, 2)).toBe(current);
    expect(migrateDocument('cart', current, 3)).toBe(current);
    expect(() => migrateDocument('cart', current, 4)).toThrow(RangeError);
    expect(() => migrateDocument('wishlist', current, 1)).toThrow(RangeError);
  });

  it('takes a v0 order (no language, no item options) to v1 unchanged: still a valid order, mailed in its store\'s language', () => {
    const v0 = Object.freeze({ ...SAMPLE_DOCS.orders, _deleted: false, _meta: { lwt: 1 } });
    const migrated = migrateDocument('orders', { ...v0 }, 0);
    expect(migrated).toEqual(v0);
    expect(OrderDocSchema.safeParse(migrated).success).toBe(true);
    expect(OrderDocSchema.safeParse({ ...migrated, language: 'de' }).success).toBe(true);
    expect(OrderDocSchema.safeParse({ ...migrated, language: 'fr' }).success).toBe(false);
  });

  it('keeps a v1 cart line and a v0 order as they are: the later versions only added optional fields', () => {
    const line = migrateCartLineV0({ ...CART_LINE_V0 });
    expect(MIGRATIONS.cart[2]?.({ ...line })).toEqual(line);
    expect(CartLineDocSchema.safeParse(migrateDocument('cart', { ...line }, 1)).success).toBe(true);
    const order = { ...SAMPLE_DOCS.orders, _deleted: false };
    expect(migrateDocument('orders', { ...order }, 0)).toEqual(order);
    expect(OrderDocSchema.safeParse(migrateDocument('orders', { ...order }, 0)).success).toBe(true);
  });

  it('has a strategy for every version above 0 of every collection', () => {
    expect(missingMigrations()).toEqual([]);
  });
});
