/**
 * A content picture (`DATA_DIR/media/content/`), served resized like product pictures: 310 and 744 pixels wide, and
 * `hero` (1600). Its box has a fixed shape (width and height set, `object-fit: cover`), so nothing moves when it arrives.
 */

/** The address of a content picture at one of the server's sizes. */
export function contentImageUrl(image: string, size: 310 | 744 | 'hero'): string {
  return `/media/content/${encodeURIComponent(image)}?size=${size}`;
}

export function contentImageSrcSet(image: string): string {
  return `${contentImageUrl(image, 310)} 310w, ${contentImageUrl(image, 744)} 744w, ${contentImageUrl(image, 'hero')} 1600w`;
}

export function ContentPicture({
  image,
  sizes,
  className,
  ratio,
  eager = false,
  alt = '',
}: {
  image: string | null;
  /** Which width the picture takes, for the browser's choice among the srcset. */
  sizes: string;
  className?: string;
  /** Width and height of the box (its shape). */
  ratio: readonly [number, number];
  /** The page's main picture: loaded at once, first. */
  eager?: boolean;
  alt?: string;
}) {
  const [width, height] = ratio;
  // The picture's shape from its view box (an attribute: server-rendered markup carries no style attribute).
  if (!image) return <svg className={`content-picture content-picture--empty ${className ?? ''}`} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" />;
  return (
    <img
      className={`content-picture ${className ?? ''}`}
      src={contentImageUrl(image, eager ? 'hero' : 744)}
      srcSet={contentImageSrcSet(image)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
