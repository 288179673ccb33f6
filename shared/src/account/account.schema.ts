import { z } from 'zod/mini';
import { OrderDocSchema } from '../sync/order.schema.ts';
import {
  checkCity,
  checkEmail,
  checkName,
  checkPassword,
  checkTaxId,
  checkZipCode,
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  PASSWORD_MAX_LENGTH,
  type FieldMessageKey,
} from './account-fields.ts';

/**
 * Payloads and answers of the customer calls (`/api/user/*`, the accounts contract). The field checks are those of
 * account-fields.ts, so the server answers the same English message a form shows.
 */

/** The spec's messages (spec 2 §8) for the account calls. */
export const ACCOUNT_MESSAGES = {
  emailExists: 'A customer with the same email already exists in an associated website',
  signInIncorrect: 'The account sign-in was incorrect or your account is disabled temporarily, wait and try again',
  emailUnknown: 'Provided email does not exist',
  refreshRefused: 'Error refreshing user token. User is not authorized to access the resource',
  resetTokenInvalid: 'Your password reset link has expired or was already used; request a new one',
  currentPasswordWrong: "The password doesn't match this account. Verify the password and try again.",
  passwordChanged: 'Password has successfully been changed',
  accountUpdated: 'Account data has successfully been updated',
  loginRequired: 'You need to be logged in to see this page',
  tokenInvalid: 'Your session has expired; please log in again',
  resetMailFailed: 'Error while sending reset password e-mail',
} as const;

/** Error codes the account calls answer with (shared/src/errors.ts lists them too); the client translates `errors.<code>`. */
export const ACCOUNT_ERROR_CODES = [
  'account_email_exists',
  'account_sign_in_incorrect',
  'account_email_unknown',
  'account_refresh_refused',
  'account_reset_token_invalid',
  'account_current_password_wrong',
  'account_rate_limited',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

function field(check: (value: string) => FieldMessageKey | null) {
  return z.check<string>((ctx) => {
    const key = check(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: FIELD_MESSAGES[key], input: ctx.value, params: { key } });
  });
}

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`));

export const EmailSchema = z.string().check(field(checkEmail));
export const NameSchema = z.string().check(field((v) => checkName(v)));
export const NewPasswordSchema = z.string().check(field(checkPassword));
/** A password being checked against a stored one: any non-empty text of bounded length. */
export const PasswordSchema = z.string().check(z.minLength(1, FIELD_MESSAGES.required), z.maxLength(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`));
/** Opaque tokens (refresh, reset, cart): bounded text. */
export const OpaqueTokenSchema = z.string().check(z.minLength(1, FIELD_MESSAGES.required), z.maxLength(200, 'is not a valid token'));

/** An address of the customer (spec 2 §3 address labels); `street` is [street name, house number, addition]. */
export const CustomerAddressSchema = z.object({
  id: z.optional(z.number().check(z.int(), z.positive())),
  firstname: NameSchema,
  lastname: NameSchema,
  company: z.optional(text(100)),
  street: z.array(text(200)).check(
    z.minLength(1, FIELD_MESSAGES.required),
    z.maxLength(3, 'has at most 3 parts: street name, house number and addition'),
    z.refine((lines) => (lines[0] ?? '').trim() !== '', FIELD_MESSAGES.required),
  ),
  city: z.string().check(field(checkCity)),
  postcode: z.string().check(field(checkZipCode)),
  region: z.optional(z.nullable(text(100))),
  country_id: z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as NL')),
  telephone: z.optional(text(40)),
  vat_id: z.optional(z.string().check(field(checkTaxId), z.maxLength(40, 'must be at most 40 characters'))),
  default_shipping: z.optional(z.boolean()),
  default_billing: z.optional(z.boolean()),
});
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>;

/** What GET /api/user/me answers. */
export const CustomerProfileSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  group_id: z.number(),
  addresses: z.array(CustomerAddressSchema),
  default_shipping: z.optional(z.number()),
  default_billing: z.optional(z.number()),
  created_at: z.optional(z.string()),
});
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;

/** POST /api/user/create. */
/** A guest order the new account takes (checkout's "create an account"): its id and the order token the shop answered. */
export const OrderClaimSchema = z.object({
  id: z.string().check(z.minLength(1, FIELD_MESSAGES.required), z.maxLength(200, 'is not an order id')),
  token: OpaqueTokenSchema,
});
export type OrderClaim = z.infer<typeof OrderClaimSchema>;

export const CreateCustomerBodySchema = z.object({
  customer: z.object({
    email: EmailSchema,
    firstname: NameSchema,
    lastname: NameSchema,
    addresses: z.optional(z.array(CustomerAddressSchema).check(z.maxLength(20, 'has at most 20 addresses'))),
  }),
  password: NewPasswordSchema,
  /** Orders placed as a guest with this e-mail address just before (checkout's "create an account"). */
  orders: z.optional(z.array(OrderClaimSchema).check(z.maxLength(10, 'has at most 10 orders'))),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBodySchema>;

/** POST /api/user/login. `username` is the e-mail address; `cartId` the guest cart to merge. */
export const LoginBodySchema = z.object({
  username: z.string().check(z.minLength(1, FIELD_MESSAGES.required), z.maxLength(EMAIL_MAX_LENGTH, FIELD_MESSAGES.emailInvalid)),
  password: PasswordSchema,
  cartId: z.optional(z.nullable(z.string().check(z.maxLength(200, 'is not a cart token')))),
  purchaserId: z.optional(z.nullable(z.union([z.string().check(z.maxLength(64)), z.number()]))),
  hash: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** `meta` of a login: the result is the access token. */
export const LoginMetaSchema = z.object({
  refreshToken: z.string(),
  /** Seconds the access token is valid. */
  expiresIn: z.number(),
  /** The customer's cart token: the client uses it from now on. */
  cartId: z.string(),
});
export type LoginMeta = z.infer<typeof LoginMetaSchema>;

export const RefreshBodySchema = z.object({ refreshToken: OpaqueTokenSchema });
export const RefreshMetaSchema = z.object({ refreshToken: z.string(), expiresIn: z.number() });
export type RefreshMeta = z.infer<typeof RefreshMetaSchema>;

export const ResetPasswordBodySchema = z.object({ email: EmailSchema });

export const CreatePasswordBodySchema = z.object({
  email: EmailSchema,
  newPassword: NewPasswordSchema,
  resetToken: OpaqueTokenSchema,
});
export type CreatePasswordBody = z.infer<typeof CreatePasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: PasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** `meta` of a password change: fresh tokens for this device (every other session ended). */
export const ChangePasswordMetaSchema = z.object({ token: z.string(), refreshToken: z.string(), expiresIn: z.number() });

/**
 * POST /api/user/me. Fields the customer may not change (`id`, `group_id`, dates) may be sent back as they were
 * received and are ignored. `addresses` replaces the list: an address with the `id` of one of the customer's addresses
 * updates it, one without an id is added, and the customer's addresses not listed are removed.
 */
export const UpdateCustomerBodySchema = z.object({
  customer: z.object({
    email: z.optional(EmailSchema),
    firstname: NameSchema,
    lastname: NameSchema,
    addresses: z.optional(z.array(CustomerAddressSchema).check(z.maxLength(20, 'has at most 20 addresses'))),
  }),
});
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBodySchema>;

export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 100;

const wholeNumberText = (min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number()])),
    z.transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      ctx.issues.push({ code: 'custom', message: `must be a whole number from ${min} to ${max}`, input: value });
      return z.NEVER;
    }),
  );

/** GET /api/user/order-history?pageSize&currentPage (spec 2 §7, §9: defaults 20 and 1). */
export const OrderHistoryQuerySchema = z.object({
  pageSize: wholeNumberText(1, ORDER_HISTORY_MAX_PAGE_SIZE, ORDER_HISTORY_PAGE_SIZE),
  currentPage: wholeNumberText(1, 1_000_000, 1),
});
export type OrderHistoryQuery = z.output<typeof OrderHistoryQuerySchema>;

export const OrderHistorySchema = z.object({
  items: z.array(OrderDocSchema),
  total_count: z.number(),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;

/** `meta` of a 429: seconds until the next attempt is accepted. */
export const RateLimitedMetaSchema = z.object({ retryAfter: z.number() });
