/**
 * The checks an order passes before the shop places it (spec 2 §5 field rules, §8 messages). An address that breaks a
 * field rule is 'Address provided in checkout contains invalid data ...'; anything else missing or wrong (e-mail,
 * names, items, methods) is 'Internal validation error, check required fields ...'. Pure: the server runs it on every
 * order and the client may run it before sending.
 */
import { checkCity, checkEmail, checkName, checkRequired, checkTaxId, checkZipCode, type FieldMessageKey } from '../account/account-fields.ts';
import type { OrderAddress, OrderDoc } from '../sync/order.schema.ts';
import { shipsTo, SHIP_TO_COUNTRIES } from './shipping.ts';

export interface OrderFieldProblem {
  field: string;
  message: FieldMessageKey | 'countryNotShipped' | 'unknownMethod' | 'noItems';
}

export type OrderCheck = { ok: true } | { ok: false; kind: 'invalidAddress' | 'validationError'; problems: OrderFieldProblem[] };

const MAX_ITEMS = 200;
const MAX_QTY = 10_000;

/** The field rule problems of one address; `shipping` also asks for a ship-to country. */
export function addressProblems(address: OrderAddress, prefix: string, options: { shipping: boolean; countries?: readonly string[] }): OrderFieldProblem[] {
  const problems: OrderFieldProblem[] = [];
  const add = (field: keyof OrderAddress, message: FieldMessageKey | null) => {
    if (message) problems.push({ field: `${prefix}.${field}`, message });
  };
  add('firstName', checkName(address.firstName));
  add('lastName', checkName(address.lastName));
  add('streetAddress', checkRequired(address.streetAddress));
  add('city', checkCity(address.city));
  add('zipCode', checkZipCode(address.zipCode));
  add('taxId', checkTaxId(address.taxId));
  add('vatId', checkTaxId(address.vatId));
  const country = checkRequired(address.country);
  if (country) add('country', country);
  else if (options.shipping && !shipsTo(address.country, options.countries ?? SHIP_TO_COUNTRIES)) problems.push({ field: `${prefix}.country`, message: 'countryNotShipped' });
  return problems;
}

export interface OrderCheckOptions {
  countries?: readonly string[];
  isShippingMethod: (carrierCode: string, methodCode: string) => boolean;
  isPaymentMethod: (code: string) => boolean;
}

/** Whether an order may be placed; the first kind of problem found decides the message. */
export function checkOrder(order: Pick<OrderDoc, 'customer_email' | 'personalDetails' | 'shippingAddress' | 'billingAddress' | 'shippingMethod' | 'paymentMethod' | 'items'>, options: OrderCheckOptions): OrderCheck {
  const address = [
    ...addressProblems(order.shippingAddress, 'shippingAddress', { shipping: true, ...(options.countries ? { countries: options.countries } : {}) }),
    ...addressProblems(order.billingAddress, 'billingAddress', { shipping: false }),
  ];
  if (address.length > 0) return { ok: false, kind: 'invalidAddress', problems: address };

  const problems: OrderFieldProblem[] = [];
  const email = checkEmail(order.customer_email);
  if (email) problems.push({ field: 'customer_email', message: email });
  const first = checkName(order.personalDetails.firstName);
  if (first) problems.push({ field: 'personalDetails.firstName', message: first });
  const last = checkName(order.personalDetails.lastName);
  if (last) problems.push({ field: 'personalDetails.lastName', message: last });
  if (order.items.length === 0 || order.items.length > MAX_ITEMS || order.items.some((item) => item.qty > MAX_QTY)) problems.push({ field: 'items', message: 'noItems' });
  if (!options.isShippingMethod(order.shippingMethod.carrier_code, order.shippingMethod.method_code)) problems.push({ field: 'shippingMethod', message: 'unknownMethod' });
  if (!options.isPaymentMethod(order.paymentMethod.code)) problems.push({ field: 'paymentMethod', message: 'unknownMethod' });
  return problems.length > 0 ? { ok: false, kind: 'validationError', problems } : { ok: true };
}
