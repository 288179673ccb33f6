import { useTranslation } from '../../app/i18n.ts';
import { Skeleton } from '../../ui/skeleton.tsx';

/** Small pieces shared by the grouped list and the bundle options. */

export function StockState({ inStock }: { inStock: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`stock stock--small stock--${inStock ? 'in' : 'out'}`}>
      <span className="stock__dot" aria-hidden="true" />
      {inStock ? t('product.inStock') : t('card.outOfStock')}
    </span>
  );
}

/** "2 ×" for the eye, "Quantity: 2" for a screen reader. */
export function QtyTimes({ qty }: { qty: number }) {
  const { t } = useTranslation();
  return (
    <span className="set-qty">
      <span aria-hidden="true">{t('product.set.qtyTimes', { qty })}</span>
      <span className="visually-hidden">{t('product.set.quantity', { qty })}</span>
    </span>
  );
}

/** A placeholder row while the members load: thumb, two lines of text, a price. */
export function SetRowSkeleton({ withControl = false }: { withControl?: boolean }) {
  return (
    <div className={`set-row set-row--skeleton${withControl ? ' set-row--control' : ''}`} aria-hidden="true">
      {withControl ? <Skeleton className="set-row__control" width="1.1rem" height="1.1rem" /> : null}
      <Skeleton className="set-row__image" />
      <span className="set-row__text">
        <Skeleton width="80%" height="0.95rem" />
        <Skeleton width="35%" height="0.75rem" />
      </span>
      <Skeleton className="set-row__price" width="4.5rem" height="0.95rem" />
    </div>
  );
}

export function SetLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="set-error" role="alert">
      <p>{t('product.set.error')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
