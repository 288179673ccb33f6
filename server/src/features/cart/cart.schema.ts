/**
 * Request bodies of the cart calls (spec 1 §7, spec 2 §7 "Cart sync calls"). The shared schemas give the product
 * options; the envelopes around them are the spec's and live here. Strings are bounded: these are public endpoints.
 */
import { DomainError } from '@shop/shared';
import { ProductOptionSchema } from '@shop/shared/cart/index';
import { z } from 'zod/mini';
import { describeIssues } from '../replication/replication.protocol.ts';

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`));
const idLike = z.union([z.number(), text(64)]);

export const CartItemBodySchema = z.object({
  sku: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(128, 'must be at most 128 characters'))),
  qty: z.optional(z.nullable(z.union([z.number(), text(20)]))),
  item_id: z.optional(z.nullable(idLike)),
  quoteId: z.optional(z.nullable(idLike)),
  quote_id: z.optional(z.nullable(idLike)),
  product_option: z.optional(ProductOptionSchema),
  extension_attributes: z.optional(
    z.object({
      custom_size: z.optional(text(32)),
      custom_size_unit: z.optional(text(16)),
      currency_code: z.optional(text(3)),
    }),
  ),
});
export type CartItemBody = z.infer<typeof CartItemBodySchema>;

export const UpdateBodySchema = z.object({ cartItem: CartItemBodySchema });
export const DeleteBodySchema = z.object({ cartItem: CartItemBodySchema });
export const CreateBodySchema = z.optional(z.nullable(z.object({ purchaserId: z.optional(z.nullable(text(64))) })));

const countryId = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as NL'));

export const AddressSchema = z.object({
  country_id: z.optional(countryId),
  countryId: z.optional(countryId),
  region: z.optional(z.nullable(text(100))),
  region_id: z.optional(z.nullable(z.union([z.number(), text(20)]))),
  region_code: z.optional(z.nullable(text(20))),
  street: z.optional(z.array(text(200)).check(z.maxLength(4, 'has at most 4 lines'))),
  postcode: z.optional(z.nullable(text(20))),
  city: z.optional(z.nullable(text(100))),
  firstname: z.optional(text(100)),
  lastname: z.optional(text(100)),
  customer_address_id: z.optional(z.nullable(idLike)),
  vatId: z.optional(z.nullable(text(40))),
});
export type Address = z.infer<typeof AddressSchema>;

export const ShippingMethodsBodySchema = z.object({ address: AddressSchema });

export const ShippingInformationBodySchema = z.object({
  addressInformation: z.object({
    shippingAddress: AddressSchema,
    billingAddress: z.optional(AddressSchema),
    shippingCarrierCode: text(64),
    shippingMethodCode: text(64),
  }),
});

export const CollectTotalsBodySchema = z.optional(
  z.nullable(
    z.object({
      methods: z.optional(
        z.object({
          paymentMethod: z.optional(z.object({ method: text(64) })),
          shippingCarrierCode: z.optional(text(64)),
          shippingMethodCode: z.optional(text(64)),
        }),
      ),
    }),
  ),
);

export const UpdateAllBodySchema = z.object({
  cartItems: z.array(CartItemBodySchema).check(z.maxLength(200, 'holds at most 200 items')),
  cartId: z.optional(text(200)),
});

export const CartIdBodySchema = z.optional(
  z.nullable(
    z.object({
      cartId: z.optional(text(200)),
      cart_id: z.optional(text(200)),
      /** isCartUpdated: the update time the client last saw (ms); the answer says whether the cart changed since. */
      since: z.optional(z.nullable(z.union([z.number(), text(20)]))),
    }),
  ),
);

/** Parses a body with a schema; a mismatch is a 400 naming each field. */
export function parseBody<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body ?? undefined);
  if (!parsed.success) throw new DomainError('bad_request', `Invalid ${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
