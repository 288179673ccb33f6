import { IMAGE_SIZES, IMAGE_SIZE_LIST, imageSrcSet, imageUrl, type ImageRole, type ImageSize } from '@shop/shared';
import { useState } from 'react';

/**
 * Square product image on a soft background, in one of the sizes the server makes (spec 1 §9): `cart` 150,
 * `listing` 310, `gallery` 744. With `sizes` (the layout width, as in the `sizes` attribute) the browser may also
 * pick a larger size for a wide slot or a dense screen, never a smaller one (and never the lightbox's zoom size
 * unless asked for); `srcSizes` names the sizes to offer instead. A missing or broken image leaves the
 * calm placeholder instead of the browser's broken-image icon; when the image carries meaning (alt text) the
 * placeholder keeps it.
 */
export function ProductImage({
  src,
  alt,
  size = 'listing',
  sizes,
  srcSizes,
  className,
  eager = false,
  priority = false,
}: {
  src: string | undefined;
  alt: string;
  size?: ImageRole;
  sizes?: string;
  srcSizes?: readonly ImageSize[];
  className?: string;
  eager?: boolean;
  /** The page's largest picture (its LCP): loaded at once and before other pictures. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== undefined && src !== '' && failed !== src;
  const pixels = IMAGE_SIZES[size];
  const larger = srcSizes ?? IMAGE_SIZE_LIST.filter((candidate) => candidate >= pixels && candidate <= Math.max(pixels, IMAGE_SIZES.gallery));
  const srcSet = showImage && sizes && larger.length > 1 ? imageSrcSet(src, larger) : undefined;
  return (
    <span className={`product-image${className ? ` ${className}` : ''}`} {...(!showImage && alt ? { role: 'img', 'aria-label': alt } : {})}>
      {showImage ? (
        <img
          src={imageUrl(src, size)}
          {...(srcSet && sizes ? { srcSet, sizes } : {})}
          alt={alt}
          loading={eager || priority ? 'eager' : 'lazy'}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
          width={pixels}
          height={pixels}
          onError={() => setFailed(src)}
        />
      ) : null}
    </span>
  );
}
