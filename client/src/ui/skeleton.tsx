import type { CSSProperties } from 'react';

export function Skeleton({ width, height, className }: { width?: string; height?: string; className?: string }) {
  const style: CSSProperties = {};
  if (width) style.width = width;
  if (height) style.height = height;
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={style} aria-hidden="true" />;
}
