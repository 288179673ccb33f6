/**
 * The shop's own details (features/shop-details): the company, its Chamber of Commerce and VAT numbers, the customer
 * service's contact and the payment methods it takes, from the operator's settings. No shopper's data, nothing written.
 */
import type { OwnershipCases } from '../ownership-kit.ts';

export const ownership: OwnershipCases = {
  cases: {
    'GET /api/shop/details': { public: 'the shop’s published company details and contact, the same for everyone: no shopper’s data, nothing written' },
  },
};
