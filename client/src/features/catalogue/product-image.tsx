import { useState } from 'react';
import { mediaUrl } from './catalogue-api.ts';

/** Square product image on a soft background; a broken image leaves the calm placeholder instead of an icon. */
export function ProductImage({ src, alt, className, eager = false }: { src: string | undefined; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`product-image${className ? ` ${className}` : ''}`}>
      {src && !failed ? (
        <img src={mediaUrl(src)} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" width={400} height={400} onError={() => setFailed(true)} />
      ) : null}
    </span>
  );
}
