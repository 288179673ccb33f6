import type { Aggregation, FilterValue, Product, RenderListItem, SearchRequest, VisitorLocation } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { category, product, renderShop } from '../../test/shop-test-utils.tsx';

/**
 * The category page against a fake catalogue that filters, counts and prices like the server does: a catalogue
 * in EUR with 21% VAT, and a render list giving a US visitor dollar prices without VAT (custom prices included).
 */
const watches = category({ id: 3, name: 'Watches', url_path: 'watches' });

interface Piece {
  id: number;
  /** The catalogue's price incl. 21% VAT, EUR. */
  eur: number;
  /** What the render list gives a US visitor (USD, no VAT, a custom price where the product has one). */
  usd: number;
  diameter?: number;
}

// The EUR bucket 2500-5000 holds 2, 3, 5 and 6; shown in dollars only 2 and 5 are in '2925 - 5850'.
const PIECES: Piece[] = [
  { id: 1, eur: 2420, usd: 2340, diameter: 28 },
  { id: 2, eur: 3025, usd: 2925, diameter: 30 },
  { id: 3, eur: 3388, usd: 6000, diameter: 33 }, // its own dollar price
  { id: 4, eur: 6050, usd: 5850, diameter: 36 },
  { id: 5, eur: 3600, usd: 3481.2, diameter: 34 },
  { id: 6, eur: 2999, usd: 2899.86, diameter: 40 }, // shows $2,900
  { id: 7, eur: 1210, usd: 1170 }, // no diameter (a strap)
];

const products: Product[] = PIECES.map((piece) =>
  product({
    id: piece.id,
    name: `Piece ${piece.id}`,
    category_ids: [3],
    price_incl_tax: piece.eur,
    final_price_incl_tax: piece.eur,
    ...(piece.diameter === undefined ? {} : { oculus_diameter: piece.diameter }),
  }),
);

function renderListItem(piece: Piece): RenderListItem {
  const zero = { price_tax: 0, original_price_tax: 0, special_price: 0, special_price_incl_tax: 0, special_price_tax: 0, final_price_tax: 0 };
  const amount = piece.usd;
  return { id: piece.id, sku: `SKU-${piece.id}`, currency: 'USD', tax_rate: 0, custom_price: piece.id === 3, price: amount, price_incl_tax: amount, original_price: amount, original_price_incl_tax: amount, final_price: amount, final_price_incl_tax: amount, ...zero };
}

function matches(value: number | undefined, filter: FilterValue): boolean {
  if (value === undefined) return false;
  if (Array.isArray(filter)) return filter.map(Number).includes(value);
  if (typeof filter !== 'object') return value === Number(filter);
  return (filter.gte === undefined || value >= filter.gte) && (filter.gt === undefined || value > filter.gt) && (filter.lte === undefined || value <= filter.lte) && (filter.lt === undefined || value < filter.lt);
}

const FIELDS: Record<string, (p: Product) => number | undefined> = {
  id: (p) => p.id,
  category_ids: () => 3,
  final_price_incl_tax: (p) => p.final_price_incl_tax,
  oculus_diameter: (p) => (typeof p.oculus_diameter === 'number' ? p.oculus_diameter : undefined),
};

/** The server's search: filters, facets counted without their own filter, a page of the result. */
function search(request: SearchRequest) {
  const filters = Object.entries(request.filters ?? {});
  const passing = (skip?: string) => products.filter((p) => filters.every(([field, filter]) => field === skip || matches(FIELDS[field]!(p), filter)));
  const all = passing();
  const aggregations: Record<string, Aggregation> = {};
  for (const field of request.aggregate ?? []) {
    if (field === 'price') {
      const counted = passing('final_price_incl_tax');
      aggregations.price = {
        type: 'range',
        buckets: Array.from({ length: 13 }, (_, n) => ({
          key: n === 12 ? '30000-' : `${n * 2500}-${n * 2500 + 2500}`,
          from: n * 2500,
          to: n === 12 ? null : n * 2500 + 2500,
          count: counted.filter((p) => Math.min(12, Math.floor(p.final_price_incl_tax / 2500)) === n).length,
        })),
      };
    } else if (field === 'oculus_diameter') {
      const values = passing('oculus_diameter').flatMap((p) => (typeof p.oculus_diameter === 'number' ? [p.oculus_diameter] : []));
      aggregations.oculus_diameter = { type: 'stats', min: values.length ? Math.min(...values) : null, max: values.length ? Math.max(...values) : null, count: values.length };
    }
  }
  const start = request.start ?? 0;
  const items = all.slice(start, start + (request.size ?? 50));
  return { items, total: all.length, start, size: items.length, aggregations, attributeMetadata: [] };
}

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

function installFakeShop(location: VisitorLocation) {
  const searches: SearchRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/url/map') return ok({ _type: 'category', _source: watches });
    if (url.pathname === '/api/location') return ok(location);
    if (url.pathname === '/api/catalog/render-list') {
      const skus = (url.searchParams.get('skus') ?? '').split(',');
      return ok({ items: PIECES.filter((piece) => skus.includes(`SKU-${piece.id}`)).map(renderListItem) });
    }
    if (url.pathname === '/api/catalog/search') {
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest;
      searches.push(request);
      if (request.type === 'category') return ok({ items: [watches], total: 1, start: 0, size: 1, aggregations: {}, attributeMetadata: [] });
      return ok(search(request));
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { searches };
}

/** The sidebar, once the page is there. */
const filters = () => screen.findByRole('complementary', {}, { timeout: 3000 });
const listing = () => screen.getByRole('region', { name: 'Products' });
const cards = () => within(listing()).getAllByRole('article');
const dollars = (text: string) => Number(/\$([\d,]+)/.exec(text)?.[1]?.replace(/,/g, ''));

describe('category page filters', () => {
  beforeEach(() => {
    localStorage.clear();
    // The filter panel is a sidebar on a wide screen.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('gives a US visitor dollar buckets, and a bucket lists exactly the products whose shown dollar price is in it', async () => {
    const { searches } = installFakeShop({ country_code: 'US', vat: 0, currency: 'USD' });
    const { router } = await renderShop('/en/watches');

    const panel = await filters();
    const bucket = await within(panel).findByRole('checkbox', { name: '2925 - 5850 (2)' });
    expect(within(panel).getByRole('checkbox', { name: '< $2925 (3)' })).toBeDefined();
    expect(within(panel).getByRole('checkbox', { name: '5850 - 8775 (2)' })).toBeDefined();
    expect(within(panel).queryByText(/€/)).toBeNull();

    fireEvent.click(bucket);
    await waitFor(() => expect(router.state.location.search).toEqual({ price: '2500-5000' }));
    await waitFor(() => expect(cards().map((card) => within(card).getByRole('link').textContent)).toEqual(['Piece 2', 'Piece 5']));
    await waitFor(() => expect(cards().map((card) => dollars(card.textContent ?? ''))).toEqual([2925, 3481]));
    for (const card of cards()) {
      const shown = dollars(card.textContent ?? '');
      expect(shown >= 2925 && shown < 5850, `shown price ${shown}`).toBe(true);
    }
    expect(screen.getByText('2 products')).toBeDefined();
    // The listing asked for the ids priced in the bucket, not for the catalogue's euro range.
    const listed = searches.filter((request) => request.type === 'product' && request.filters?.id !== undefined);
    expect(listed.at(-1)?.filters).toEqual({ category_ids: [3], id: [2, 5] });
  });

  it('lets a visitor’s price bucket narrow the other facets the way a catalogue price range would', async () => {
    const { searches } = installFakeShop({ country_code: 'US', vat: 0, currency: 'USD' });
    await renderShop('/en/watches?price=2500-5000&oculus_diameter=30-31');

    const panel = await filters();
    // Counted with the range: only piece 2 (30 mm) of the bucket's 2 and 5.
    expect(await within(panel).findByRole('checkbox', { name: '2925 - 5850 (1)' })).toHaveProperty('checked', true);
    await waitFor(() => expect(cards().map((card) => within(card).getByRole('link').textContent)).toEqual(['Piece 2']));
    // The ids stand for the price alone, so the range's own bounds are those of the whole bucket: 30 to 34 mm.
    expect(await within(panel).findByText('In this selection: 30–34 mm')).toBeDefined();
    expect(searches.filter((request) => request.filters?.id !== undefined).at(-1)?.filters).toEqual({ category_ids: [3], oculus_diameter: { gte: 30, lte: 31 }, id: [2, 5] });
  });

  it('keeps the catalogue’s euro buckets, counted and filtered by the search, for a visitor shown euro prices', async () => {
    const { searches } = installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const { router } = await renderShop('/en/watches');

    fireEvent.click(await within(await filters()).findByRole('checkbox', { name: '2500 - 5000 (4)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ price: '2500-5000' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(searches.at(-1)?.filters).toEqual({ category_ids: [3], final_price_incl_tax: { gte: 2499.5, lt: 4999.5 } });
    // No search for the ids of the products whose visitor price is in a bucket (those ask for id and sku only).
    expect(searches.some((request) => request.includeFields?.join() === 'id,sku')).toBe(false);
  });

  it('narrows the listing by a dial opening range that round-trips through the URL and can be cleared', async () => {
    installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const { router } = await renderShop('/en/watches');

    const panel = await filters();
    const range = await within(panel).findByRole('group', { name: 'Dial opening' });
    expect(within(range).getByText('In this selection: 28–40 mm')).toBeDefined();
    fireEvent.change(within(range).getByRole('spinbutton', { name: 'From (mm)' }), { target: { value: '30' } });
    fireEvent.change(within(range).getByRole('spinbutton', { name: 'To (mm)' }), { target: { value: '34.5' } });
    fireEvent.click(within(range).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ oculus_diameter: '30-34.5' }));
    await waitFor(() => expect(cards().map((card) => within(card).getByRole('link').textContent)).toEqual(['Piece 2', 'Piece 3', 'Piece 5']));
    expect(screen.getByRole('button', { name: 'Remove filter Dial opening: 30–34.5 mm' })).toBeDefined();
    // The range stays what the URL says, also after the page is drawn again from it.
    expect(within(panel).getByRole('spinbutton', { name: 'From (mm)' })).toHaveProperty('value', '30');

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(cards()).toHaveLength(7));
  });

  it('says "Must be greater than 0" under an end of the range that is no measure, and applies nothing', async () => {
    installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const { router } = await renderShop('/en/watches');
    const range = await within(await filters()).findByRole('group', { name: 'Dial opening' });
    const to = within(range).getByRole('spinbutton', { name: 'To (mm)' });
    fireEvent.change(to, { target: { value: '0' } });
    fireEvent.click(within(range).getByRole('button', { name: 'Apply' }));
    const message = within(range).getByText('To (mm): Must be greater than 0');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe(message.id);
    expect(router.state.location.search).toEqual({});
    fireEvent.change(to, { target: { value: '36' } });
    expect(within(range).queryByText(/Must be greater than 0/)).toBeNull();
    fireEvent.click(within(range).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ oculus_diameter: '-36' }));
  });

  it('asks for a sort field when the address names a sort the list does not offer, and lists in the default order', async () => {
    const { searches } = installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const { router } = await renderShop('/en/watches?sort=colour');
    const sort = (await screen.findByRole('combobox', { name: 'Sort by' }, { timeout: 3000 })) as HTMLSelectElement;
    const message = await screen.findByText('Please select the field which You like to sort by');
    expect(sort.value).toBe('');
    expect(sort.getAttribute('aria-describedby')).toBe(message.id);
    await waitFor(() => expect(searches.filter((request) => request.type === 'product').at(-1)?.sort).toBe('updated_at:desc'));
    fireEvent.change(sort, { target: { value: 'price-asc' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'price-asc' }));
    expect(screen.queryByText('Please select the field which You like to sort by')).toBeNull();
    expect(sort.value).toBe('price-asc');
  });

  it('warns with the spec’s message when the listing fails while online too, with OK and a retry (spec 1 §8)', async () => {
    installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let failing = true;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest;
      if (failing && url.pathname === '/api/catalog/search' && request.type === 'product') {
        return new Response(JSON.stringify({ code: 500, result: { error: 'internal', message: 'Something went wrong, try again in a few seconds' } }), { status: 500 });
      }
      return answer(input, init);
    });
    expect(navigator.onLine).toBe(true);
    await renderShop('/en/watches');
    const message = 'No products synchronized for this category. Please come back while online!';
    const ok = await screen.findByRole('button', { name: 'OK' }, { timeout: 3000 });
    expect(ok.closest('[role="status"]')?.textContent).toContain(message);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
  });

  it('warns with the spec’s message when the listing cannot load offline (spec 1 §8)', async () => {
    installFakeShop({ country_code: 'NL', vat: 21, currency: 'EUR' });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const answer = vi.mocked(fetch).getMockImplementation()!;
    // The category is known (its address was cached); its products never were, and there is no network.
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest;
      if (url.pathname === '/api/catalog/search' && request.type === 'product') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    try {
      await renderShop('/en/watches');
      // In the listing's place, and as a warning notification with OK.
      const message = 'No products synchronized for this category. Please come back while online!';
      await screen.findByRole('button', { name: 'OK' }, { timeout: 3000 });
      // Once in the page's error state, once in the notification.
      expect(screen.getAllByText(message)).toHaveLength(2);
    } finally {
      online.mockRestore();
    }
  });
});
