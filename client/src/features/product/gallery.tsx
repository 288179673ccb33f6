import { useTranslation } from '../../app/i18n.ts';
import { ProductImage } from '../catalogue/product-image.tsx';

export interface GalleryImage {
  src: string;
  alt: string;
}

export function Gallery({ images, active, onSelect }: { images: GalleryImage[]; active: number; onSelect: (index: number) => void }) {
  const { t } = useTranslation();
  const current = images[active] ?? images[0];
  return (
    <section className="gallery" aria-label={t('product.gallery')}>
      <ProductImage className="gallery__main" src={current?.src} alt={current?.alt ?? ''} size="gallery" eager />
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, index) => (
            <li key={`${image.src}-${index}`}>
              <button type="button" className="gallery__thumb" aria-pressed={index === active} aria-label={t('product.showImage', { n: index + 1, total: images.length })} onClick={() => onSelect(index)}>
                <ProductImage src={image.src} alt="" size="cart" sizes="4.5rem" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
