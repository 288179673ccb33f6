export * from './contact.schema.ts';
export * from './custom-form.schema.ts';
export * from './form-fields.ts';
export * from './image-type.ts';
export * from './invoice.schema.ts';
export * from './trade-in.schema.ts';
