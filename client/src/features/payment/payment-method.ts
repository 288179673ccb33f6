/**
 * Which checkout methods go through the payment flow (spec 2 §4 'Order placing'): a method is a payment-service
 * method only while it matches one of the methods the payment service listed; iDEAL asks for its issuers (§5).
 */
import { providerMethodId, type PaymentServiceMethod } from '@shop/shared/payments/index';

export { providerMethodId };

/** Whether the checkout method matches a loaded payment-service method (the module is active only then). */
export function isLoadedServiceMethod(code: string, loaded: readonly PaymentServiceMethod[]): boolean {
  const id = providerMethodId(code);
  return id !== '' && loaded.some((method) => method.id.toLowerCase() === id);
}

/** Issuers are requested only for iDEAL (spec 2 §5). */
export function asksForIssuers(code: string): boolean {
  return providerMethodId(code) === 'ideal';
}
