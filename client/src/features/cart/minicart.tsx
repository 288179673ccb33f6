/**
 * The minicart: a drawer with the cart's lines (150×150 thumbnails, quantity stepper, remove after a confirmation),
 * the totals, and the coupon field. It reads the local database, so it works offline; totals and coupons come from
 * the server quote when there is one and a network.
 */
import type { CurrencyCode } from '@shop/shared';
import { checkQuantity, shownLineTotal, type CartLineDoc } from '@shop/shared/cart/index';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { useFormatPrice } from '../catalogue/price-tag.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { StockBadgeText } from '../stock/stock-badge.tsx';
import { stockChecks } from '../stock/stock-runtime.ts';
import { badgeOf, useStockView } from '../stock/use-stock.ts';
import type { CartRuntime } from './cart-runtime.ts';
import { loadCartTexts } from './cart-loader.ts';
import { cartProblemText } from './cart-notices.ts';
import { cartLineOptions, LineOptions } from './line-options.tsx';
import { useCartLines, useCartRuntime, useCartToken, useServerTotals, type TotalsRefusal } from './use-cart.ts';
import type { ServerCartTotals } from './cart-api.ts';
import { localCartTotals, useCartPrices, type CartPrices } from './cart-prices.ts';
import { useShopperMarket } from '../location/shopper-country.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import './cart.css';

/** Resolves once the cart's texts are in, so the drawer never opens with empty labels. */
export const minicartReady = loadCartTexts;

const INVALID_COUPON = "You've entered an incorrect coupon code";

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

export function Minicart({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { runtime, error } = useCartRuntime();
  const lines = useCartLines(runtime);
  const store = useStore();
  const online = useOnlineStatus();
  const market = useShopperMarket();
  const token = useCartToken(runtime);
  const [refresh, setRefresh] = useState(0);
  // The server's totals for the shopper's country: every amount, the lines' too, in the shopper's currency.
  const { totals: server, refused } = useServerTotals(runtime, token, lines, store, online, refresh, market?.country ?? null);
  const prices = useCartPrices(lines, server);
  const [removing, setRemoving] = useState<CartLineDoc | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Each opening asks the lines' stock afresh, in batches of at most 15 (spec 1 §4).
  const skus = lines?.map((line) => line.sku).join('\n') ?? '';
  useEffect(() => {
    if (open && skus) stockChecks().request(skus.split('\n'), { refresh: true });
  }, [open, skus]);

  const setQty = (line: CartLineDoc, qty: number) => {
    void runtime?.setQty(line.id, qty);
    setAnnouncement(`${t('minicart.quantity', { ns: 'cart', name: line.snapshot.value.name })}: ${qty}`);
  };
  const confirmRemove = () => {
    if (!removing) return;
    void runtime?.remove(removing.id);
    setAnnouncement(t('minicart.removed', { ns: 'cart', name: removing.snapshot.value.name }));
    setRemoving(null);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="right"
      title={t('minicart.title', { ns: 'cart' })}
      closeLabel={t('minicart.close', { ns: 'cart' })}
      footer={
        runtime && lines && lines.length > 0 ? (
          <CartSummary runtime={runtime} lines={lines} onClose={onClose} server={server} refused={refused} prices={prices} token={token} online={online} onRefresh={() => setRefresh((n) => n + 1)} />
        ) : undefined
      }
    >
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {lines === null ? (
        <p className="minicart__status" role="status">
          {error ? t('problems.generic', { ns: 'cart' }) : t('minicart.loading', { ns: 'cart' })}
        </p>
      ) : lines.length === 0 ? (
        <div className="minicart__empty">
          <p>{t('minicart.empty', { ns: 'cart' })}</p>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('minicart.continue', { ns: 'cart' })}
          </button>
        </div>
      ) : (
        <ul className="minicart__lines" aria-label={t('minicart.lines', { ns: 'cart' })}>
          {lines.map((line) => (
            <CartLineRow key={line.id} line={line} price={prices.unitPrice(line)} currency={prices.currency} onClose={onClose} onQty={(qty) => setQty(line, qty)} onRemove={() => setRemoving(line)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('remove.title', { ns: 'cart' })}
        message={t('remove.question', { ns: 'cart' })}
        {...(removing ? { detail: removing.snapshot.value.name } : {})}
        confirmLabel={t('remove.confirm', { ns: 'cart' })}
        cancelLabel={t('remove.cancel', { ns: 'cart' })}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Drawer>
  );
}

function CartLineRow({ line, price, currency, onClose, onQty, onRemove }: { line: CartLineDoc; price: number | null; currency: CurrencyCode; onClose: () => void; onQty: (qty: number) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const format = useFormatPrice();
  const { name, image, url_path: path } = line.snapshot.value;
  const link = { to: '/$store/$', params: { store, _splat: path }, search: {}, onClick: onClose } as const;
  const stockCap = line.stockNote?.status === 'in_stock' && line.stockNote.maxQuantity !== undefined ? line.stockNote.maxQuantity : null;
  return (
    <li className="minicart-line">
      <Link {...link} className="minicart-line__image-link" tabIndex={-1} aria-hidden="true">
        <ProductImage className="minicart-line__image" src={image} alt="" size="cart" />
      </Link>
      <div className="minicart-line__info">
        <Link {...link} className="minicart-line__name">
          {name}
        </Link>
        <LineOptions source={cartLineOptions(line)} />
        {price === null ? (
          <Skeleton width="6rem" height="0.9rem" />
        ) : (
          <span className="minicart-line__meta">{t('minicart.each', { ns: 'cart', price: format(price, currency) })}</span>
        )}
        <LineStockNote line={line} />
        <div className="minicart-line__controls">
          <QuantityStepper
            value={line.qty}
            {...(stockCap !== null ? { max: Math.max(line.qty, stockCap) } : {})}
            label={t('minicart.quantity', { ns: 'cart', name })}
            decreaseLabel={t('minicart.decrease', { ns: 'cart', name })}
            increaseLabel={t('minicart.increase', { ns: 'cart', name })}
            onChange={onQty}
            validate={(text) => {
              // The stock the last stock sync found for this line bounds what may be typed (the server holds to it too).
              const check = checkQuantity(text, stockCap !== null ? { stock: { qty: stockCap, manage_stock: true } } : {});
              return check.ok ? null : cartProblemText(t, check.problem);
            }}
          />
          <button type="button" className="icon-button minicart-line__remove" aria-label={t('minicart.remove', { ns: 'cart', name })} onClick={onRemove}>
            <TrashIcon />
          </button>
        </div>
      </div>
      {price === null ? <Skeleton width="4rem" height="1rem" /> : <span className="minicart-line__total">{format(shownLineTotal(price, line.qty), currency)}</span>}
    </li>
  );
}

/**
 * A line's stock: the live answer of `/api/stock/list` (asked when the drawer opens and whenever the cart's stock
 * sync changes the line's note), else the stock sync's item note (spec 2 §8: "Out of the stock!" or "In stock!"), else
 * whether the check is under way, not verified or waiting for the connection. When the line was lowered to what the
 * stock gives, the spec's "Only {maxQuantity} products of this type are available" follows.
 */
function LineStockNote({ line }: { line: CartLineDoc }) {
  const { t } = useTranslation();
  const note = line.stockNote;
  const view = useStockView(line.sku);
  const noteKey = note ? `${note.status}:${note.maxQuantity ?? ''}` : '';
  useEffect(() => {
    if (noteKey) stockChecks().request([line.sku], { refresh: true });
  }, [line.sku, noteKey]);
  const live = view?.state === 'known' ? badgeOf(view) : null;
  const lowered = note?.status !== 'out_of_stock' && note?.loweredFrom !== undefined && note.maxQuantity !== undefined && line.qty === note.maxQuantity;
  if (live?.kind === 'unverified' || (!live && !note)) {
    const { kind, qty } = badgeOf(view);
    return (
      <p className={`minicart-line__stock stock-badge stock-badge--${kind}`} data-stock={kind}>
        <StockBadgeText kind={kind} qty={qty} />
      </p>
    );
  }
  const out = live ? live.kind === 'out_of_stock' : note?.status === 'out_of_stock';
  return (
    <p className={`minicart-line__stock minicart-line__stock--${out ? 'out' : 'in'}`} data-stock={live?.kind ?? (out ? 'out_of_stock' : 'in_stock')}>
      {t(out ? 'stock.outOfStock' : 'stock.inStock', { ns: 'cart' })}
      {live?.kind === 'few_left' && !lowered ? <span className="minicart-line__stock-lowered"> {t('stock.fewLeft', { count: live.qty ?? 0 })}</span> : null}
      {!out && lowered ? <span className="minicart-line__stock-lowered"> {t('problems.cart_qty_only_available', { ns: 'cart', maxQuantity: note.maxQuantity })}</span> : null}
    </p>
  );
}

interface SummaryProps {
  runtime: CartRuntime;
  lines: readonly CartLineDoc[];
  onClose: () => void;
  server: ServerCartTotals | null;
  refused: TotalsRefusal | null;
  prices: CartPrices;
  token: string | null;
  online: boolean;
  onRefresh: () => void;
}

function CartSummary({ runtime, lines, onClose, server, refused, prices, token, online, onRefresh }: SummaryProps) {
  const { t } = useTranslation();
  const store = useStore();
  const format = useFormatPrice();
  const disabled = useSelector(runtime.connection, (snapshot) => snapshot.matches('syncDisabled'));
  const refusedLine = refused ? lines.find((line) => line.sku === refused.sku) : undefined;
  const local = localCartTotals(lines, prices);
  const coupon = server?.coupon_code ?? null;
  const currency = prices.currency;
  const amount = (value: number | undefined) => (value === undefined ? <Skeleton width="4rem" height="1rem" /> : format(value, currency));

  return (
    <section className="minicart__summary" aria-labelledby="minicart-summary-title">
      <h3 id="minicart-summary-title" className="visually-hidden">
        {t('totals.title', { ns: 'cart' })}
      </h3>
      <dl className="minicart__totals">
        <div>
          <dt>{t('totals.subtotal', { ns: 'cart' })}</dt>
          <dd>{amount(server?.subtotal_incl_tax ?? local?.subtotal_incl_tax)}</dd>
        </div>
        {server && server.discount_amount !== 0 ? (
          <div className="minicart__discount">
            <dt>{t('totals.discount', { ns: 'cart' })}</dt>
            <dd>−{format(Math.abs(server.discount_amount), currency)}</dd>
          </div>
        ) : null}
        {server || local?.exact || (online && token !== null) ? (
          <>
            <div>
              <dt>{t('totals.shipping', { ns: 'cart' })}</dt>
              <dd>{amount(server?.shipping_incl_tax ?? local?.shipping_incl_tax)}</dd>
            </div>
            <div className="minicart__grand-total">
              <dt>{t('totals.grandTotal', { ns: 'cart' })}</dt>
              <dd>{amount(server?.grand_total ?? local?.grand_total)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <p className="minicart__note">{t('totals.taxIncluded', { ns: 'cart' })}</p>
      {!server && !local?.exact && !(online && token !== null) ? (
        <p className="minicart__note minicart__confirm" role="status">
          {t('totals.confirmedOnline', { ns: 'cart' })}
        </p>
      ) : null}
      {refused ? (
        <p className="minicart__refused" role="alert">
          {t('totals.lineRefused', {
            ns: 'cart',
            name: refusedLine?.snapshot.value.name ?? refused.sku ?? '',
            problem: t(`problems.${refused.code}`, { ns: 'cart', defaultValue: refused.message }).replace(/\.$/, ''),
          })}
        </p>
      ) : null}
      <CouponField runtime={runtime} usable={online && token !== null} applied={coupon} onChange={onRefresh} />
      <Link to="/$store/checkout" params={{ store }} className="button minicart__checkout" onClick={onClose}>
        {t('notices.proceedToCheckout', { ns: 'cart' })}
      </Link>
      {!online || disabled ? (
        <p className="minicart__sync" role="status">
          {t(online ? 'sync.disabled' : 'sync.offline', { ns: 'cart' })}
        </p>
      ) : null}
    </section>
  );
}

function CouponField({ runtime, usable, applied, onChange }: { runtime: CartRuntime; usable: boolean; applied: string | null; onChange: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const failure = (reason: unknown) => {
    const message = reason instanceof ApiError ? reason.message : '';
    setError(message === INVALID_COUPON ? t('coupon.invalid', { ns: 'cart' }) : message || t('problems.generic', { ns: 'cart' }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await runtime.applyCoupon(code);
      setCode('');
      onChange();
    } catch (reason) {
      failure(reason);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await runtime.removeCoupon();
      onChange();
    } catch (reason) {
      failure(reason);
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <div className="coupon coupon--applied">
        <span>{t('coupon.applied', { ns: 'cart', code: applied })}</span>
        <button type="button" className="link-button" disabled={busy} onClick={() => void remove()}>
          {t('coupon.remove', { ns: 'cart', code: applied })}
        </button>
      </div>
    );
  }
  return (
    <form className="coupon" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor="minicart-coupon" className="coupon__label">
        {t('coupon.label', { ns: 'cart' })}
      </label>
      <div className="coupon__row">
        <input
          id="minicart-coupon"
          className="coupon__input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={!usable || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'minicart-coupon-error' : !usable ? 'minicart-coupon-hint' : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={!usable || busy || code.trim() === ''}>
          {t('coupon.apply', { ns: 'cart' })}
        </button>
      </div>
      {error ? (
        <p id="minicart-coupon-error" className="coupon__error" role="alert">
          {error}
        </p>
      ) : !usable ? (
        <p id="minicart-coupon-hint" className="coupon__hint">
          {t('coupon.offline', { ns: 'cart' })}
        </p>
      ) : null}
    </form>
  );
}
