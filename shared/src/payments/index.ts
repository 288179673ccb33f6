export * from './payment.schema.ts';
export * from './status-groups.ts';
