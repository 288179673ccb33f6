/** Spec 2 §5 and §9: a search term needs at least 3 characters (surrounding spaces do not count). */
export const SEARCH_MIN_LENGTH = 3;

export function normalizeSearchTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
}

export function isSearchTermLongEnough(term: string): boolean {
  return normalizeSearchTerm(term).length >= SEARCH_MIN_LENGTH;
}
