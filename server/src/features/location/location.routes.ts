/** The location service of spec 2 §9: the visitor's country, the VAT rate charged there and the currency shown. */
import { LocationSchema, marketLocation, taxDefaultCountry } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import type { AppConfig } from '../../config.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { visitorLocation, type LocationConfig } from './location.ts';

export function locationRoutes(catalogue: Pick<CatalogueService, 'taxRules'>, config: LocationConfig & Pick<AppConfig, 'currencyRates' | 'taxCountry'>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/location',
      {
        schema: {
          tags: ['location'],
          summary: `The visitor's country (request header ${config.locationHeader}, else ${config.defaultCountry}), VAT rate and currency`,
          response: { 200: envelopeSchema(jsonSchema(LocationSchema)) },
        },
      },
      async (request, reply) => {
        // The answer depends on a header a proxy sets: shared caches must keep one copy per country.
        reply.header('vary', config.locationHeader);
        reply.header('cache-control', 'private, no-cache');
        // The VAT reported is the one the visitor's prices carry (the shop's tax rules for the country, decision 037).
        const { country_code } = visitorLocation(request, config);
        return { code: 200, result: marketLocation(country_code, { taxRules: catalogue.taxRules, rates: config.currencyRates, shopCountry: taxDefaultCountry(config.taxCountry) }) };
      },
    );
  };
}
