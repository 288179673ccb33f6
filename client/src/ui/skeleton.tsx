/**
 * A placeholder bar. Its size is set through the element's style object, never a `style` attribute: markup rendered
 * on the server carries no style attributes, which the shop's Content-Security-Policy refuses (decision 048).
 */
export function Skeleton({ width, height, className }: { width?: string; height?: string; className?: string }) {
  const sized = (element: HTMLSpanElement | null) => {
    if (!element) return;
    if (width) element.style.width = width;
    if (height) element.style.height = height;
  };
  return <span ref={sized} className={`skeleton${className ? ` ${className}` : ''}`} aria-hidden="true" />;
}
