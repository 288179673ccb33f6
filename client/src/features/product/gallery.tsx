import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import { MAIN_PICTURE_SIZES } from './gallery-zoom.ts';

// The lightbox is opened by a click: its code loads then (or ahead, when the pointer comes near the picture).
const loadLightbox = () => import('./lightbox.tsx');
const Lightbox = lazy(loadLightbox);

export interface GalleryImage {
  src: string;
  alt: string;
}

/** The main picture's width in the page: the full column on a phone, about 38rem beside the details on a wide screen. */
const MAIN_SIZES = '(min-width: 60em) min(38rem, 55vw), 92vw';

export function Gallery({ images, active, onSelect }: { images: GalleryImage[]; active: number; onSelect: (index: number) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so closing goes through the dialog (which gives the focus back to the picture).
  const [opened, setOpened] = useState(false);
  const current = images[active] ?? images[0];
  const total = images.length;
  const canZoom = Boolean(current?.src);
  return (
    <section className="gallery" aria-label={t('product.gallery')}>
      {canZoom ? (
        <button
          type="button"
          className="gallery__main gallery__open"
          aria-haspopup="dialog"
          aria-label={t('product.lightbox.open', { n: active + 1, total, alt: current?.alt ?? '' })}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          onPointerEnter={() => void loadLightbox()}
          onFocus={() => void loadLightbox()}
        >
          <ProductImage src={current?.src} alt="" size="gallery" sizes={MAIN_SIZES} srcSizes={MAIN_PICTURE_SIZES} priority />
          <span className="gallery__zoom-hint" aria-hidden="true">
            <ZoomIcon />
          </span>
        </button>
      ) : (
        <ProductImage className="gallery__main" src={current?.src} alt={current?.alt ?? ''} size="gallery" priority />
      )}
      {total > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, index) => (
            <li key={`${image.src}-${index}`}>
              <button type="button" className="gallery__thumb" aria-pressed={index === active} aria-label={t('product.showImage', { n: index + 1, total })} onClick={() => onSelect(index)}>
                <ProductImage src={image.src} alt="" size="cart" sizes="4.5rem" srcSizes={[150, 310]} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <Lightbox open={open} images={images} index={Math.min(active, total - 1)} onIndex={onSelect} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

export function ZoomIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6" />
    </svg>
  );
}
