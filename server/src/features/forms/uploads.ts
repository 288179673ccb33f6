/**
 * The photos a form uploads (`PUT /api/uploads/:id`), checked and kept before the form that names them arrives.
 *
 * What a file is comes from its bytes (`sniffImageType`), never from its name or declared type. JPEG, PNG and WebP
 * must decode with sharp (at most 40 megapixels: a decompression bomb is refused) and are written again in the same
 * format, turned upright, at most 2560 px on the long edge and without metadata: the EXIF block (GPS position, camera
 * serial) is gone, and so is anything hidden after the picture (a polyglot file). HEIC is stored as uploaded, because
 * this build of sharp decodes AVIF only: its structure is checked, but its EXIF stays (decision 043).
 *
 * Files live under `DATA_DIR/inbox/uploads/<yyyy-mm>/<id>-<hash>.<ext>`, readable by the shop's user only, written under a
 * temporary name and renamed, so no reader sees half a file.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '@shop/shared';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { PICTURE_EXTENSIONS, sniffImageType, type PictureType } from '@shop/shared/forms/image-type';
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import { loadSharp } from '../media/image-resizer.ts';

/** Pictures larger than this many pixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The long edge a normalised picture is brought down to (the browser already sends at most 2048 px). */
export const NORMALISED_EDGE = 2560;

export interface NormalisedPicture {
  contentType: PictureType;
  data: Buffer;
  width: number | null;
  height: number | null;
  /** False for HEIC: stored as uploaded. */
  normalised: boolean;
}

/** 422 `upload_not_picture`: the bytes are no picture the shop takes (or not one that decodes). */
export function notPicture(): DomainError {
  return new DomainError('upload_not_picture', FIELD_MESSAGES.photoNotPicture.replace('{{name}}', 'The file'), {
    status: 422,
    details: { fields: [{ path: 'photos', key: 'photoNotPicture', message: FIELD_MESSAGES.photoNotPicture }] },
  });
}

/** An ISO base media file: a box of `size` bytes at `offset`, with a four-letter type. */
function boxAt(bytes: Buffer, offset: number): { size: number; type: string } | null {
  if (offset + 8 > bytes.length) return null;
  const size = bytes.readUInt32BE(offset);
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  if (!/^[a-zA-Z0-9 ]{4}$/.test(type) || size < 8 || offset + size > bytes.length) return null;
  return { size, type };
}

/** A HEIC/HEIF file: an `ftyp` box of whole brands, then a `meta` box (where the picture's items are described). */
export function heifStructureValid(bytes: Buffer): boolean {
  const ftyp = boxAt(bytes, 0);
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.size < 16 || ftyp.size % 4 !== 0) return false;
  let offset = ftyp.size;
  for (let boxes = 0; boxes < 64 && offset < bytes.length; boxes += 1) {
    const box = boxAt(bytes, offset);
    if (!box) return false;
    if (box.type === 'meta') return true;
    offset += box.size;
  }
  return false;
}

/** Checks an uploaded picture and answers what to store; a refusal is the 422 of `notPicture`. */
export async function normalisePicture(input: Buffer): Promise<NormalisedPicture> {
  const type = sniffImageType(input.subarray(0, 16));
  if (!type) throw notPicture();
  if (type === 'image/heic' || type === 'image/heif') {
    if (!heifStructureValid(input)) throw notPicture();
    return { contentType: type, data: input, width: null, height: null, normalised: false };
  }
  const sharp = await loadSharp();
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const expected = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[type];
    if (meta.format !== expected) throw notPicture();
    const resized = image.rotate().resize(NORMALISED_EDGE, NORMALISED_EDGE, { fit: 'inside', withoutEnlargement: true });
    const encoded = type === 'image/jpeg' ? resized.jpeg({ quality: 90, mozjpeg: true }) : type === 'image/png' ? resized.png() : resized.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType: type, data, width: info.width, height: info.height, normalised: true };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // sharp's own refusals: a truncated or corrupt file, too many pixels.
    throw notPicture();
  }
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Where an upload is stored, relative to DATA_DIR/inbox (kept in `inbox_files.path`): by month, named by its id and
 * the start of its bytes' hash, so two different pictures sent under one id at once never write the same file.
 */
export function uploadPath(id: string, hash: string, contentType: PictureType, at: Date): string {
  const month = at.toISOString().slice(0, 7);
  return path.posix.join('uploads', month, `${id}-${hash.slice(0, 12)}.${PICTURE_EXTENSIONS[contentType]}`);
}

export function inboxDir(dataDir: string): string {
  return path.join(dataDir, 'inbox');
}

/** Writes a file under DATA_DIR/inbox (owner-only folders and file; temporary name, then renamed). */
export async function writeInboxFile(dataDir: string, relative: string, data: Buffer): Promise<void> {
  const target = path.join(inboxDir(dataDir), relative);
  const parts = path.relative(dataDir, path.dirname(target)).split(path.sep);
  let dir = dataDir;
  for (const part of parts) {
    dir = path.join(dir, part);
    await fs.mkdir(dir, { mode: OWNER_DIR_MODE }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  const temporary = `${target}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, data, { mode: OWNER_FILE_MODE });
  await fs.rename(temporary, target);
}

/** Removes a stored file; one already gone is fine (retention on several instances). */
export async function removeInboxFile(dataDir: string, relative: string): Promise<void> {
  const target = path.resolve(inboxDir(dataDir), relative);
  if (!target.startsWith(inboxDir(dataDir) + path.sep)) return;
  await fs.rm(target, { force: true });
}

export function readInboxFile(dataDir: string, relative: string): Promise<Buffer> {
  const target = path.resolve(inboxDir(dataDir), relative);
  if (!target.startsWith(inboxDir(dataDir) + path.sep)) throw new DomainError('not_found', 'There is no such file', { status: 404 });
  return fs.readFile(target);
}
