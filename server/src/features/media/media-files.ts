/** Where the shop's own picture files live under DATA_DIR, and how a request path maps onto one of them safely. */
import path from 'node:path';

const CONTENT_TYPES = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
} as const;

type PictureExtension = keyof typeof CONTENT_TYPES;

export interface MediaDirs {
  /** `${DATA_DIR}/media/catalog`: the originals, at the paths products carry after `/media/catalog/`. */
  catalog: string;
  /** `${DATA_DIR}/cache/images`: resized copies, one folder per size. */
  resized: string;
  /** `${DATA_DIR}/media/content`: content pictures (magazine, CMS pages), one folder, named as the content names them. */
  content: string;
  /** `${DATA_DIR}/cache/content-images`: their resized copies, one folder per width. */
  contentResized: string;
}

export function mediaDirs(dataDir: string): MediaDirs {
  return {
    catalog: path.join(dataDir, 'media', 'catalog'),
    resized: path.join(dataDir, 'cache', 'images'),
    content: contentDir(dataDir),
    contentResized: path.join(dataDir, 'cache', 'content-images'),
  };
}

export function contentDir(dataDir: string): string {
  return path.join(dataDir, 'media', 'content');
}

export interface CatalogFile {
  /** Absolute path of the original. */
  file: string;
  /** Path below the catalog folder with forward slashes ("ring/x/R-6-1.svg"), also the key of its resized copies. */
  relative: string;
  contentType: (typeof CONTENT_TYPES)[PictureExtension];
  extension: PictureExtension;
}

function isPictureExtension(value: string): value is PictureExtension {
  return Object.hasOwn(CONTENT_TYPES, value);
}

/**
 * The picture file a request path below /media/catalog/ names, or null when it names none: not a picture
 * extension, not decodable, a NUL byte, or anything that resolves outside the catalog folder ("../", "%2e%2e/",
 * an absolute path). Whether the file exists is for the caller to find out.
 */
export function resolveCatalogFile(catalogDir: string, requestPath: string): CatalogFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = path.resolve(catalogDir);
  const file = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (!file.startsWith(root + path.sep)) return null;
  const extension = path.extname(file).toLowerCase();
  if (!isPictureExtension(extension)) return null;
  return { file, relative: path.relative(root, file).split(path.sep).join('/'), contentType: CONTENT_TYPES[extension], extension };
}

/**
 * A content picture's name as content files give it (`dial-navy-3.svg`): lower-case letters, digits, dots, hyphens
 * and underscores, starting with a letter or digit, with a picture extension (the content file's own rule).
 */
const CONTENT_PICTURE_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/;

/** The content picture a name names, or null: no folders, no "..", nothing outside the content folder. */
export function resolveContentFile(dir: string, name: string): CatalogFile | null {
  if (!CONTENT_PICTURE_NAME.test(name) || name.includes('..')) return null;
  const extension = path.extname(name).toLowerCase();
  if (!isPictureExtension(extension)) return null;
  const root = path.resolve(dir);
  const file = path.join(root, name);
  if (path.dirname(file) !== root) return null;
  return { file, relative: name, contentType: CONTENT_TYPES[extension], extension };
}
