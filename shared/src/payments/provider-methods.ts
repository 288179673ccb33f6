/**
 * Which payment methods each provider takes (spec 2 §3 "Payment method": the code is the lowercased provider id,
 * `multisafepay_ideal` -> `ideal`). The checkout offers a payment-service method only when the active provider takes
 * it, so every method offered can be paid (issue 12: Riverty was offered to the sandbox, which cannot take it).
 */
import type { PaymentProviderName } from './status-groups.ts';

export const PROVIDER_METHODS: Readonly<Record<PaymentProviderName, readonly string[]>> = Object.freeze({
  /** The built-in sandbox's hosted page: iDEAL (with a bank), card and PayPal. */
  sandbox: Object.freeze(['ideal', 'creditcard', 'paypal']),
  /** MultiSafepay gateways the shop's codes name: IDEAL, CREDITCARD, PAYPAL, AFTERPAY (Riverty). */
  multisafepay: Object.freeze(['ideal', 'creditcard', 'paypal', 'afterpay']),
  mollie: Object.freeze(['ideal', 'creditcard', 'paypal']),
});

/** The provider's method id of a checkout code, as providers read it: 'multisafepay_ideal' -> 'ideal'. */
export function providerMethodId(code: string): string {
  return code.trim().replace(/^(multisafepay|mollie|sandbox)_/i, '').toLowerCase();
}

/** Whether the provider takes the method of this checkout code. */
export function providerTakes(provider: PaymentProviderName, code: string): boolean {
  return PROVIDER_METHODS[provider].includes(providerMethodId(code));
}
