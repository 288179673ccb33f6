/**
 * The shop's own small marks of the payment methods, beside each method in checkout and in the footer: plain badges
 * drawn here (a word or a simple pictogram on a card), none of the payment brands' own artwork. In checkout the
 * method's name is already the radio's label, so the mark is decoration; in the footer it carries the name itself.
 */
import type { ReactNode } from 'react';
import './payment-marks.css';

const WORDS: Record<string, { word: string; tone: string; size?: number }> = {
  multisafepay_ideal: { word: 'iDEAL', tone: '#a3005c' },
  multisafepay_paypal: { word: 'PayPal', tone: '#1c3f7a', size: 10 },
  afterpay: { word: 'Riverty', tone: '#1d5c4a', size: 10 },
};

function pictogram(code: string): ReactNode {
  switch (code) {
    case 'multisafepay_creditcard':
      // A card with its magnetic stripe and chip.
      return (
        <>
          <rect x="11" y="7" width="26" height="17" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 12h26" stroke="currentColor" strokeWidth="3" />
          <rect x="14.5" y="16" width="5" height="4" rx="0.8" fill="currentColor" />
        </>
      );
    case 'banktransfer':
      // A bank: pediment, columns, base.
      return <path d="M24 6l11 5H13zM15 13v8M20 13v8M28 13v8M33 13v8M12 23h24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />;
    case 'checkmo':
      // A cheque with its signature line.
      return <path d="M10 9h28v14H10zM14 19h10M28 19h6M14 14h16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />;
    case 'cashondelivery':
      // A bank note.
      return (
        <>
          <rect x="10" y="9" width="28" height="14" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="24" cy="16" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </>
      );
    default:
      // A document (purchase order, and any method without a mark of its own).
      return <path d="M17 6h10l5 5v15H17zM27 6v5h5M20 15h9M20 19h9" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />;
  }
}

/**
 * The mark of one method. With a `label` it is an image of that name (the footer); without, it is hidden from
 * assistive technology (beside a label that names the method already).
 */
export function PaymentMark({ code, label }: { code: string; label?: string }) {
  const word = WORDS[code];
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg className="payment-mark" viewBox="0 0 48 30" width="48" height="30" focusable="false" {...named}>
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#c9c1b4" />
      {word ? (
        <text x="24" y="19.5" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize={word.size ?? 11} fill={word.tone}>
          {word.word}
        </text>
      ) : (
        <g color="#1c2a44">{pictogram(code)}</g>
      )}
    </svg>
  );
}
