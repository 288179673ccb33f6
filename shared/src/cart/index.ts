export * from './cart.schema.ts';
export * from './cart-line.ts';
export * from './cart-errors.ts';
export * from './cart.ts';
export * from './checksum.ts';
export * from './totals.ts';
export * from './line-options.ts';
export * from './quantity.ts';
