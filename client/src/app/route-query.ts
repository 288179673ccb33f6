/**
 * Route queries are flat strings (`?brand=101,102&price=2500-5000&sort=price-asc`), not the router's default
 * JSON values, so URLs stay readable and the shared filter rules see exactly what the shopper sees.
 */
export type RouteQuery = Record<string, string>;

export function parseRouteQuery(search: string): RouteQuery {
  const query: RouteQuery = {};
  for (const [key, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) {
    if (value !== '') query[key] = value;
  }
  return query;
}

export function stringifyRouteQuery(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

export function validateRouteQuery(search: Record<string, unknown>): RouteQuery {
  const query: RouteQuery = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' && value !== '') query[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') query[key] = String(value);
  }
  return query;
}
