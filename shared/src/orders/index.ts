export * from './order-messages.ts';
export * from './order-status.ts';
export * from './order-totals.ts';
export * from './order-validation.ts';
export * from './payment-methods.ts';
export * from './shipping.ts';
export * from './order-to-cart.ts';
export * from './bank-transfer.ts';
