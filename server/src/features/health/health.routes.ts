import type { FastifyInstance } from 'fastify';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';

export function healthRoutes(catalogue: CatalogueService, startedAt: Date) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and catalogue state',
          response: {
            200: {
              type: 'object',
              properties: { status: { const: 'ok' }, uptimeSeconds: { type: 'number' }, catalogue: { type: 'object', properties: { version: { type: 'integer' }, products: { type: 'integer' } } } },
            },
          },
        },
      },
      async () => ({
        status: 'ok',
        uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
        catalogue: { version: catalogue.version, products: catalogue.productCount },
      }),
    );
  };
}
