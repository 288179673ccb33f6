import { describe, expect, it } from 'vitest';
import { cacheRuleFor, offlineMissBody, OFFLINE_MISS, pageStatus, urlMapCacheKey, type RequestFacts } from './cache-rules.ts';

const origin = 'https://shop.test';
const get = (url: string): RequestFacts => ({ method: 'GET', url: `${origin}${url}`, mode: 'cors' });
const page = (url: string): RequestFacts => ({ method: 'GET', url: `${origin}${url}`, mode: 'navigate' });
const post = (url: string): RequestFacts => ({ method: 'POST', url: `${origin}${url}`, mode: 'cors' });

describe('cacheRuleFor', () => {
  it('answers every storefront page load with the shell, but no server or file address', () => {
    for (const path of ['/', '/nl', '/en/watches/men', '/nl/horloges/rolex-datejust-41?sort=price-asc', '/pwa.html', '/nl/pwa.html', '/i/about-us']) {
      expect(cacheRuleFor(page(path), origin), path).toBe('shell');
    }
    for (const path of ['/api/catalog/search', '/media/catalog/a.png', '/health', '/documentation', '/documentation/json', '/dev/mailbox', '/sandbox-pay/pay_123', '/service-worker.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
      expect(cacheRuleFor(page(path), origin), path).toBe('none');
    }
  });

  it('caches the catalogue reads, network first', () => {
    const reads = [
      `/api/catalog/search?request=${encodeURIComponent('{"type":"product","storeCode":"nl"}')}`,
      '/api/catalog/product?sku=W-1&storeCode=nl',
      '/api/catalog/product/variants?parentSku=W-1',
      '/api/catalog/product/members?sku=B-1',
      '/api/catalog/category?id=3&storeCode=en',
      '/api/catalog/render-list?skus=A,B&currencyCode=USD&storeId=1',
      '/api/location',
    ];
    for (const url of reads) expect(cacheRuleFor(get(url), origin), url).toBe('catalogue');
    expect(cacheRuleFor(post('/api/url/map'), origin)).toBe('url-map');
  });

  it('caches what the forms read (boutiques, free slots, form definitions), network first, but never what they send', () => {
    for (const url of ['/api/boutiques?store=nl', '/api/boutiques/amsterdam/slots?from=2026-05-01&days=14', '/api/forms/definitions/repair-request']) {
      expect(cacheRuleFor(get(url), origin), url).toBe('catalogue');
    }
    for (const request of [post('/api/forms/contacts?storeCode=nl'), post('/api/forms/trade-in'), { method: 'PUT', url: `${origin}/api/uploads/0b6f`, mode: 'cors' }, get('/api/forms/definitions'), get('/api/boutiques/a/b')]) {
      expect(cacheRuleFor(request, origin), `${request.method} ${request.url}`).toBe('none');
    }
  });

  it('caches what the content pages read (CMS pages and blocks, the magazine, testimonials), network first', () => {
    const reads = [
      '/api/content/cms_page?storeCode=nl&identifier=over-ons',
      '/api/content/cms_block?storeCode=en&identifier=home-story',
      '/api/content/cms_hierarchy?storeCode=nl',
      '/api/content/wordpress_posts?storeCode=en&size=12&from=0&category=news',
      '/api/content/wordpress_categories?storeCode=nl',
      '/api/content/review?storeCode=en&size=12&from=12',
      '/api/ext/cms-data',
      '/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/en',
      '/api/ext/cms-data/cmsBlock/12',
      '/api/ext/wordpress/post/the-art-of-the-chronograph?storeCode=en',
      '/api/ext/wordpress/product/1042?storeCode=nl',
      '/api/ext/review-ratings?storeCode=nl',
    ];
    for (const url of reads) expect(cacheRuleFor(get(url), origin), url).toBe('catalogue');
    // Their pictures are media; a content path that is not a read, or not a GET, is not the worker's business.
    expect(cacheRuleFor(get('/media/content/vintage-hero.svg?size=hero'), origin)).toBe('media');
    for (const request of [post('/api/content/cms_page'), get('/api/content'), get('/api/ext/wordpress'), get('/api/ext/wordpress/post/a/b'), get('/api/ext/review-ratings/x'), get('/api/ext/other')]) {
      expect(cacheRuleFor(request, origin), `${request.method} ${request.url}`).toBe('none');
    }
  });

  it('caches pictures, cache first', () => {
    expect(cacheRuleFor(get('/media/catalog/product/w/1.png?size=310'), origin)).toBe('media');
    expect(cacheRuleFor(get('/media/banners/hero-1600x700.svg'), origin)).toBe('media');
  });

  it('never touches live data: cart, replication, stock, or any API path it does not know', () => {
    const live = [
      get('/api/cart/pull?cartId=abc'),
      post('/api/cart/update?cartId=abc'),
      post('/api/cart/create'),
      get('/api/replication/cart/pull?checkpoint=0'),
      post('/api/replication/cart/push'),
      get('/api/replication/cart/stream'),
      get('/api/stock/check?sku=W-1'),
      post('/api/stock/list'),
      get('/api/user/me'),
      post('/api/order/create'),
      // A search sent as a POST is not cached: the catalogue client reads with GET.
      post('/api/catalog/search'),
      get('/api/catalog/searchable'),
      get('/api/url/map'),
      { method: 'PUT', url: `${origin}/api/catalog/category`, mode: 'cors' },
      get('/health'),
    ];
    for (const request of live) expect(cacheRuleFor(request, origin), `${request.method} ${request.url}`).toBe('none');
  });

  it('leaves other origins alone', () => {
    expect(cacheRuleFor({ method: 'GET', url: 'https://cdn.example/media/a.png', mode: 'no-cors' }, origin)).toBe('none');
    expect(cacheRuleFor({ method: 'GET', url: 'https://cdn.example/en', mode: 'navigate' }, origin)).toBe('none');
    expect(cacheRuleFor({ method: 'GET', url: 'https://cdn.example/assets/devtools/agent-start-abc.js', mode: 'cors' }, origin)).toBe('none');
  });

  it("keeps a built file the precache left out (the visualizer's) once fetched, cache first: its script, worker and styles", () => {
    for (const path of ['/assets/devtools/devtools-page-abc.js', '/assets/devtools/elk-worker.min-abc.js', '/assets/devtools/devtools-page-abc.css']) {
      expect(cacheRuleFor(get(path), origin), path).toBe('asset');
    }
    expect(cacheRuleFor({ method: 'GET', url: `${origin}/assets/devtools/elk-worker.min-abc.js`, mode: 'same-origin' }, origin)).toBe('asset');
    // Never a write, and never a page load.
    expect(cacheRuleFor(post('/assets/devtools/devtools-page-abc.js'), origin)).toBe('none');
    expect(cacheRuleFor({ method: 'HEAD', url: `${origin}/assets/devtools/devtools-page-abc.js` }, origin)).toBe('none');
    expect(cacheRuleFor(get('/assetsx/a.js'), origin)).toBe('none');
  });
});

describe('urlMapCacheKey', () => {
  it('is one GET address per store and path, whatever the body looks like', () => {
    const key = urlMapCacheKey('{"url":"watches/men","storeCode":"nl"}', origin);
    expect(key).toBe(`${origin}/api/url/map?storeCode=nl&url=watches%2Fmen`);
    expect(urlMapCacheKey('{ "storeCode": "nl", "url": "watches/men" }', origin)).toBe(key);
    expect(urlMapCacheKey('{"url":"watches/men","storeCode":"en"}', origin)).not.toBe(key);
    expect(urlMapCacheKey('{"url":"watches/women","storeCode":"nl"}', origin)).not.toBe(key);
    expect(urlMapCacheKey('{"url":"watches/men"}', origin)).toBe(`${origin}/api/url/map?storeCode=&url=watches%2Fmen`);
  });

  it('is null for a body that is not a lookup, so nothing is stored for it', () => {
    for (const body of ['', 'not json', 'null', '[]', '{"url":3}', '{"url":"a","storeCode":2}', '{"storeCode":"nl"}']) {
      expect(urlMapCacheKey(body, origin), body).toBeNull();
    }
  });
});

describe('offlineMissBody', () => {
  it('is an API error envelope the client can recognise', () => {
    expect(offlineMissBody('/api/url/map')).toEqual({
      code: 504,
      result: { error: OFFLINE_MISS, message: 'Offline: query returned empty result for /api/url/map' },
    });
  });
});

describe('pageStatus', () => {
  it('keeps the server’s 404 for an address the shop does not have; anything else, or offline, is the app’s page', () => {
    expect(pageStatus(404)).toBe(404);
    for (const status of [200, 500, 502, null]) expect(pageStatus(status), String(status)).toBe(200);
  });
});
