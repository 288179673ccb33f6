/**
 * A product's live stock (spec 1 §4): in stock, only N left, out of stock, not verified (volatile), or waiting for
 * the connection (a queued check). The text says it all; the dot is decoration.
 */
import { useRef } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { badgeOf, useStockRequest, useStockView, type StockBadgeKind } from './use-stock.ts';
import './stock.css';

const TEXT_KEYS: Record<StockBadgeKind, string> = {
  in_stock: 'stock.inStock',
  few_left: 'stock.fewLeft',
  out_of_stock: 'stock.outOfStock',
  unverified: 'stock.unverified',
  queued: 'stock.queued',
  checking: 'stock.checking',
};

export function StockBadgeText({ kind, qty }: { kind: StockBadgeKind; qty?: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="stock-badge__dot" aria-hidden="true" />
      {kind === 'few_left' ? t(TEXT_KEYS[kind], { count: qty ?? 0 }) : t(TEXT_KEYS[kind])}
    </>
  );
}

export function StockBadge({ sku, eager = false, className = '' }: { sku: string; eager?: boolean; className?: string }) {
  const element = useRef<HTMLSpanElement>(null);
  useStockRequest(sku, eager, element);
  const { kind, qty } = badgeOf(useStockView(sku));
  return (
    <span ref={element} className={`stock-badge stock-badge--${kind} ${className}`.trim()} data-stock={kind} aria-busy={kind === 'checking' || undefined}>
      <StockBadgeText kind={kind} qty={qty} />
    </span>
  );
}
