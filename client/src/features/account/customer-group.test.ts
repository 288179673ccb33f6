import { describe, expect, it } from 'vitest';
import { CUSTOMER_GROUP_CONFIG, customerGroupId, pricesFollowLogin, type CustomerGroupConfig } from './customer-group.ts';

const on: CustomerGroupConfig = { tierPrices: true, groupTax: false, onlyDefaultGroup: false, defaultGroupId: 1 };

describe('customer group (spec 1 §6)', () => {
  it("uses the customer's group when there is a customer and no only-default-group flag", () => {
    expect(customerGroupId(on, { group_id: 4 })).toBe(4);
  });

  it('uses the default group without a customer', () => {
    expect(customerGroupId(on, null)).toBe(1);
    expect(customerGroupId(on, undefined)).toBe(1);
    expect(customerGroupId(on, {})).toBe(1);
  });

  it('uses the default group for every customer when the only-default-group flag is set', () => {
    expect(customerGroupId({ ...on, onlyDefaultGroup: true }, { group_id: 4 })).toBe(1);
  });

  it('refreshes prices on login and logout only when tier prices or group tax are on', () => {
    expect(pricesFollowLogin(CUSTOMER_GROUP_CONFIG)).toBe(false);
    expect(pricesFollowLogin({ ...CUSTOMER_GROUP_CONFIG, tierPrices: true })).toBe(true);
    expect(pricesFollowLogin({ ...CUSTOMER_GROUP_CONFIG, groupTax: true })).toBe(true);
  });
});
