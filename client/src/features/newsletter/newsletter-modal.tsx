/**
 * The newsletter modal (spec 2 §3 'newsletterPopup', §9: a coupon of 10% off): the offer, the sign-up form with its
 * captcha, and the coupon once subscribed. A native modal <dialog>: focus moves in and is kept there, Escape or the
 * close button dismisses it, and focus returns where it was.
 */
import { NEWSLETTER_COUPON_PERCENT } from '@shop/shared/content/newsletter.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { CloseIcon } from '../../ui/drawer.tsx';
import { useContentTexts } from '../wishlist/content-texts.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import './newsletter.css';

export default function NewsletterModal({ onSubscribed, onClose }: { onSubscribed: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ready = useContentTexts('newsletter');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (ready && dialog && !dialog.open) dialog.showModal?.();
  }, [ready]);

  if (!ready) return null;
  return (
    <dialog
      ref={ref}
      className="newsletter-modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) ref.current?.close();
      }}
    >
      <div className="newsletter-modal__panel">
        <button type="button" className="icon-button newsletter-modal__close" aria-label={t('modal.close', { ns: 'newsletter' })} onClick={() => ref.current?.close()}>
          <CloseIcon />
        </button>
        <p className="eyebrow">{t('modal.eyebrow', { ns: 'newsletter' })}</p>
        <h2 id={titleId} className="newsletter-modal__title">
          {t('modal.title', { ns: 'newsletter', percent: NEWSLETTER_COUPON_PERCENT })}
        </h2>
        {subscribed ? null : <p className="newsletter-modal__text">{t('modal.text', { ns: 'newsletter', percent: NEWSLETTER_COUPON_PERCENT })}</p>}
        <NewsletterForm
          onSubscribed={() => {
            setSubscribed(true);
            onSubscribed();
          }}
        />
        {subscribed ? null : (
          <button type="button" className="link-button newsletter-modal__decline" onClick={() => ref.current?.close()}>
            {t('modal.decline', { ns: 'newsletter' })}
          </button>
        )}
      </div>
    </dialog>
  );
}
