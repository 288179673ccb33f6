export * from './account-fields.ts';
export * from './account.schema.ts';
export * from './order-history.ts';
