import { describe, expect, it } from 'vitest';
import { pageCount, postsWindow } from './magazine-paging.ts';
import { magazinePath, magazineSplat, pageNumber, parseMagazinePath, searchSplat } from './magazine-path.ts';

describe('parseMagazinePath', () => {
  it('reads the index, a category, a search and a post', () => {
    expect(parseMagazinePath('')).toEqual({ kind: 'index' });
    expect(parseMagazinePath('category/news')).toEqual({ kind: 'category', name: 'news' });
    expect(parseMagazinePath('search/rolex%20daytona')).toEqual({ kind: 'search', query: 'rolex daytona' });
    expect(parseMagazinePath('2026/05/a-day-at-the-bench')).toEqual({ kind: 'post', year: '2026', month: '05', name: 'a-day-at-the-bench' });
  });

  it('removes trailing slashes and a query first (spec 2 §2: magazine/category/news/)', () => {
    expect(parseMagazinePath('category/news/')).toEqual({ kind: 'category', name: 'news' });
    expect(parseMagazinePath('/')).toEqual({ kind: 'index' });
    expect(parseMagazinePath('2026/05/a-slug//')).toEqual({ kind: 'post', year: '2026', month: '05', name: 'a-slug' });
    expect(parseMagazinePath('category/news?page=2')).toEqual({ kind: 'category', name: 'news' });
  });

  it('finds nothing else', () => {
    for (const splat of ['category', 'category/news/more', 'search', 'search/%20', '2026/13/x', '26/05/x', '2026/05', 'news', 'a//b']) {
      expect(parseMagazinePath(splat), splat).toEqual({ kind: 'notFound' });
    }
  });

  it('keeps a part that is no valid encoding as it was written', () => {
    expect(parseMagazinePath('search/100%')).toEqual({ kind: 'search', query: '100%' });
  });

  it('gives the router decoded splats (it encodes them itself), a search without slashes', () => {
    expect(magazineSplat('magazine/search/rolex%20daytona')).toBe('search/rolex daytona');
    expect(magazineSplat('magazine')).toBe('');
    expect(searchSplat('18k/750 gold')).toBe('search/18k 750 gold');
  });

  it('writes the addresses it reads', () => {
    for (const path of ['magazine', 'magazine/category/news', 'magazine/search/rolex%20daytona', 'magazine/2026/05/a-slug']) {
      const page = parseMagazinePath(path.replace(/^magazine\/?/, ''));
      expect(page.kind).not.toBe('notFound');
      if (page.kind !== 'notFound') expect(magazinePath(page)).toBe(path);
    }
  });
});

describe('paging', () => {
  it('reads the page of the route query, page 1 for anything odd', () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber('3')).toBe(3);
    for (const odd of ['0', '-1', 'two', '1.5', '99999']) expect(pageNumber(odd)).toBe(1);
  });

  it('gives the index one post more on its first page (the lead story), 12 per page after', () => {
    expect(postsWindow(1, true)).toEqual({ from: 0, size: 13 });
    expect(postsWindow(2, true)).toEqual({ from: 13, size: 12 });
    expect(postsWindow(3, true)).toEqual({ from: 25, size: 12 });
    expect(postsWindow(1, false)).toEqual({ from: 0, size: 12 });
    expect(postsWindow(2, false)).toEqual({ from: 12, size: 12 });
  });

  it('counts the pages', () => {
    expect(pageCount(0, true)).toBe(1);
    expect(pageCount(13, true)).toBe(1);
    expect(pageCount(14, true)).toBe(2);
    expect(pageCount(25, true)).toBe(2);
    expect(pageCount(26, true)).toBe(3);
    expect(pageCount(12, false)).toBe(1);
    expect(pageCount(13, false)).toBe(2);
  });
});
