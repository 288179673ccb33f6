/**
 * The location adapter (ARCHITECTURE §3): the visitor's country from a request header a proxy or CDN sets
 * (`x-country-code` by default, `cf-ipcountry` behind Cloudflare), else the configured default country.
 */
import { resolveLocation, type VisitorLocation } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';

export type LocationConfig = Pick<AppConfig, 'locationHeader' | 'defaultCountry'>;

export function visitorLocation(request: FastifyRequest, config: LocationConfig): VisitorLocation {
  return resolveLocation(request.headers[config.locationHeader], config.defaultCountry);
}
