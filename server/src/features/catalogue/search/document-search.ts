/**
 * Filtering, sorting and paging for the small entity sets (categories, attributes, tax rules): a few hundred
 * documents at most, so a plain scan over the documents is the simplest correct engine.
 */
import { DomainError, type FilterValue, type NormalizedSearch } from '@shop/shared';

function fieldValue(document: object, field: string): unknown {
  let current: unknown = document;
  for (const part of field.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function matches(actual: unknown, expected: FilterValue): boolean {
  if (Array.isArray(actual)) return actual.some((item) => matches(item, expected));
  if (Array.isArray(expected)) return expected.some((e) => matches(actual, e));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'number') return false;
    return (
      (expected.gte === undefined || actual >= expected.gte) &&
      (expected.gt === undefined || actual > expected.gt) &&
      (expected.lte === undefined || actual <= expected.lte) &&
      (expected.lt === undefined || actual < expected.lt)
    );
  }
  if (typeof actual === 'boolean') return actual === (expected === true || expected === 'true' || expected === 1 || expected === '1');
  return actual !== undefined && String(actual) === String(expected);
}

export function searchDocuments<T extends object>(documents: readonly T[], request: NormalizedSearch, knownFields: ReadonlySet<string>): { items: T[]; total: number } {
  for (const field of Object.keys(request.filters)) {
    if (!knownFields.has(field.split('.')[0]!)) throw new DomainError('invalid_search_query', `Unknown filter field ${field}`);
  }
  const filtered = documents.filter((d) => Object.entries(request.filters).every(([field, value]) => matches(fieldValue(d, field), value)));
  if (request.sort) {
    const { field, order } = request.sort;
    if (!knownFields.has(field.split('.')[0]!)) throw new DomainError('invalid_search_query', `Cannot sort by ${field}`);
    const direction = order === 'desc' ? -1 : 1;
    filtered.sort((a, b) => {
      const x = fieldValue(a, field);
      const y = fieldValue(b, field);
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * direction;
      return String(x ?? '').localeCompare(String(y ?? '')) * direction;
    });
  }
  return { items: filtered.slice(request.start, request.start + request.size), total: filtered.length };
}
