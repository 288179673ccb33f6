/**
 * The trade-in's pictures in the browser (plan §3): at most 6, each at most 10 MB, told by content (JPEG, PNG, WebP,
 * HEIC), then made smaller before they are kept on the device and sent: long edge at most 2048 px, JPEG at 0.85,
 * in a worker (createImageBitmap + OffscreenCanvas), else on the page with a canvas. Re-encoding drops the camera's
 * metadata (GPS). A picture the browser cannot decode (HEIC outside Safari) is kept as it is.
 */
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT, SNIFF_BYTES, sniffImageType, type PictureType } from '@shop/shared/forms/image-type';

export const PHOTO_MAX_EDGE = 2048;
export const PHOTO_QUALITY = 0.85;

export interface PickedPhoto {
  /** The upload id (a UUID made here; the server knows the picture by it). */
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

export type PhotoRefusal = { key: 'photosTooMany' } | { key: 'photoTooLarge' | 'photoNotPicture'; name: string };

/** The size a picture is drawn at: the long edge at most `maxEdge`, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge = PHOTO_MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function headOf(file: Blob): Promise<Uint8Array> {
  // Blob.arrayBuffer is missing in some test environments; FileReader is everywhere.
  const slice = file.slice(0, SNIFF_BYTES);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(slice);
    }),
  );
}

/**
 * The files the shopper picked that may be added to the `already` pictures, and why the others may not: too many (the
 * first ones up to 6 are kept), too large, or no picture.
 */
export async function checkPhotos(files: readonly File[], already: number): Promise<{ accepted: Array<{ file: File; type: PictureType }>; refusals: PhotoRefusal[] }> {
  const accepted: Array<{ file: File; type: PictureType }> = [];
  const refusals: PhotoRefusal[] = [];
  for (const file of files) {
    if (file.size > PHOTO_MAX_BYTES) {
      refusals.push({ key: 'photoTooLarge', name: file.name });
      continue;
    }
    const type = sniffImageType(await headOf(file));
    if (!type) {
      refusals.push({ key: 'photoNotPicture', name: file.name });
      continue;
    }
    if (already + accepted.length >= PHOTO_MAX_COUNT) {
      if (!refusals.some((refusal) => refusal.key === 'photosTooMany')) refusals.push({ key: 'photosTooMany' });
      continue;
    }
    accepted.push({ file, type });
  }
  return { accepted, refusals };
}

export interface ResizeRequest {
  blob: Blob;
  maxEdge: number;
  quality: number;
}
export type ResizeAnswer = { blob: Blob } | { error: string };

let worker: Worker | null | undefined;
function resizeWorker(): Worker | null {
  if (worker === undefined) {
    try {
      worker = typeof Worker === 'function' && typeof OffscreenCanvas === 'function' ? new Worker(new URL('./photo-resize.worker.ts', import.meta.url), { type: 'module' }) : null;
    } catch {
      worker = null;
    }
  }
  return worker;
}

function inWorker(request: ResizeRequest): Promise<Blob | null> {
  const running = resizeWorker();
  if (!running) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<ResizeAnswer>) => {
      channel.port1.close();
      resolve('blob' in event.data ? event.data.blob : null);
    };
    running.postMessage(request, [channel.port2]);
  });
}

async function onPage({ blob, maxEdge, quality }: ResizeRequest): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    return await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  } catch {
    return null;
  }
}

export const THUMBNAIL_EDGE = 320;

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A small copy of a picture for its thumbnail, as a `data:` address (the shop's Content-Security-Policy allows
 * pictures from the shop and `data:` only, no `blob:`); null when the browser cannot decode it (HEIC outside Safari).
 */
export async function thumbnailOf(blob: Blob): Promise<string | null> {
  const request = { blob, maxEdge: THUMBNAIL_EDGE, quality: 0.8 };
  const small = (await inWorker(request)) ?? (await onPage(request));
  return small ? dataUrlOf(small) : null;
}

/** The picture as it is kept and sent: made smaller as JPEG, or the original when the browser cannot decode it. */
export async function preparePhoto(file: File, type: PictureType, id: string = crypto.randomUUID()): Promise<PickedPhoto> {
  const request = { blob: file, maxEdge: PHOTO_MAX_EDGE, quality: PHOTO_QUALITY };
  const resized = (await inWorker(request)) ?? (await onPage(request));
  if (!resized) return { id, name: file.name, type, blob: file };
  return { id, name: file.name.replace(/\.[^.]*$/, '') + '.jpg', type: 'image/jpeg', blob: resized };
}
