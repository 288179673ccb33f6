import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, IMAGE_SIZE_LIST, imageSrcSet, imageUrl, parseImageSize } from './images.ts';

const RING = '/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-6-1.svg';

describe('image sizes', () => {
  it('are the three of spec 1 §9 and the lightbox\'s zoom size', () => {
    expect(IMAGE_SIZES).toEqual({ cart: 150, listing: 310, gallery: 744, zoom: 1600 });
    expect(IMAGE_SIZE_LIST).toEqual([150, 310, 744, 1600]);
  });

  it('parses only those sizes, written as plain digits', () => {
    expect(parseImageSize('150')).toBe(150);
    expect(parseImageSize('744')).toBe(744);
    expect(parseImageSize('1600')).toBe(1600);
    for (const bad of ['300', '0310', '310px', ' 310', '', '-150', '1e3', '310.0']) expect(parseImageSize(bad), bad).toBeNull();
  });
});

describe('imageUrl', () => {
  it('asks for a size of a catalogue picture by role or by pixels', () => {
    expect(imageUrl(RING, 'listing')).toBe(`${RING}?size=310`);
    expect(imageUrl(RING, 'cart')).toBe(`${RING}?size=150`);
    expect(imageUrl(RING, 744)).toBe(`${RING}?size=744`);
    expect(imageUrl(RING.slice(1), 'gallery')).toBe(`${RING}?size=744`);
    expect(imageUrl(RING, 'zoom')).toBe(`${RING}?size=1600`);
    expect(imageUrl(`${RING}?v=2`, 'listing')).toBe(`${RING}?v=2&size=310`);
  });

  it('leaves other addresses alone', () => {
    for (const path of ['https://cdn.example.com/a.jpg', '//cdn.example.com/a.jpg', 'data:image/png;base64,AAAA', '/media/banners/dial.svg']) {
      expect(imageUrl(path, 'listing')).toBe(path);
    }
  });

  it('builds a srcset for catalogue pictures only', () => {
    expect(imageSrcSet(RING, [310, 744])).toBe(`${RING}?size=310 310w, ${RING}?size=744 744w`);
    expect(imageSrcSet(RING, [744, 1600])).toBe(`${RING}?size=744 744w, ${RING}?size=1600 1600w`);
    expect(imageSrcSet('https://cdn.example.com/a.jpg', [310, 744])).toBeUndefined();
  });
});
