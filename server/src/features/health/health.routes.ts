import type { FastifyInstance } from 'fastify';
import { errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';

/**
 * `/health` answers as soon as the shop listens (liveness), with the catalogue's state; `/health/ready` answers 200
 * only once the catalogue is loaded, and a 503 `catalogue_loading` before: what a load balancer should send shoppers by.
 */
export function healthRoutes(catalogue: CatalogueService, startedAt: Date) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const catalogueState = () =>
      catalogue.isLoaded ? { state: 'ready' as const, version: catalogue.version, products: catalogue.productCount } : { state: 'loading' as const };
    const healthSchema = {
      type: 'object',
      properties: {
        status: { const: 'ok' },
        uptimeSeconds: { type: 'number' },
        catalogue: {
          type: 'object',
          properties: { state: { type: 'string', enum: ['loading', 'ready'] }, version: { type: 'integer' }, products: { type: 'integer' } },
        },
      },
    };
    const health = () => ({ status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000), catalogue: catalogueState() });
    app.get('/health', { schema: { tags: ['system'], summary: 'Liveness and catalogue state', response: { 200: healthSchema } } }, async () => health());
    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Ready for shoppers: 200 once the catalogue is loaded, a 503 `catalogue_loading` before',
          response: { 200: healthSchema, 503: errorEnvelopeSchema },
        },
      },
      async () => {
        // Throws the 503 `catalogue_loading` while the catalogue loads.
        void catalogue.version;
        return health();
      },
    );
  };
}
