/**
 * PUT /api/uploads/:id on the engine under test: pictures checked by their bytes, JPEG/PNG/WebP written again without
 * metadata (no GPS left), HEIC kept as sent, 413/415/422 with their keys, idempotent by id and bytes, files owner-only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orderCatalogue } from '../orders/orders.test-support.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { findUpload } from './inbox.repository.ts';
import { heifStructureValid, inboxDir } from './uploads.ts';

const MAX = 256 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));
cleanUpLater(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
const app: FastifyInstance = await buildTestApp({ catalogue: orderCatalogue(), config: { dataDir, forms: { notifyTo: 'shop@localhost', notifyLanguage: 'nl', keepDays: 180, uploadMaxBytes: MAX, uploadRateMax: 1000, statsRateMax: 300 } } });

async function picture(format: 'jpeg' | 'png' | 'webp', options: { gps?: boolean; width?: number; height?: number } = {}): Promise<Buffer> {
  let image = sharp({ create: { width: options.width ?? 40, height: options.height ?? 30, channels: 3, background: { r: 10, g: 90, b: 160 } } });
  if (options.gps) image = image.withExif({ IFD0: { Make: 'Watchmaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' } });
  return image.toFormat(format).toBuffer();
}

/** The smallest HEIC file shape the server checks: an ftyp box with HEIC brands, then a meta box. */
function heic(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic')]);
  const meta = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('meta'), Buffer.from([0, 0, 0, 0])]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('mdat'), Buffer.from('Exif-GPS')]);
  return Buffer.concat([ftyp, meta, mdat]);
}

async function put(id: string, body: Buffer | string, type: string, taskId: string | null = 'task-uploads-0001') {
  const response = await app.inject({ method: 'PUT', url: `/api/uploads/${id}`, payload: body, headers: { 'content-type': type, ...(taskId ? { 'x-task-id': taskId } : {}) } });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response;
}

describe('PUT /api/uploads/:id', () => {
  it('writes a JPEG again without its EXIF (GPS gone), into an owner-only file', async () => {
    const id = randomUUID();
    const original = await picture('jpeg', { gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await put(id, original, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ upload_id: id, content_type: 'image/jpeg', width: 40, height: 30 });
    const file = (await findUpload(app.db, id))!;
    const stored = path.join(inboxDir(dataDir), file.path);
    expect(file.path).toMatch(new RegExp(`^uploads/\\d{4}-\\d{2}/${id}-[0-9a-f]{12}\\.jpg$`));
    const bytes = fs.readFileSync(stored);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Watchmaker'))).toBe(false);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(stored)).mode & 0o777).toBe(0o700);
    expect(file.normalised).toBe(1);
  });

  it('takes PNG, WebP and HEIC (HEIC kept as sent) and names the type by the bytes, not the header', async () => {
    expect((await put(randomUUID(), await picture('png'), 'application/octet-stream')).json().result.content_type).toBe('image/png');
    expect((await put(randomUUID(), await picture('webp'), 'image/jpeg')).json().result.content_type).toBe('image/webp');
    const id = randomUUID();
    const response = await put(id, heic(), 'image/heic');
    expect(response.statusCode, response.body).toBe(200);
    const file = (await findUpload(app.db, id))!;
    expect(file.normalised).toBe(0);
    expect(fs.readFileSync(path.join(inboxDir(dataDir), file.path)).equals(heic())).toBe(true);
  });

  it('refuses what is no picture with 422 upload_not_picture', async () => {
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    for (const body of [program, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), heic().subarray(0, 30)]) {
      const response = await put(randomUUID(), body, 'image/jpeg');
      expect(response.statusCode).toBe(422);
      expect(response.json().result).toMatchObject({ error: 'upload_not_picture', details: { fields: [{ path: 'photos', key: 'photoNotPicture' }] } });
    }
  });

  it('refuses a decompression bomb (more than 40 megapixels) with 422', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX);
    expect((await put(randomUUID(), bomb, 'image/png')).statusCode).toBe(422);
  });

  it('answers 413 over the limit and 415 for another type, with their keys', async () => {
    const large = await put(randomUUID(), Buffer.alloc(MAX + 1, 0xff), 'image/jpeg');
    expect(large.statusCode).toBe(413);
    expect(large.json().result).toMatchObject({ message: 'The pictures are too large to send', details: { key: 'uploadsTooLarge' } });
    expect((await put(randomUUID(), 'hello', 'text/plain')).statusCode).toBe(415);
    expect((await put(randomUUID(), JSON.stringify({ a: 1 }), 'application/json')).statusCode).toBe(415);
  });

  it('answers the same upload again as the first time; other bytes under the same id are a 409', async () => {
    const id = randomUUID();
    const bytes = await picture('jpeg');
    const first = await put(id, bytes, 'image/jpeg');
    const again = await put(id, bytes, 'image/jpeg');
    expect(again.body).toBe(first.body);
    expect((await put(id, await picture('png'), 'image/png')).statusCode).toBe(409);
    expect((await put(id, bytes, 'image/jpeg', 'task-another-0002')).statusCode).toBe(409);
  });

  it('needs a UUID and the X-Task-Id of its form', async () => {
    expect((await put('../../etc/passwd', await picture('jpeg'), 'image/jpeg')).statusCode).toBe(404);
    expect((await put('not-a-uuid', await picture('jpeg'), 'image/jpeg')).statusCode).toBe(400);
    expect((await put(randomUUID(), await picture('jpeg'), 'image/jpeg', null)).statusCode).toBe(400);
  });
});

describe('heifStructureValid', () => {
  it('wants an ftyp box of whole brands followed by a meta box', () => {
    expect(heifStructureValid(heic())).toBe(true);
    expect(heifStructureValid(heic().subarray(0, 24))).toBe(false);
    expect(heifStructureValid(Buffer.concat([heic().subarray(0, 24), Buffer.from([0, 0, 0, 99]), Buffer.from('meta')]))).toBe(false);
  });
});
