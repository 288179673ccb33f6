/**
 * Makes one picture smaller off the page's thread: decoded with its EXIF orientation applied, drawn at most
 * `maxEdge` px on its long edge, encoded as JPEG. Answers on the port it was given; an `error` when the browser
 * cannot decode the picture (HEIC outside Safari), so the page keeps the original.
 */
import { fitWithin, type ResizeAnswer, type ResizeRequest } from './photo-resize.ts';

// The client is typed for the DOM; of the worker's global scope this file needs only its message handler.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ResizeRequest>) => void) | null };

scope.onmessage = (event) => void resize(event);

async function resize(event: MessageEvent<ResizeRequest>): Promise<void> {
  const port = event.ports[0];
  if (!port) return;
  let answer: ResizeAnswer;
  try {
    const { blob, maxEdge, quality } = event.data;
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    answer = { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : 'not decodable' };
  }
  port.postMessage(answer);
}
