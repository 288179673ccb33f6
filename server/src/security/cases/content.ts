/**
 * The content routes (features/content): every one is a public read of the shop's own published content (CMS pages
 * and blocks, magazine posts, testimonials already approved, the sitemap). No shopper's data is in any of them, and
 * nothing is written: content changes only through `pnpm shop content import`.
 */
import { importContent } from '../../features/content/content.import.ts';
import { fixtureContent } from '../../features/content/content.test-support.ts';
import type { FuzzHints, OwnershipCases } from '../ownership-kit.ts';

const PUBLIC = 'the shop’s published content, the same for everyone: no shopper’s data, nothing written';

export const ownership: OwnershipCases = {
  cases: {
    'GET /api/content/{type}': { public: `${PUBLIC} (active pages and blocks, listed posts, approved testimonials only)` },
    'GET /api/ext/cms-data': { public: 'the list of the CMS data calls' },
    'GET /api/ext/cms-data/cmsPage/{id}': { public: `${PUBLIC}; an inactive page is not found like a missing one` },
    'GET /api/ext/cms-data/cmsBlock/{id}': { public: `${PUBLIC}; an inactive block is not found like a missing one` },
    'GET /api/ext/cms-data/cmsPageIdentifier/{identifier}/storeId/{storeCode}': { public: PUBLIC },
    'GET /api/ext/cms-data/cmsBlockIdentifier/{identifier}/storeId/{storeCode}': { public: PUBLIC },
    'GET /api/ext/wordpress/post/{postId}': { public: `${PUBLIC}; a draft or a post not yet published is not found` },
    'GET /api/ext/wordpress/product/{productId}': { public: PUBLIC },
    'GET /api/ext/review-ratings': { public: 'counts of approved testimonials per star' },
    'GET /sitemap.xml': { public: 'the addresses of the public pages, for search engines' },
    'GET /robots.txt': { public: 'the rules for search engines' },
  },
};

export const fuzz: FuzzHints = {
  // The fuzzed shop gets the small test content, so generated requests reach real pages, posts and testimonials.
  known: async (app) => {
    await importContent(app.db, fixtureContent());
    return {
      type: ['cms_page', 'cms_block', 'cms_hierarchy', 'wordpress_posts', 'wordpress_categories', 'wordpress_tags', 'review'],
      identifier: ['about-us', 'home-story', 'service', 'about-us,home-story'],
      postId: ['10', 'speedmaster-on-the-moon'],
      productId: ['1', '2'],
      category: ['news'],
      tag: ['omega'],
      q: ['moon', 'ab'],
      sort: ['ID:desc', 'published_at:desc'],
    };
  },
  nonJson: {
    'GET /sitemap.xml': /^application\/xml/,
    'GET /robots.txt': /^text\/plain/,
  },
};
