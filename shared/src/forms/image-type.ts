/**
 * What a picture is, by its first bytes (never by its name or declared type): the shop takes JPEG, PNG, WebP and
 * HEIC/HEIF (an iPhone's camera), and nothing else (SVG, AVIF, GIF, documents, programs named .jpg). The browser checks
 * a file before it keeps it; the server checks the uploaded bytes again.
 */

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** The file extension a picture is stored under. */
export const PICTURE_EXTENSIONS: Readonly<Record<PictureType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
};

/** At most this many photos on one form, each at most `PHOTO_MAX_BYTES` (the issue: 6 pictures, 10 MB each). */
export const PHOTO_MAX_COUNT = 6;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 16;

/** HEVC-coded HEIC brands, and the generic HEIF image brands (ISO/IEC 23008-12). AVIF (`avif`, `avis`) is not taken. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The picture type of a file's first bytes (at least 12; 16 read), or null when it is no picture the shop takes. */
export function sniffImageType(bytes: Uint8Array): PictureType | null {
  if (bytes.length >= 3 && startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The ftyp box comes first and is at least 16 bytes long (size, 'ftyp', major brand, minor version).
    const size = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    if (size < 16) return null;
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return null;
}

/** Whether a declared content type is one a picture may be uploaded with (the bytes still decide what it is). */
export function isUploadContentType(value: string | undefined): boolean {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (PICTURE_TYPES as readonly string[]).includes(type) || type === 'application/octet-stream';
}
