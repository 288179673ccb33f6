import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { contentPictureName, renderContentPicture, type ContentPicture } from './content-pictures.ts';
import { productImagePath, renderProductImage, type ProductImageParams } from './product-image.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { dataDir } });

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const OLD_ACCEPT = 'image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

/** Puts a file where the shop keeps its pictures and returns its address. */
function placeFile(relative: string, data: string | Buffer): string {
  const file = path.join(dataDir, 'media', 'catalog', relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return `/media/catalog/${relative}`;
}

function placeDrawing(params: ProductImageParams): string {
  const url = productImagePath(params);
  return placeFile(url.slice('/media/catalog/'.length), renderProductImage(params));
}

const ring = placeDrawing({ kind: 'ring', sku: 'R-6', n: 1, metal: 'yellow', stone: 'diamond', style: 'solitaire', cut: 'brilliant' });
const watch = placeDrawing({ kind: 'watch', sku: 'W-7', n: 2, metal: 'steel', dial: 'blue', shape: 'round', numerals: 'index', strap: 'bracelet', strapColour: 'metal' });
const wide = placeFile('photos/wide.png', await sharp({ create: { width: 400, height: 200, channels: 4, background: '#b03a2e' } }).png().toBuffer());
const photo = placeFile('photos/photo.jpg', await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2e6fb0' } }).jpeg().toBuffer());
fs.writeFileSync(path.join(dataDir, 'secret.png'), await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000000' } }).png().toBuffer());

async function get(url: string, accept = CHROME_ACCEPT) {
  return app.inject({ url, headers: { accept } });
}

describe('GET /media/catalog/* (the original file)', () => {
  it('serves the file as it is, cacheable for a year', async () => {
    const response = await get(ring);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toBe(fs.readFileSync(path.join(dataDir, ring)).toString());
    expect((await get(photo)).headers['content-type']).toBe('image/jpeg');
  });
});

describe('GET /media/catalog/*?size=', () => {
  it('makes a square WebP of exactly the asked size with a real image library', async () => {
    for (const size of [150, 310, 744, 1600]) {
      const response = await get(`${ring}?size=${size}`);
      expect(response.statusCode, String(size)).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toContain('accept');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
  });

  it('keeps each size on disk and serves it from there the next time', async () => {
    const first = await get(`${watch}?size=310`);
    expect(first.statusCode).toBe(200);
    const cached = path.join(dataDir, 'cache', 'images', '310', `${watch.slice('/media/catalog/'.length)}.webp`);
    expect(fs.readFileSync(cached).equals(first.rawPayload)).toBe(true);
    // A marker in the cache file proves the second answer comes from disk and not from a new resize.
    const marker = await sharp({ create: { width: 310, height: 310, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    fs.writeFileSync(cached, marker);
    const second = await get(`${watch}?size=310`);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(fs.readdirSync(path.dirname(cached)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('makes the copy again when the original is newer than it', async () => {
    const url = placeDrawing({ kind: 'gem', sku: 'G-8', n: 1, stone: 'ruby', cut: 'oval' });
    const cached = path.join(dataDir, 'cache', 'images', '150', `${url.slice('/media/catalog/'.length)}.webp`);
    await get(`${url}?size=150`);
    fs.writeFileSync(cached, 'stale');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dataDir, url), later, later);
    const response = await get(`${url}?size=150`);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(150);
  });

  it('answers PNG to a browser that does not list WebP, and JPEG for a JPEG original', async () => {
    const png = await get(`${ring}?size=310`, OLD_ACCEPT);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 310, height: 310 });
    const jpeg = await get(`${photo}?size=150`, OLD_ACCEPT);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 150, height: 150 });
    expect((await get(`${ring}?size=310`, 'image/webp;q=0, image/png')).headers['content-type']).toBe('image/png');
    expect((await get(`${ring}?size=310`, '')).headers['content-type']).toBe('image/png');
  });

  it('fits a picture that is not square inside the square without cropping it', async () => {
    const response = await get(`${wide}?size=310`);
    const { data, info } = await sharp(response.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([310, 310]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(155, 10)).toBe(0);
    expect(alphaAt(155, 155)).toBe(255);
    expect(alphaAt(2, 155)).toBe(255);
    expect(alphaAt(307, 155)).toBe(255);
  });

  it('rejects any size but the three of the spec and the zoom size', async () => {
    for (const query of ['size=300', 'size=abc', 'size=', 'size=0310', 'size=310&size=744', 'size=310px']) {
      const response = await get(`${ring}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, result: { error: 'bad_request' } });
      expect(response.json().result.message).toContain('150, 310, 744, 1600');
      expect(response.headers['cache-control'] ?? '', query).not.toContain('immutable');
    }
  });
});

describe('GET /media answers 404 for what is not a picture of the shop', () => {
  it('unknown files, and pictures the catalogue names but nobody stored', async () => {
    for (const url of ['/media/catalog/ring/nonsense/R-6-1.svg', '/media/catalog/watch/W-1-1.svg', '/media/catalog/watch/W-1-1.svg?size=310', '/media/catalog/photos', '/media/catalog/photos/readme.txt', '/media/banners/unknown.svg']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, result: { error: 'not_found' } });
      expect(response.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });

  it('never leaves the catalog folder', async () => {
    for (const url of [
      '/media/catalog/../../secret.png',
      '/media/catalog/photos/../../../secret.png',
      '/media/catalog/%2e%2e/%2e%2e/secret.png',
      '/media/catalog/..%2f..%2fsecret.png',
      '/media/catalog/%2E%2E%2F%2E%2E%2Fsecret.png?size=150',
      '/media/catalog/..%5c..%5csecret.png',
      '/media/catalog/%2fetc%2fpasswd',
      '/media/catalog/photos/wide.png%00.svg',
      '/media/catalog/%E0%A4%A.png',
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('never leaves the catalog folder over real HTTP, where "../" reaches the route unnormalised', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const rawPath of ['/media/catalog/../../secret.png', '/media/catalog/photos/../../../secret.png?size=150', '/media/catalog/%2e%2e/%2e%2e/secret.png']) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: rawPath, headers: { accept: CHROME_ACCEPT } }, (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        }).on('error', reject);
      });
      expect(status, rawPath).toBe(404);
      // The media route itself refused it (the router did not normalise the path away).
      expect(JSON.parse(body).result.message, rawPath).toContain('No image at /media/catalog/');
    }
  });
});

/** Puts a content picture where the shop keeps them and returns its address. */
function placeContent(name: string, data: string | Buffer): string {
  const file = path.join(dataDir, 'media', 'content', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return `/media/content/${name}`;
}

describe('GET /media/content/:name (content pictures)', () => {
  const hero: ContentPicture = { scene: 'trio', backdrop: 'navy', n: 1 };
  const heroUrl = placeContent(contentPictureName(hero), renderContentPicture(hero));

  it('serves the original file as it is, cacheable for a year, an SVG without scripts', async () => {
    const response = await get(heroUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toBe(renderContentPicture(hero));
  });

  it('makes copies 310, 744 and 1600 (hero) pixels wide that keep the picture\'s aspect, WebP when accepted', async () => {
    for (const [size, width, height] of [['310', 310, 174], ['744', 744, 419], ['hero', 1600, 900]] as const) {
      const response = await get(`${heroUrl}?size=${size}`);
      expect(response.statusCode, size).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers.vary).toBe('accept');
      expect(await sharp(response.rawPayload).metadata(), size).toMatchObject({ format: 'webp', width, height });
    }
    // Kept on disk in a folder of their own, so a content picture never shares a copy with a catalogue picture.
    expect(fs.existsSync(path.join(dataDir, 'cache', 'content-images', '1600', `${contentPictureName(hero)}.webp`))).toBe(true);
  });

  it('answers PNG to a browser without WebP, and keeps the aspect of a picture that is not 16:9', async () => {
    const tall = placeContent('portrait.png', await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8a6d3b' } }).png().toBuffer());
    const response = await get(`${tall}?size=744`, OLD_ACCEPT);
    expect(response.headers['content-type']).toBe('image/png');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 744, height: 992 });
  });

  it('rejects any size but 310, 744 and hero with a clear message', async () => {
    for (const size of ['150', '1600', 'HERO', '744px', '']) {
      const response = await get(`${heroUrl}?size=${encodeURIComponent(size)}`);
      expect(response.statusCode, size).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const response = await get(`${heroUrl}?size=150`);
    expect(response.json().result.message).toContain('310, 744, hero');
  });

  it('answers 404 for a picture that is not there', async () => {
    const response = await get('/media/content/missing-navy-1.svg?size=744');
    expect(response.statusCode).toBe(404);
    expect(response.json().result.message).toContain('missing-navy-1.svg');
  });

  it('never leaves the content folder', async () => {
    fs.writeFileSync(path.join(dataDir, 'media', 'outside.svg'), '<svg xmlns="http://www.w3.org/2000/svg">secret</svg>');
    placeFile('inside-catalog.svg', '<svg xmlns="http://www.w3.org/2000/svg">catalogue</svg>');
    for (const url of [
      '/media/content/..%2Foutside.svg',
      '/media/content/..%2Fcatalog%2Finside-catalog.svg',
      '/media/content/%2e%2e%2foutside.svg?size=310',
      '/media/content/..%5coutside.svg',
      '/media/content/%2Fetc%2Fpasswd',
      '/media/content/trio-navy-1.svg%00.png',
      '/media/content/.hidden.svg',
      '/media/content/Trio-Navy-1.SVG',
      '/media/content/notes.txt',
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });
});

describe('GET /media/banners/*', () => {
  it('draws the home banners', async () => {
    const response = await get('/media/banners/sparkle.svg?w=1200&h=500');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('viewBox="0 0 1200 500"');
  });
});
