/**
 * A small content file whose every count is known, over the fixture catalogue (test/fixture-catalogue.ts): pages,
 * blocks, a hierarchy, three magazine categories, posts in both stores (one inactive, one not yet published, one
 * with a script in its body), and testimonials of every status.
 */
import type { ContentFile } from '@shop/shared/content/content.schema';

/** After TEST_NOW (2026-06-15): listed only from then on. */
export const FUTURE_DATE = '2027-01-01T09:00:00Z';

export function fixtureContent(): ContentFile {
  return {
    version: 1,
    pages: [
      { store: 'nl', identifier: 'over-ons', content_key: 'about-us', title: 'Over ons', content: '<h2>Sinds 1921</h2><p>Horloges &amp; diamanten.</p>', meta_title: 'Over Horloge & Diamant', meta_description: 'Wie wij zijn.' },
      { store: 'en', identifier: 'about-us', content_key: 'about-us', title: 'About us', content: '<h2>Since 1921</h2><p>Watches and diamonds.<script>alert(1)</script></p><img src="x" onerror="alert(1)">', meta_description: 'Who we are.' },
      { store: 'en', identifier: 'customer-service', content_key: 'customer-service', title: 'Customer service', content: '## Call us\n\nWe answer **every** call. <script>alert(2)</script>', format: 'markdown' },
      { store: 'nl', identifier: 'klantenservice', content_key: 'customer-service', title: 'Klantenservice', content: '<p>Bel ons.</p>' },
      { store: 'en', identifier: 'old-page', title: 'Old page', content: '<p>Gone.</p>', active: false },
      {
        store: 'en',
        identifier: 'vintage-watches',
        content_key: 'vintage-watches',
        title: 'Vintage watches',
        content: '<p>Watches with a past.</p>',
        url_path: 'swiss-watches/vintage',
        listing: { category: 'watches', query: { condition: 'vintage' } },
      },
      {
        store: 'nl',
        identifier: 'vintage-horloges',
        content_key: 'vintage-watches',
        title: 'Vintage horloges',
        content: '<p>Horloges met een verleden.</p>',
        url_path: 'horloges/vintage',
        listing: { category: 'horloges', query: { condition: 'vintage' } },
      },
    ],
    blocks: [
      { store: 'en', identifier: 'home-story', title: 'Home story', content: '<p>Our story <a href="javascript:alert(1)">here</a> and <a href="/en/i/about-us">about</a>.</p>' },
      { store: 'en', identifier: 'footer-note', title: 'Footer note', content: '<p>Open every day.</p>' },
      { store: 'en', identifier: 'hidden-block', title: 'Hidden', content: '<p>Not shown.</p>', active: false },
      { store: 'nl', identifier: 'home-story', title: 'Verhaal', content: '<p>Ons verhaal.</p>' },
    ],
    hierarchy: [
      { store: 'en', identifier: 'service', title: 'Service', position: 1 },
      { store: 'en', identifier: 'about', parent: 'service', page: 'about-us', title: 'About us', position: 1 },
      { store: 'en', identifier: 'help', parent: 'service', page: 'customer-service', title: 'Customer service', position: 2 },
      { store: 'en', identifier: 'legal', title: 'Legal', position: 2 },
      { store: 'nl', identifier: 'service', title: 'Service', position: 1 },
    ],
    categories: [
      { store: 'en', slug: 'news', content_key: 'news', name: 'News', position: 1 },
      { store: 'en', slug: 'watch-guide', name: 'Watch guide', description: 'How to choose.', position: 2 },
      { store: 'nl', slug: 'nieuws', content_key: 'news', name: 'Nieuws', position: 1 },
    ],
    tags: [
      { store: 'en', slug: 'omega', name: 'Omega' },
      { store: 'en', slug: 'rolex', name: 'Rolex' },
      { store: 'nl', slug: 'omega', name: 'Omega' },
    ],
    posts: [
      {
        id: 10,
        store: 'en',
        slug: 'speedmaster-on-the-moon',
        content_key: 'speedmaster-moon',
        title: 'The Speedmaster on the moon',
        excerpt: 'How a chronograph went to the moon.',
        body: '<p>In 1969 the Speedmaster went to the moon.</p><img src="/media/content/moon.svg?size=744" alt="Moon" onerror="alert(1)">',
        author: 'Anna de Vries',
        published_at: '2026-03-10T09:00:00Z',
        image: 'moon.svg',
        categories: ['news', 'watch-guide'],
        tags: ['omega'],
        related_skus: ['W-2'],
      },
      {
        id: 11,
        store: 'en',
        slug: 'choosing-a-diver',
        title: 'Choosing a diver',
        excerpt: 'Submariner or Seamaster?',
        body: '<p>Both are <strong>great</strong> divers.</p>',
        author: 'Bram Jansen',
        published_at: '2026-04-02T09:00:00Z',
        categories: ['watch-guide'],
        tags: ['omega', 'rolex'],
        related_skus: ['W-1', 'W-3'],
      },
      {
        id: 12,
        store: 'en',
        slug: 'ring-sizes',
        title: 'Ring sizes explained',
        excerpt: 'Find the right size.',
        body: '<p>Measure twice.</p>',
        author: 'Anna de Vries',
        published_at: '2026-02-01T09:00:00Z',
        categories: ['news'],
        related_skus: ['R-6-52'],
      },
      { id: 13, store: 'en', slug: 'draft-post', title: 'A draft', excerpt: 'Not yet.', body: '<p>Draft.</p>', author: 'Anna de Vries', published_at: '2026-01-01', categories: ['news'], active: false },
      { id: 14, store: 'en', slug: 'next-year', title: 'Next year', excerpt: 'Later.', body: '<p>Later.</p>', author: 'Anna de Vries', published_at: FUTURE_DATE, categories: ['news'], related_skus: ['W-2'] },
      {
        id: 20,
        store: 'nl',
        slug: 'speedmaster-op-de-maan',
        content_key: 'speedmaster-moon',
        title: 'De Speedmaster op de maan',
        excerpt: 'Hoe een chronograaf naar de maan ging.',
        body: '<p>In 1969 ging de Speedmaster naar de maan.</p>',
        author: 'Anna de Vries',
        published_at: '2026-03-10T09:00:00Z',
        categories: ['nieuws'],
        tags: ['omega'],
        related_skus: ['W-2'],
      },
    ],
    testimonials: [
      { store: 'en', author: 'Peter', location: 'London', rating: 5, text: 'Wonderful service.', date: '2026-05-01', status: 1 },
      { store: 'en', author: 'Sarah', rating: 4, text: 'Quick delivery. <script>alert(1)</script>', date: '2026-05-20', status: 1 },
      { store: 'en', author: 'Spammer', rating: 1, text: 'Buy now', date: '2026-05-21', status: 2 },
      { store: 'en', author: 'Rejected', rating: 1, text: 'No', date: '2026-05-22', status: 3 },
      { store: 'en', author: 'Tom', rating: 4, text: 'Good advice.', date: '2026-04-11', status: 1 },
      { store: 'nl', author: 'Jan', location: 'Utrecht', rating: 5, text: 'Prima!', date: '2026-05-02' },
    ],
  };
}
