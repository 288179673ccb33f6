import { describe, expect, it } from 'vitest';
import { cmsPagePath, ContentFileSchema, postPath, readingMinutes } from './content.schema.ts';

describe('content addresses and reading time', () => {
  it('addresses a post by the year and month it was published (UTC), two-digit month', () => {
    expect(postPath({ slug: 'a-day-at-the-bench', published_at: '2026-03-09T23:30:00Z' })).toBe('magazine/2026/03/a-day-at-the-bench');
    expect(postPath({ slug: 'x', published_at: '2025-12-31' })).toBe('magazine/2025/12/x');
  });

  it('addresses a CMS page at i/{identifier}, or at its landing address', () => {
    expect(cmsPagePath({ identifier: 'over-ons' })).toBe('i/over-ons');
    expect(cmsPagePath({ identifier: 'vintage', url_path: 'swiss-watches/vintage' })).toBe('swiss-watches/vintage');
  });

  it('counts words outside the tags, at least one minute', () => {
    expect(readingMinutes('<p>short</p>')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(1100)}</p>`)).toBe(5);
  });
});

describe('the content file', () => {
  it('names the place of a bad record', () => {
    const parsed = ContentFileSchema.safeParse({ version: 1, pages: [], blocks: [], categories: [], tags: [], testimonials: [], posts: [{ store: 'nl', slug: 'Bad Slug', title: 't', excerpt: '', body: '', author: 'a', published_at: '2026-01-01', categories: [] }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('posts.0.slug');
  });
});
