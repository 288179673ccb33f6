/**
 * The iDEAL issuer picker, shown only when the provider lists issuers (spec 2 §3 'Issuer', §5: iDEAL needs an issuer
 * id). A native modal <dialog> on its own React root: the flow awaits the choice, null when the shopper cancels.
 */
import type { PaymentServiceIssuer } from '@shop/shared/payments/index';
import { useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from '../../app/i18n.ts';
import { PAYMENT_NS } from './payment-texts.ts';
import './payment.css';

export function IssuerPicker({ issuers, onDone }: { issuers: PaymentServiceIssuer[]; onDone: (issuer: string | null) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [chosen, setChosen] = useState<string>('');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  return (
    <dialog
      ref={ref}
      className="issuer-picker"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDone(null);
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) onDone(chosen);
        }}
      >
        <h2 id={titleId}>{t('issuer.title', { ns: PAYMENT_NS })}</h2>
        <p>{t('issuer.message', { ns: PAYMENT_NS })}</p>
        <fieldset className="issuer-picker__list">
          <legend className="visually-hidden">{t('issuer.label', { ns: PAYMENT_NS })}</legend>
          {issuers.map((issuer) => (
            <label key={issuer.code} className="issuer-picker__option">
              <input type="radio" name="issuer" value={issuer.code} checked={chosen === issuer.code} onChange={() => setChosen(issuer.code)} required />
              {issuer.description}
            </label>
          ))}
        </fieldset>
        <div className="issuer-picker__actions">
          <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
            {t('issuer.cancel', { ns: PAYMENT_NS })}
          </button>
          <button type="submit" className="button" disabled={!chosen}>
            {t('issuer.confirm', { ns: PAYMENT_NS })}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Shows the picker and resolves with the chosen issuer code, or null. */
export function pickIssuer(issuers: PaymentServiceIssuer[]): Promise<string | null> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (issuer: string | null) => {
      root.unmount();
      host.remove();
      resolve(issuer);
    };
    root.render(<IssuerPicker issuers={issuers} onDone={done} />);
  });
}
