/** The wishlist's heart, outlined or filled (on the list). */
export function HeartIcon({ filled = false, size = 20 }: { filled?: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M12 20s-7.5-4.6-7.5-10.1A4.3 4.3 0 0112 7.4a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12 20z" />
    </svg>
  );
}

/** Two bars side by side: the compare list. */
export function CompareIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <path d="M9 4v16M15 4v16M4 8h5M15 16h5M4 16h5M15 8h5" />
    </svg>
  );
}
