/**
 * The OpenAPI description of the API, built from the route schemas (which come from the shared zod schemas).
 * Route schemas document; the handlers validate with zod, so one message style covers every bad request.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Schemas are documentation here; zod in the handlers is the validator and JSON.stringify the serializer.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shop API',
        description: 'Catalogue, search and URL mapping of the jewellery and watch shop. Every answer is `{ code, result }` with the HTTP status equal to `code`.',
        version: '1.0.0',
      },
      tags: [
        { name: 'catalogue', description: 'Products, categories, attributes and tax rules' },
        { name: 'stock', description: 'Stock checks: ok, volatile or out_of_stock' },
        { name: 'location', description: 'The visitor’s country, VAT rate and currency' },
        { name: 'cart', description: 'The server cart (quote): items, totals, shipping, payment methods and coupons' },
        { name: 'replication', description: 'RxDB replication of the shopper’s documents: pull, push and a stream of changes' },
        { name: 'content', description: 'CMS pages and blocks, the magazine, testimonials, the sitemap' },
        { name: 'system', description: 'Health and description' },
      ],
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** JSON schema of a zod schema, for route documentation. */
export function jsonSchema(schema: z.core.$ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return rest;
}

export function envelopeSchema(result: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', properties: { code: { type: 'integer' }, result, meta: { type: 'object' } }, required: ['code', 'result'] };
}

export const errorEnvelopeSchema = envelopeSchema({
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, details: {} },
  required: ['error', 'message'],
});
