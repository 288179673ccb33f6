import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { productImagePath } from './product-image.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });

describe('GET /media', () => {
  it('draws a product picture from its path, cacheable for a year', async () => {
    const url = productImagePath({ kind: 'ring', sku: 'R-6', n: 1, metal: 'yellow', stone: 'diamond', style: 'solitaire', cut: 'brilliant' } as Parameters<typeof productImagePath>[0]);
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect((await app.inject(url)).body).toBe(response.body);
  });

  it('draws the home banners', async () => {
    const response = await app.inject('/media/banners/sparkle.svg?w=1200&h=500');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('viewBox="0 0 1200 500"');
  });

  it('answers 404 for paths it does not draw', async () => {
    for (const url of ['/media/catalog/ring/nonsense/R-6-1.svg', '/media/catalog/../../etc/passwd', '/media/banners/unknown.svg']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe(404);
    }
  });
});
