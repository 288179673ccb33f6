/**
 * The checkout's shape while its code, texts and the local database (the cart's chunk) load: the title, the steps
 * with their fields and the order beside them, drawn at once so a slow network shows the checkout coming rather than
 * a blank page. Small and free of the checkout's code (the page's door shows it before that code has arrived); its
 * one text is in the first load's namespace.
 */
import { useTranslation } from '../../app/i18n.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import './checkout-skeleton.css';

export function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="checkout container checkout-skeleton" aria-busy="true" data-testid="checkout-skeleton">
      <p className="visually-hidden" role="status">
        {t('loading.checkout')}
      </p>
      <Skeleton className="checkout-skeleton__title" />
      <Skeleton className="checkout-skeleton__progress" />
      <div className="checkout__layout">
        <div>
          <div className="checkout-step checkout-skeleton__step">
            <Skeleton className="checkout-skeleton__heading" />
            <div className="checkout-grid">
              {[0, 1, 2, 3].map((field) => (
                <div key={field} className="checkout-skeleton__field">
                  <Skeleton className="checkout-skeleton__label" />
                  <Skeleton className="checkout-skeleton__input" />
                </div>
              ))}
            </div>
            <Skeleton className="checkout-skeleton__button" />
          </div>
          {[0, 1, 2].map((step) => (
            <div key={step} className="checkout-step checkout-skeleton__step checkout-skeleton__step--closed">
              <Skeleton className="checkout-skeleton__heading" />
            </div>
          ))}
        </div>
        <div className="checkout-order checkout-skeleton__order">
          <Skeleton className="checkout-skeleton__heading" />
          {[0, 1].map((line) => (
            <div key={line} className="checkout-skeleton__line">
              <Skeleton className="checkout-skeleton__thumb" />
              <Skeleton />
            </div>
          ))}
          <Skeleton className="checkout-skeleton__total" />
        </div>
      </div>
    </div>
  );
}
