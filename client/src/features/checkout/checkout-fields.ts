/**
 * The checkout's fields and the spec 2 §5 rule each one follows (the rules themselves are shared: account-fields.ts).
 * A rule answers a message key (`validation.<key>` in the checkout namespace) or null. Pure: used by the form as the
 * shopper types, by the checkout machine's guards on submit, and by the tests.
 */
import {
  checkCity,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  checkRequired,
  checkTaxId,
  checkZipCode,
  type FieldMessageKey,
} from '@shop/shared/account/account-fields';
import { shipsTo } from '@shop/shared/orders/shipping';

export type CheckoutMessageKey = FieldMessageKey | 'termsRequired' | 'countryNotShipped' | 'methodRequired';

export const CHECKOUT_MESSAGES: Readonly<Record<'termsRequired' | 'countryNotShipped' | 'methodRequired', string>> = {
  termsRequired: 'You must accept the terms and conditions',
  countryNotShipped: 'We do not ship to this country',
  methodRequired: 'Field is required',
};

export interface PersonalValues {
  firstName?: string | undefined;
  lastName?: string | undefined;
  emailAddress?: string | undefined;
  phoneNumber?: string | undefined;
  createAccount?: boolean | undefined;
  /** Only in memory (never in a replicated document). */
  password?: string | undefined;
}

export interface AddressValues {
  firstName?: string | undefined;
  lastName?: string | undefined;
  country?: string | undefined;
  streetAddress?: string | undefined;
  apartmentNumber?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  phoneNumber?: string | undefined;
  company?: string | undefined;
  vatId?: string | undefined;
}

export interface ShippingValues extends AddressValues {
  shippingMethod?: string | undefined;
}

export interface PaymentValues extends AddressValues {
  taxId?: string | undefined;
  paymentMethod?: string | undefined;
  /** Purchase order number and the shopper's comment (spec 2 §3 "Purchase-order data"). */
  poNumber?: string | undefined;
  comment?: string | undefined;
}

export type Problems = Record<string, CheckoutMessageKey>;

function collect(entries: Array<[string, CheckoutMessageKey | null]>): Problems {
  const problems: Problems = {};
  for (const [field, key] of entries) if (key) problems[field] = key;
  return problems;
}

export function personalProblems(values: PersonalValues): Problems {
  return collect([
    ['firstName', checkName(values.firstName)],
    ['lastName', checkName(values.lastName)],
    ['emailAddress', checkEmail(values.emailAddress)],
    ['phoneNumber', checkPhone(values.phoneNumber)],
    ['password', values.createAccount ? checkPassword(values.password) : null],
  ]);
}

function addressProblems(values: AddressValues, countries: readonly string[] | null): Problems {
  const country = checkRequired(values.country);
  return collect([
    ['firstName', checkName(values.firstName)],
    ['lastName', checkName(values.lastName)],
    ['streetAddress', checkRequired(values.streetAddress)],
    ['city', checkCity(values.city)],
    ['zipCode', checkZipCode(values.zipCode)],
    ['country', country ?? (countries && !shipsTo(values.country, countries) ? 'countryNotShipped' : null)],
    ['phoneNumber', checkPhone(values.phoneNumber)],
    ['vatId', checkTaxId(values.vatId)],
  ]);
}

export function shippingProblems(values: ShippingValues, countries: readonly string[]): Problems {
  return { ...addressProblems(values, countries), ...collect([['shippingMethod', checkRequired(values.shippingMethod) ? 'methodRequired' : null]]) };
}

/** The billing address (unless it is the shipping address), the tax id, the chosen method. */
export function paymentProblems(values: PaymentValues, options: { sameAsShipping: boolean }): Problems {
  const address = options.sameAsShipping ? {} : addressProblems(values, null);
  return {
    ...address,
    ...collect([
      ['taxId', checkTaxId(values.taxId)],
      ['paymentMethod', checkRequired(values.paymentMethod) ? 'methodRequired' : null],
    ]),
  };
}

export function termsProblems(accepted: boolean): Problems {
  return accepted ? {} : { terms: 'termsRequired' };
}

export function hasProblems(problems: Problems): boolean {
  return Object.keys(problems).length > 0;
}
