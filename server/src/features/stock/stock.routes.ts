/**
 * The stock calls of spec 1 §7: one sku, or a list of up to 15. Answers carry `resultCode` beside `code` because
 * the spec's clients read it; both equal the HTTP status. Unknown skus are a 404 for a check and absent from a list.
 */
import { DomainError, STOCK_BATCH_SIZE, StockResultSchema, splitSkuList, stockResult, type StockCheckContext } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import type { Db } from '../../storage/database.ts';
import { StockRepository } from './stock.repository.ts';

/** Longer than any sku a catalogue uses; a guard against giant query strings, not a rule of the shop. */
const MAX_SKU_LENGTH = 255;

type QueryValue = string | string[] | undefined;

/** The string values of a query parameter, however often it was given. */
function queryStrings(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

function stockEnvelope(result: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, resultCode: { type: 'integer', description: 'Equal to code' }, result },
    required: ['code', 'resultCode', 'result'],
  };
}

function checkLength(sku: string): void {
  if (sku.length > MAX_SKU_LENGTH) throw new DomainError('bad_request', `A sku is at most ${MAX_SKU_LENGTH} characters long`);
}

export function stockRoutes(db: Db, config: Pick<AppConfig, 'stockSync'>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const repository = new StockRepository(db);
    // Answers come from the shop's own stock table, so they are verified; only synchronisation can be off.
    const context: StockCheckContext = { verified: true, synchronized: config.stockSync };

    app.get<{ Querystring: { sku?: QueryValue } }>(
      '/api/stock/check',
      {
        schema: {
          tags: ['stock'],
          summary: 'Stock of one sku: ok, volatile (synchronisation off) or out_of_stock',
          querystring: { type: 'object', properties: { sku: { type: 'string', description: 'e.g. W-1' } }, required: ['sku'] },
          response: { 200: stockEnvelope(jsonSchema(StockResultSchema)), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const given = [...new Set(queryStrings(request.query.sku).map((s) => s.trim()).filter(Boolean))];
        if (given.length === 0) throw new DomainError('bad_request', 'Give the sku to check, e.g. /api/stock/check?sku=W-1');
        if (given.length > 1) throw new DomainError('bad_request', 'A stock check takes one sku; ask /api/stock/list?skus=a,b for several');
        const sku = given[0]!;
        checkLength(sku);
        const item = await repository.bySku(sku);
        if (!item) throw new DomainError('not_found', `No stock is kept for sku ${sku}: there is no such product`, { status: 404 });
        reply.header('cache-control', 'no-store');
        return { code: 200, resultCode: 200, result: stockResult(item, context) };
      },
    );

    app.get<{ Querystring: { skus?: QueryValue } }>(
      '/api/stock/list',
      {
        schema: {
          tags: ['stock'],
          summary: `Stock of up to ${STOCK_BATCH_SIZE} skus, in the order asked; unknown skus are left out`,
          querystring: { type: 'object', properties: { skus: { type: 'string', description: 'comma list, e.g. W-1,W-2' } }, required: ['skus'] },
          response: { 200: stockEnvelope({ type: 'array', items: jsonSchema(StockResultSchema) }), 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const skus = splitSkuList(queryStrings(request.query.skus));
        if (skus.length === 0) throw new DomainError('bad_request', 'Give the skus to check as a comma list, e.g. /api/stock/list?skus=W-1,W-2');
        if (skus.length > STOCK_BATCH_SIZE) {
          throw new DomainError('bad_request', `Stock lists are requested in batches of ${STOCK_BATCH_SIZE} skus; this request has ${skus.length}`);
        }
        skus.forEach(checkLength);
        const found = new Map((await repository.bySkus(skus)).map((item) => [item.sku, item]));
        reply.header('cache-control', 'no-store');
        return {
          code: 200,
          resultCode: 200,
          result: skus.flatMap((sku) => {
            const item = found.get(sku);
            return item ? [stockResult(item, context)] : [];
          }),
        };
      },
    );
  };
}
