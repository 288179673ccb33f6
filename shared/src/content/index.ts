export * from './captcha.schema.ts';
export * from './newsletter.schema.ts';
export * from './pow.ts';
export * from './review.schema.ts';
export * from './sha256.ts';
export * from './stats.schema.ts';
