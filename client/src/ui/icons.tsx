const common = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 1.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function SearchIcon() {
  return (
    <svg {...common}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </svg>
  );
}

export function BagIcon() {
  return (
    <svg {...common}>
      <path d="M5 8h14l-1 12H6L5 8z" />
      <path d="M9 8V6.5a3 3 0 016 0V8" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function ChevronIcon({ direction = 'down' }: { direction?: 'down' | 'left' | 'right' }) {
  const rotate = direction === 'left' ? 90 : direction === 'right' ? -90 : 0;
  return (
    // Turned by an SVG attribute, not a style: a style attribute in server-rendered markup is refused by the shop's
    // Content-Security-Policy, and the svg itself stays free for the CSS that flips an open menu's chevron.
    <svg {...common} width={14} height={14}>
      <path d="M6 9l6 6 6-6" transform={rotate ? `rotate(${rotate} 12 12)` : undefined} />
    </svg>
  );
}

export function FilterIcon() {
  return (
    <svg {...common}>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

/** A padlock: the secure-checkout and secure-payment notes. */
export function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="1" />
      <path d="M8 11V7a4 4 0 018 0v4" />
    </svg>
  );
}

/** A telephone receiver: the help line. */
export function PhoneIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2" />
    </svg>
  );
}
