/**
 * The product price render list of spec 1 §7: current prices of a few skus for the visitor, in the asked currency
 * (a product's own USD/GBP price where it has one, else converted at the configured rates) with the tax of the
 * visitor's country. Unknown and disabled skus are left out; malformed input is a 400 (the client's "empty items
 * on failure" is its own fallback).
 */
import {
  CURRENCY_CODES,
  DEFAULT_STORE,
  DomainError,
  RENDER_LIST_MAX_SKUS,
  RenderListResultSchema,
  STORE_CODES,
  STORE_VIEWS,
  countryFromHeader,
  marketFor,
  marketPrices,
  splitSkuList,
  taxDefaultCountry,
  type CurrencyCode,
  type RenderListItem,
  type StoreCode,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { visitorLocation, type LocationConfig } from './location.ts';

interface RenderListQuery {
  skus?: string | string[];
  currencyCode?: string | string[];
  storeId?: string | string[];
  userGroupId?: string | string[];
  token?: string | string[];
  country?: string | string[];
}

const STORE_LIST = STORE_CODES.map((code) => `${STORE_VIEWS[code].storeId} (${code})`).join(' or ');

/** The one value of a query parameter, or undefined when absent or blank; given twice differently is an error. */
function single(name: string, value: unknown): string | undefined {
  const values = [...new Set((Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean))];
  if (values.length > 1) throw new DomainError('bad_request', `${name} is given more than once`);
  return values[0];
}

function parseCurrency(value: string | undefined, fallback: CurrencyCode): CurrencyCode {
  if (value === undefined) return fallback;
  const code = value.toUpperCase();
  if (!(CURRENCY_CODES as readonly string[]).includes(code)) throw new DomainError('bad_request', `Unknown currency ${value}; use ${CURRENCY_CODES.join(', ')}`);
  return code as CurrencyCode;
}

function parseStore(value: string | undefined): StoreCode {
  if (value === undefined) return DEFAULT_STORE;
  const store = STORE_CODES.find((code) => String(STORE_VIEWS[code].storeId) === value);
  if (!store) throw new DomainError('bad_request', `Unknown storeId ${value}; use ${STORE_LIST}`);
  return store;
}

export function renderListRoutes(catalogue: CatalogueService, config: LocationConfig & Pick<AppConfig, 'currencyRates' | 'taxCountry'>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Querystring: RenderListQuery }>(
      '/api/catalog/render-list',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Current prices of a few skus in a currency, taxed for the visitor’s country',
          querystring: {
            type: 'object',
            properties: {
              skus: { type: 'string', description: `comma list of at most ${RENDER_LIST_MAX_SKUS} skus` },
              currencyCode: { type: 'string', enum: [...CURRENCY_CODES], description: 'default: the visitor’s currency' },
              storeId: { type: 'string', description: `${STORE_LIST}; default ${STORE_VIEWS[DEFAULT_STORE].storeId}` },
              userGroupId: { type: 'string', description: 'customer group; prices do not depend on it while user-group tax is off' },
              token: { type: 'string', description: 'accepted and unused' },
              country: { type: 'string', description: 'the shopper’s country whose VAT applies (e.g. a checkout’s shipping country); default: the visitor’s location' },
            },
            required: ['skus'],
          },
          response: { 200: envelopeSchema(jsonSchema(RenderListResultSchema)), 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const skus = splitSkuList((Array.isArray(query.skus) ? query.skus : [query.skus]).filter((v): v is string => typeof v === 'string'));
        if (skus.length === 0) throw new DomainError('bad_request', 'Give the skus to price as a comma list, e.g. /api/catalog/render-list?skus=W-1,W-2&currencyCode=EUR&storeId=2');
        if (skus.length > RENDER_LIST_MAX_SKUS) throw new DomainError('bad_request', `A render list prices at most ${RENDER_LIST_MAX_SKUS} skus; this request has ${skus.length}`);
        const askedCountry = single('country', query.country);
        const country = askedCountry === undefined ? visitorLocation(request, config).country_code : countryFromHeader(askedCountry);
        if (country === null) throw new DomainError('bad_request', `country must be a two-letter country code such as NL, not ${askedCountry!.slice(0, 20)}`);
        const market = marketFor(country, config.currencyRates);
        // The asked currency is shown at the shop's rate for it; the VAT is always the country's.
        const currency = parseCurrency(single('currencyCode', query.currencyCode), market.currency);
        const settings = { taxRules: catalogue.taxRules, rates: config.currencyRates, shopCountry: taxDefaultCountry(config.taxCountry) };
        const store = parseStore(single('storeId', query.storeId));
        const userGroupId = single('userGroupId', query.userGroupId);
        if (userGroupId !== undefined && !/^\d+$/.test(userGroupId)) throw new DomainError('bad_request', `userGroupId must be a whole number, not ${userGroupId}`);

        const priced = { country, currency, rate: config.currencyRates[currency] };
        const items: RenderListItem[] = (await catalogue.productsBySkus(store, skus, { withDescriptions: false }))
          .filter((product) => product.status < 2)
          .map((product) => ({ id: product.id, sku: product.sku, ...marketPrices(product, priced, settings) }));
        reply.header('vary', config.locationHeader);
        reply.header('cache-control', 'private, no-cache');
        return { code: 200, result: { items } };
      },
    );
  };
}
