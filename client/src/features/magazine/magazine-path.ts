/**
 * The magazine's addresses (spec 2 §2): everything under `/{store}/magazine/` comes to one route, which reads the
 * rest of the address here. Trailing slashes are removed first (`magazine/category/news/` is the news category).
 */

export type MagazinePage =
  | { kind: 'index' }
  | { kind: 'category'; name: string }
  | { kind: 'search'; query: string }
  | { kind: 'post'; year: string; month: string; name: string }
  | { kind: 'notFound' };

/** Posts per page of the index, a category, a tag or a search. */
export const POSTS_PER_PAGE = 12;

/** A part of the address as the shopper wrote it: decoded where it is encoded, else as it is ('100%'). */
function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The page a store-relative splat under `magazine/` names (the router gives it without `magazine/`). */
export function parseMagazinePath(splat: string): MagazinePage {
  const clean = splat.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');
  if (clean === '') return { kind: 'index' };
  const parts = clean.split('/');
  if (parts.some((part) => part === '')) return { kind: 'notFound' };
  const [first, second, third] = parts;
  if (parts.length === 2 && first === 'category') {
    return { kind: 'category', name: decode(second!) };
  }
  if (parts.length === 2 && first === 'search') {
    const query = decode(second!);
    return query.trim() ? { kind: 'search', query } : { kind: 'notFound' };
  }
  if (parts.length === 3 && /^\d{4}$/.test(first!) && /^(0[1-9]|1[0-2])$/.test(second!)) {
    return { kind: 'post', year: first!, month: second!, name: decode(third!) };
  }
  return { kind: 'notFound' };
}

/** Store-relative address of a magazine page (the inverse of parseMagazinePath), encoded as an address is. */
export function magazinePath(page: Exclude<MagazinePage, { kind: 'notFound' }>): string {
  switch (page.kind) {
    case 'index':
      return 'magazine';
    case 'category':
      return `magazine/category/${encodeURIComponent(page.name)}`;
    case 'search':
      return `magazine/search/${encodeURIComponent(page.query)}`;
    case 'post':
      return `magazine/${page.year}/${page.month}/${encodeURIComponent(page.name)}`;
  }
}

/** The page number of the route query (`?page=2`): a whole number from 1; anything else is page 1. */
export function pageNumber(value: string | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The router's splat for a store-relative magazine path: the router encodes it itself, so it is given decoded. */
export function magazineSplat(path: string): string {
  return path
    .replace(/^magazine\/?/, '')
    .split('/')
    .map(decode)
    .join('/');
}

/** A search term as a path part: a slash would make it two parts, so it is a space there. */
export function searchSplat(query: string): string {
  return `search/${query.replace(/\//g, ' ').trim()}`;
}
