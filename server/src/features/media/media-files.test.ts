import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaDirs, resolveCatalogFile } from './media-files.ts';

const { catalog } = mediaDirs('/srv/shop-data');

describe('resolveCatalogFile', () => {
  it('maps a request path onto a picture below the catalog folder', () => {
    expect(resolveCatalogFile(catalog, 'watch/steel-blue/W-000123-1.svg')).toEqual({
      file: path.join('/srv/shop-data/media/catalog/watch/steel-blue/W-000123-1.svg'),
      relative: 'watch/steel-blue/W-000123-1.svg',
      contentType: 'image/svg+xml',
      extension: '.svg',
    });
    expect(resolveCatalogFile(catalog, 'photos/Ring%20One.JPG')).toMatchObject({ relative: 'photos/Ring One.JPG', contentType: 'image/jpeg' });
    expect(resolveCatalogFile(catalog, 'a/./b/../c.png')?.relative).toBe('a/c.png');
  });

  it('refuses anything that would leave the folder, or is not a picture', () => {
    for (const bad of [
      '../shop.sqlite',
      '../../secret.png',
      'photos/../../secret.png',
      '%2e%2e/%2e%2e/secret.png',
      '..%2F..%2Fsecret.png',
      '..\\..\\secret.png',
      '..%5c..%5csecret.png',
      'photo.png%00.svg',
      '%E0%A4%A.png',
      '',
      '.',
      'photos/readme.txt',
      'photos/.png/..',
    ]) {
      expect(resolveCatalogFile(catalog, bad), bad).toBeNull();
    }
    // An absolute path inside the request is read below the folder, never as the machine's own /etc.
    expect(resolveCatalogFile(catalog, '%2Fetc%2Fpasswd.png')?.file).toBe(path.join(catalog, 'etc/passwd.png'));
  });
});
