import { z } from 'zod/mini';
import { PRODUCT_TYPES } from '../catalogue/product-attributes.ts';
import { CurrencyCodeSchema } from '../location/location.schema.ts';
import { CartItemOptionsShape, ChecksumSchema } from '../cart/cart.schema.ts';
import { LANGUAGES } from '../stores/stores.ts';
import { LineOptionsSchema } from '../cart/line-options.ts';
import { ClientIdSchema, ReplicatedDocumentShape, SkuSchema, TimestampSchema } from './document.schema.ts';

export const OrderItemSchema = z.object({
  sku: SkuSchema,
  parentSku: z.optional(SkuSchema),
  type_id: z.enum(PRODUCT_TYPES),
  checksum: ChecksumSchema,
  ...CartItemOptionsShape,
  /** The chosen options as the shopper saw them (line-options.ts). */
  options: z.optional(LineOptionsSchema),
  qty: z.number().check(z.int(), z.minimum(1)),
  name: z.string(),
  price_incl_tax: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** An address as checkout collects it (spec 2 §3 shippingDetails / paymentDetails). */
export const OrderAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  streetAddress: z.string(),
  apartmentNumber: z.optional(z.string()),
  city: z.string(),
  state: z.optional(z.string()),
  region_id: z.optional(z.nullable(z.number())),
  zipCode: z.string(),
  phoneNumber: z.optional(z.string()),
  company: z.optional(z.string()),
  vatId: z.optional(z.string()),
  taxId: z.optional(z.string()),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

export const OrderTotalsSchema = z.object({
  subtotal_incl_tax: z.number(),
  shipping_incl_tax: z.number(),
  grand_total: z.number(),
});

/**
 * The fields the client writes when the shopper places an order. `id` (the client-made order id) is the idempotency
 * key all the way to the payment provider. `confirmed` is false for an offline order the shopper has not yet agreed to
 * send (spec 2 §4 "Offline orders"); the server places only confirmed orders. `language` is the shopper's interface
 * language when it is not their store's (v1): the order's mails are written in it.
 */
export const OrderRequestShape = {
  created_at: TimestampSchema,
  storeCode: z.string().check(z.maxLength(16)),
  language: z.optional(z.enum(LANGUAGES)),
  currency: CurrencyCodeSchema,
  customer_email: z.string(),
  personalDetails: z.object({
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    phoneNumber: z.optional(z.string()),
  }),
  shippingAddress: OrderAddressSchema,
  billingAddress: OrderAddressSchema,
  shippingMethod: z.object({ carrier_code: z.string(), method_code: z.string() }),
  paymentMethod: z.object({ code: z.string(), additional: z.optional(z.record(z.string(), z.string())) }),
  items: z.array(OrderItemSchema),
  totals: OrderTotalsSchema,
  po_number: z.optional(z.string()),
  comment: z.optional(z.string()),
  confirmed: z.boolean(),
};

/**
 * The fields only the server writes (ARCHITECTURE §4): whether the order reached the shop (`transmited`, the spec's
 * spelling), the shop's answer, the order number and status. A client creates an order with `transmited: false` and
 * never changes these; the server ignores them in a push.
 */
export const OrderResultShape = {
  transmited: z.boolean(),
  transmited_at: z.optional(TimestampSchema),
  result: z.optional(z.unknown()),
  resultCode: z.optional(z.number().check(z.int())),
  increment_id: z.optional(z.string()),
  orderNumber: z.optional(z.string()),
  status: z.optional(z.string()),
};

export const OrderDocSchema = z.object({ ...ReplicatedDocumentShape, ...OrderRequestShape, ...OrderResultShape });
export type OrderDoc = z.infer<typeof OrderDocSchema>;

export const ORDER_REQUEST_FIELDS = Object.keys(OrderRequestShape) as Array<keyof typeof OrderRequestShape>;
export const ORDER_SERVER_OWNED_FIELDS = Object.keys(OrderResultShape) as Array<keyof typeof OrderResultShape>;
/** 1: an order may keep its language, and an item its chosen options (added optional fields). */
export const ORDER_COLLECTION_VERSION = 1;
export const ORDER_INDEXES = [['created_at'], ['transmited', 'created_at']] as const;

/** Order ids are client-made; re-exported so that callers validate them with the same limit. */
export const OrderIdSchema = ClientIdSchema;
