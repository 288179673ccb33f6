import { describe, expect, it } from 'vitest';
import { isUploadContentType, sniffImageType } from './image-type.ts';

const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const ftyp = (brand: string, size = 24) => bytes([0, 0, 0, size], 'ftyp', brand, [0, 0, 0, 0], 'mif1', 'heic');

describe('sniffImageType', () => {
  it('knows the four picture formats by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(ftyp('heic'))).toBe('image/heic');
    expect(sniffImageType(ftyp('heix'))).toBe('image/heic');
    expect(sniffImageType(ftyp('mif1'))).toBe('image/heif');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImageType(ftyp('avif'))).toBeNull();
    expect(sniffImageType(ftyp('isom'))).toBeNull(); // an MP4 video
    expect(sniffImageType(ftyp('heic', 8))).toBeNull(); // an ftyp box too short to be one
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]))).toBeNull(); // a Windows program
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes('hello, this is text'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('refuses truncated headers', () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(bytes([0x89], 'PNG'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 24], 'ftyphei'))).toBeNull();
  });
});

describe('isUploadContentType', () => {
  it('takes the picture types and octet-stream only', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream', 'IMAGE/JPEG; charset=binary']) expect(isUploadContentType(type)).toBe(true);
    for (const type of ['image/svg+xml', 'image/gif', 'text/plain', 'application/json', '', undefined]) expect(isUploadContentType(type)).toBe(false);
  });
});
