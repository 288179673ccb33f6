import type { ReviewList } from '@shop/shared/content/review.schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, switchLanguage } from '../../app/i18n.ts';
import { clearCache } from '../../app/resource.ts';
import { StoreProvider } from '../../app/store-context.tsx';
import ProductReviews from './product-reviews.tsx';

/** The product page's reviews show each review's score in percent (spec 1 §3 'ratings') beside its stars. */
const answer: ReviewList = {
  items: [
    { id: 2, product_id: 7, nickname: 'Anna', title: 'Keeps perfect time', detail: 'Lovely.', rating: 5, ratings: [{ percent: 80 }, { percent: 100 }], percent: 90, review_status: 1, created_at: '2026-01-02T10:00:00.000Z' },
    { id: 1, product_id: 7, nickname: 'Bert', title: 'A bit large', detail: 'Fine.', rating: 3, ratings: [{ percent: 60 }], percent: 60, review_status: 1, created_at: '2026-01-01T10:00:00.000Z' },
  ],
  count: 2,
  average: 4,
  average_percent: 75,
};

function serve(list: ReviewList) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/review/list') return new Response(JSON.stringify({ code: 200, result: list }), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response('{}', { status: 404 });
    }),
  );
}

async function renderReviews(language: 'en' | 'de') {
  clearCache();
  await initI18n('en');
  await switchLanguage(language, false);
  render(
    <StoreProvider store="en">
      <ProductReviews productId={7} />
    </StoreProvider>,
  );
  return screen.findByRole('list', { name: language === 'en' ? 'Reviews of this product' : /Bewertungen/ }, { timeout: 5000 });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the ratings of reviews', () => {
  it('shows each review’s percent beside its stars, and the average’s beside the average', async () => {
    serve(answer);
    const list = await renderReviews('en');
    const [anna, bert] = within(list).getAllByRole('listitem');
    expect(within(anna!).getByRole('img', { name: '5 out of 5 stars, 90%' })).toBeTruthy();
    expect(anna!.textContent).toContain('90%');
    expect(within(bert!).getByRole('img', { name: '3 out of 5 stars, 60%' })).toBeTruthy();
    expect(bert!.textContent).toContain('60%');
    expect(screen.getByRole('img', { name: '4 out of 5 stars, 75%' })).toBeTruthy();
    expect(screen.getByText('Rated 4.0 out of 5')).toBeTruthy();
  });

  it('writes the percent the way the interface language does', async () => {
    serve(answer);
    const list = await renderReviews('de');
    expect(within(list).getByRole('img', { name: /^5 von 5 Sternen, 90\s%$/ })).toBeTruthy();
  });
});
