/** The newsletter's 10% coupon, shown once subscribed, with a button that copies it ('text copied' notice). */
import { useRef } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { showNewsletterNotice } from './show-notice.ts';

export function CouponCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const text = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showNewsletterNotice('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): select the code so the shopper can copy it.
      const node = text.current;
      if (node) window.getSelection()?.selectAllChildren(node);
    }
  };
  return (
    <div className="coupon-code">
      <p className="coupon-code__label">{t('coupon.title', { ns: 'newsletter' })}</p>
      <div className="coupon-code__row">
        <code ref={text} className="coupon-code__value">
          {code}
        </code>
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('coupon.copy', { ns: 'newsletter' })}
        </button>
      </div>
      <p className="coupon-code__hint">{t('coupon.hint', { ns: 'newsletter' })}</p>
    </div>
  );
}
