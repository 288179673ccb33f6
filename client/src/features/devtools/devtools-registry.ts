/**
 * What the running shop shows to developer tools: the benches (e2e/bench) and the machine visualizer read the live
 * pieces (the cart runtime with its database and connection machine) from `globalThis.__shopDevtools`. Only
 * references are kept here; nothing of the shop depends on it.
 */
export interface ShopDevtools {
  [name: string]: unknown;
}

export function exposeToDevtools(name: string, value: unknown): void {
  const scope = globalThis as { __shopDevtools?: ShopDevtools };
  scope.__shopDevtools ??= {};
  scope.__shopDevtools[name] = value;
}
