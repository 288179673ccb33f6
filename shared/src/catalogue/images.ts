/**
 * Product image sizes of spec 1 §9 and the URL that asks the server for one. The server resizes the shop's own
 * files under /media/catalog/ only; other addresses (another host, data: URLs, banners) are left as they are.
 * `zoom` (1600) is the shop's own addition for the gallery's lightbox: a picture zoomed on a wide or dense screen.
 */
export const IMAGE_SIZES = { cart: 150, listing: 310, gallery: 744, zoom: 1600 } as const;

export type ImageRole = keyof typeof IMAGE_SIZES;
export type ImageSize = (typeof IMAGE_SIZES)[ImageRole];

export const IMAGE_SIZE_LIST: readonly ImageSize[] = Object.values(IMAGE_SIZES).sort((a, b) => a - b);

/** The prefix of product and category pictures the server can resize. */
export const CATALOG_MEDIA_PREFIX = '/media/catalog/';

export function isImageSize(value: number): value is ImageSize {
  return (IMAGE_SIZE_LIST as readonly number[]).includes(value);
}

/** The size named by a `size` query value ("310"), or null for anything else ("300", "310px", " 310"). */
export function parseImageSize(value: string): ImageSize | null {
  if (!/^[1-9][0-9]*$/.test(value)) return null;
  const size = Number(value);
  return isImageSize(size) ? size : null;
}

function isForeign(path: string): boolean {
  return /^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('blob:');
}

/** The address of a picture: `imageUrl('/media/catalog/ring/x/R-6-1.svg', 'listing')` → `...R-6-1.svg?size=310`. */
export function imageUrl(path: string, size: ImageSize | ImageRole): string {
  if (isForeign(path)) return path;
  const local = path.startsWith('/') ? path : `/${path}`;
  if (!local.startsWith(CATALOG_MEDIA_PREFIX)) return local;
  const pixels = typeof size === 'number' ? size : IMAGE_SIZES[size];
  return `${local}${local.includes('?') ? '&' : '?'}size=${pixels}`;
}

/** A `srcset` value offering the given sizes of one picture, for the browser to choose by layout width. */
export function imageSrcSet(path: string, sizes: readonly ImageSize[]): string | undefined {
  const local = path.startsWith('/') ? path : `/${path}`;
  if (isForeign(path) || !local.startsWith(CATALOG_MEDIA_PREFIX)) return undefined;
  return sizes.map((size) => `${imageUrl(path, size)} ${size}w`).join(', ');
}
