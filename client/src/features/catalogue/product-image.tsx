import { useState } from 'react';
import { mediaUrl } from './catalogue-api.ts';

/**
 * Square product image on a soft background. A missing or broken image leaves the calm placeholder instead of
 * the browser's broken-image icon; when the image carries meaning (alt text) the placeholder keeps it.
 */
export function ProductImage({ src, alt, className, eager = false }: { src: string | undefined; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== undefined && src !== '' && failed !== src;
  return (
    <span className={`product-image${className ? ` ${className}` : ''}`} {...(!showImage && alt ? { role: 'img', 'aria-label': alt } : {})}>
      {showImage ? <img src={mediaUrl(src)} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" width={400} height={400} onError={() => setFailed(src)} /> : null}
    </span>
  );
}
