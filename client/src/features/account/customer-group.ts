/**
 * Which customer group prices are asked for (spec 1 §6): the group id drives tier prices and tax only when those
 * features are on; with the only-default-group flag, or without a logged-in customer, the store's default group is
 * used. Prices are refreshed on login and logout only when tier prices or customer-group tax are on.
 */
export interface CustomerGroupConfig {
  tierPrices: boolean;
  groupTax: boolean;
  onlyDefaultGroup: boolean;
  defaultGroupId: number;
}

/** The shop's settings: both features off (spec 1 §6: "Tier prices are off"); 0 is the NOT LOGGED IN group. */
export const CUSTOMER_GROUP_CONFIG: CustomerGroupConfig = { tierPrices: false, groupTax: false, onlyDefaultGroup: false, defaultGroupId: 0 };

/** The group id prices are asked for. */
export function customerGroupId(config: CustomerGroupConfig, customer: { group_id?: number | null } | null | undefined): number {
  if (config.onlyDefaultGroup || !customer || typeof customer.group_id !== 'number') return config.defaultGroupId;
  return customer.group_id;
}

/** Whether a login or logout changes the prices shown, so that they must be asked for again. */
export function pricesFollowLogin(config: CustomerGroupConfig): boolean {
  return config.tierPrices || config.groupTax;
}
