export * from './payment.schema.ts';
export * from './status-groups.ts';
export * from './provider-methods.ts';
