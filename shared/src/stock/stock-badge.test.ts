import { describe, expect, it } from 'vitest';
import { STOCK_FEW_LEFT, stockBadge } from './stock-badge.ts';

const managed = { manage_stock: true, backorders: false };

describe('stockBadge', () => {
  it('says in stock, only N left or out of stock for verified answers', () => {
    expect(stockBadge({ status: 'ok', qty: 12, ...managed })).toEqual({ kind: 'in_stock' });
    expect(stockBadge({ status: 'ok', qty: STOCK_FEW_LEFT, ...managed })).toEqual({ kind: 'few_left', qty: STOCK_FEW_LEFT });
    expect(stockBadge({ status: 'ok', qty: 1, ...managed })).toEqual({ kind: 'few_left', qty: 1 });
    expect(stockBadge({ status: 'out_of_stock', qty: 0, ...managed })).toEqual({ kind: 'out_of_stock' });
  });

  it('never counts pieces the shop does not count or can order again', () => {
    expect(stockBadge({ status: 'ok', qty: 1, manage_stock: false, backorders: false })).toEqual({ kind: 'in_stock' });
    expect(stockBadge({ status: 'ok', qty: 0, manage_stock: true, backorders: true })).toEqual({ kind: 'in_stock' });
    expect(stockBadge({ status: 'ok', qty: 2, manage_stock: true, backorders: true })).toEqual({ kind: 'in_stock' });
  });

  it('shows a volatile answer as not verified, whatever quantity it carries', () => {
    expect(stockBadge({ status: 'volatile', qty: 1, ...managed })).toEqual({ kind: 'unverified' });
    expect(stockBadge({ status: 'volatile', qty: 0, ...managed })).toEqual({ kind: 'unverified' });
  });

  it('takes another threshold', () => {
    expect(stockBadge({ status: 'ok', qty: 5, ...managed }, 5)).toEqual({ kind: 'few_left', qty: 5 });
    expect(stockBadge({ status: 'ok', qty: 5, ...managed }, 4)).toEqual({ kind: 'in_stock' });
  });
});
