/**
 * The product gallery's lightbox, as pure rules: which picture a key moves to, and the zoom and pan of the picture
 * shown (kept inside the picture's frame, so a zoomed picture never slides out of sight). The component only feeds
 * them keys, clicks, drags and pinches.
 */
import { IMAGE_SIZES, imageSrcSet, type ImageSize } from '@shop/shared';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The zoom and the picture's offset from the frame's centre, in CSS pixels of the frame. */
export interface ZoomView {
  zoom: number;
  x: number;
  y: number;
}

export interface Box {
  width: number;
  height: number;
}

export const UNZOOMED: ZoomView = { zoom: 1, x: 0, y: 0 };

export type LightboxCommand = { kind: 'move'; by: number } | { kind: 'first' } | { kind: 'last' } | { kind: 'zoom'; by: number } | { kind: 'reset' };

/** What a key does in the lightbox: arrows move between pictures, + and - zoom, 0 resets; anything else nothing. */
export function lightboxCommand(key: string): LightboxCommand | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'ArrowLeft':
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    case 'Home':
      return { kind: 'first' };
    case 'End':
      return { kind: 'last' };
    case '+':
    case '=':
      return { kind: 'zoom', by: 1 };
    case '-':
    case '_':
      return { kind: 'zoom', by: -1 };
    case '0':
      return { kind: 'reset' };
    default:
      return null;
  }
}

/** The picture `by` steps from `index`, going round at either end. */
export function stepIndex(index: number, by: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + by) % total) + total) % total;
}

/** The picture a move command lands on. */
export function movedIndex(command: LightboxCommand, index: number, total: number): number {
  if (command.kind === 'first') return 0;
  if (command.kind === 'last') return Math.max(0, total - 1);
  if (command.kind === 'move') return stepIndex(index, command.by, total);
  return index;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The view with its offset kept so the zoomed picture still covers the frame (no empty edge shows). */
export function clampPan(view: ZoomView, box: Box): ZoomView {
  const zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
  const maxX = ((zoom - 1) * box.width) / 2;
  const maxY = ((zoom - 1) * box.height) / 2;
  return { zoom, x: clamp(view.x, -maxX, maxX) || 0, y: clamp(view.y, -maxY, maxY) || 0 };
}

/**
 * The view at another zoom, keeping the point under `focus` (relative to the frame's centre: a click, the middle of
 * a pinch) where it is; without a focus the frame's centre stays.
 */
export function zoomTo(view: ZoomView, zoom: number, box: Box, focus: { x: number; y: number } = { x: 0, y: 0 }): ZoomView {
  const next = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / view.zoom;
  return clampPan({ zoom: next, x: focus.x - (focus.x - view.x) * ratio, y: focus.y - (focus.y - view.y) * ratio }, box);
}

/** One step of + or - (a whole zoom level). */
export function zoomBy(view: ZoomView, by: number, box: Box): ZoomView {
  return zoomTo(view, Math.round(view.zoom) + by, box);
}

/** A click on the picture: zoom in on that point, or back out when already zoomed. */
export function toggleZoom(view: ZoomView, box: Box, focus: { x: number; y: number }): ZoomView {
  return view.zoom > MIN_ZOOM ? UNZOOMED : zoomTo(view, 2, box, focus);
}

/** A drag of a zoomed picture by (dx, dy) CSS pixels. */
export function panBy(view: ZoomView, dx: number, dy: number, box: Box): ZoomView {
  return clampPan({ ...view, x: view.x + dx, y: view.y + dy }, box);
}

/** Two fingers apart: the zoom the pinch started at, scaled by how far the fingers moved apart or together. */
export function pinchZoom(start: ZoomView, startDistance: number, distance: number, box: Box, focus: { x: number; y: number }): ZoomView {
  if (startDistance <= 0) return start;
  return zoomTo(start, start.zoom * (distance / startDistance), box, focus);
}

/** The lightbox's picture: the gallery size, and the zoom size for a wide or dense screen or a zoomed picture. */
export const LIGHTBOX_SIZES: readonly ImageSize[] = [IMAGE_SIZES.gallery, IMAGE_SIZES.zoom];
/** The page's main picture: the card size for a small screen, the gallery size otherwise. */
export const MAIN_PICTURE_SIZES: readonly ImageSize[] = [IMAGE_SIZES.listing, IMAGE_SIZES.gallery];

/** The lightbox picture's `srcset`; zoomed in, the largest copy is asked for whatever the screen. */
export function lightboxSrcSet(path: string): string | undefined {
  return imageSrcSet(path, LIGHTBOX_SIZES);
}
