import { IMAGE_SIZES, imageUrl } from '@shop/shared';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { ChevronIcon } from '../../ui/icons.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import type { GalleryImage } from './gallery.tsx';
import { lightboxCommand, lightboxSrcSet, MAX_ZOOM, MIN_ZOOM, movedIndex, panBy, pinchZoom, toggleZoom, UNZOOMED, zoomBy, type Box, type ZoomView } from './gallery-zoom.ts';
import './lightbox.css';

/** A pointer moved further than this (CSS pixels) between down and up is a drag, not a click. */
const CLICK_SLOP = 6;
/** A horizontal drag this long on an unzoomed picture turns to the next or previous one. */
const SWIPE = 50;

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  start: ZoomView;
  startDistance: number;
  last: { x: number; y: number } | null;
  moved: number;
  downX: number;
  /** Two fingers touched during this gesture: its end is neither a click nor a swipe. */
  pinched: boolean;
}

/**
 * The gallery's pictures large, in a modal dialog (focus kept inside, Escape closes, the focus goes back to the
 * picture that opened it): arrows move between pictures, + and - or a click zoom, a drag moves a zoomed picture and
 * two fingers pinch (pointer events, so mouse, pen and touch alike).
 */
export default function Lightbox({ open, images, index, onIndex, onClose }: { open: boolean; images: GalleryImage[]; index: number; onIndex: (index: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  // Each picture opens unzoomed, and so does the lightbox: the zoom belongs to one picture of one opening.
  const key = `${index}:${open ? 'open' : 'closed'}`;
  const [zoomState, setZoomState] = useState<{ key: string; view: ZoomView }>({ key, view: UNZOOMED });
  const view = zoomState.key === key ? zoomState.view : UNZOOMED;
  const setView = (next: ZoomView | ((current: ZoomView) => ZoomView)) =>
    setZoomState((state) => {
      const current = state.key === key ? state.view : UNZOOMED;
      return { key, view: typeof next === 'function' ? next(current) : next };
    });
  const stage = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture>({ pointers: new Map(), start: UNZOOMED, startDistance: 0, last: null, moved: 0, downX: 0, pinched: false });
  const total = images.length;
  const current = images[index] ?? images[0];

  const box = (): Box => {
    const rect = stage.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const fromCentre = (clientX: number, clientY: number) => {
    const rect = stage.current?.getBoundingClientRect();
    return rect ? { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 } : { x: 0, y: 0 };
  };
  const go = (by: number) => onIndex(movedIndex({ kind: 'move', by }, index, total));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const command = lightboxCommand(event.key);
    if (!command) return;
    // Arrows on a focused button still move between pictures; Home and End too.
    event.preventDefault();
    if (command.kind === 'zoom') setView((v) => zoomBy(v, command.by, box()));
    else if (command.kind === 'reset') setView(UNZOOMED);
    else onIndex(movedIndex(command, index, total));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    try {
      // Keeps a drag going when the pointer leaves the picture; a pointer the browser no longer tracks refuses it.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // Dragging still works while the pointer stays on the picture.
    }
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    g.start = view;
    g.last = { x: event.clientX, y: event.clientY };
    if (g.pointers.size === 1) {
      g.moved = 0;
      g.downX = event.clientX;
      g.pinched = false;
    }
    if (g.pointers.size === 2) {
      g.pinched = true;
      const [a, b] = [...g.pointers.values()];
      g.startDistance = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()];
      if (!a || !b) return;
      g.moved += CLICK_SLOP;
      setView(pinchZoom(g.start, g.startDistance, Math.hypot(a.x - b.x, a.y - b.y), box(), fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2)));
      return;
    }
    if (!g.last) return;
    const dx = event.clientX - g.last.x;
    const dy = event.clientY - g.last.y;
    g.moved += Math.abs(dx) + Math.abs(dy);
    g.last = { x: event.clientX, y: event.clientY };
    setView((v) => (v.zoom > MIN_ZOOM ? panBy(v, dx, dy, box()) : v));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    g.pointers.delete(event.pointerId);
    g.last = null;
    if (g.pointers.size > 0 || g.pinched) {
      // One finger left after a pinch goes on dragging from where it is.
      const rest = [...g.pointers.values()][0];
      g.last = rest ?? null;
      return;
    }
    // A swipe on an unzoomed picture moves to the next or previous one; a still click zooms in or out there.
    const swipe = event.clientX - g.downX;
    if (view.zoom <= MIN_ZOOM && Math.abs(swipe) > SWIPE && total > 1) go(swipe < 0 ? 1 : -1);
    else if (g.moved <= CLICK_SLOP && event.button === 0) setView((v) => toggleZoom(v, box(), fromCentre(event.clientX, event.clientY)));
  };

  const zoomed = view.zoom > MIN_ZOOM;
  const srcSet = current ? lightboxSrcSet(current.src) : undefined;

  return (
    <ModalDialog open={open} onClose={onClose} title={t('product.lightbox.title', { n: index + 1, total })} closeLabel={t('product.lightbox.close')} className="lightbox">
      <div className="lightbox__body" onKeyDown={onKeyDown}>
        <div
          ref={stage}
          className={`lightbox__stage${zoomed ? ' lightbox__stage--zoomed' : ''}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          data-zoom={view.zoom.toFixed(2)}
        >
          {current ? (
            <img
              className="lightbox__image"
              src={imageUrl(current.src, zoomed ? IMAGE_SIZES.zoom : IMAGE_SIZES.gallery)}
              {...(srcSet && !zoomed ? { srcSet, sizes: 'min(92vw, 80dvh, 56rem)' } : {})}
              alt={current.alt}
              width={IMAGE_SIZES.zoom}
              height={IMAGE_SIZES.zoom}
              draggable={false}
              decoding="async"
              style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
            />
          ) : null}
        </div>
        <div className="lightbox__controls">
          <button type="button" className="icon-button lightbox__nav" onClick={() => go(-1)} disabled={total < 2} aria-label={t('product.lightbox.previous')}>
            <ChevronIcon direction="left" />
          </button>
          <p className="lightbox__count" aria-live="polite">
            {t('product.lightbox.count', { n: index + 1, total })}
          </p>
          <button type="button" className="icon-button lightbox__nav" onClick={() => go(1)} disabled={total < 2} aria-label={t('product.lightbox.next')}>
            <ChevronIcon direction="right" />
          </button>
          <span className="lightbox__zoom">
            <button type="button" className="icon-button" onClick={() => setView((v) => zoomBy(v, -1, box()))} disabled={view.zoom <= MIN_ZOOM} aria-label={t('product.lightbox.zoomOut')}>
              <span aria-hidden="true">−</span>
            </button>
            <span className="lightbox__zoom-level" aria-live="polite">
              {t('product.lightbox.zoomLevel', { percent: Math.round(view.zoom * 100) })}
            </span>
            <button type="button" className="icon-button" onClick={() => setView((v) => zoomBy(v, 1, box()))} disabled={view.zoom >= MAX_ZOOM} aria-label={t('product.lightbox.zoomIn')}>
              <span aria-hidden="true">+</span>
            </button>
          </span>
        </div>
        <p className="lightbox__hint">{t('product.lightbox.hint')}</p>
        {total > 1 ? (
          <ul className="lightbox__thumbs">
            {images.map((image, n) => (
              <li key={`${image.src}-${n}`}>
                <button type="button" className="gallery__thumb" aria-pressed={n === index} aria-label={t('product.showImage', { n: n + 1, total })} onClick={() => onIndex(n)}>
                  <ProductImage src={image.src} alt="" size="cart" sizes="3.5rem" srcSizes={[150, 310]} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </ModalDialog>
  );
}
