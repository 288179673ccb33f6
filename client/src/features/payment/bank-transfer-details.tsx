/**
 * Bank transfer instructions (issue 12): the shop's account, the amount and the reference the shopper transfers with,
 * on the thank-you page, the order-status page and in My orders. A description list the shopper can copy from.
 */
import { formatIban, type BankTransferInstructions } from '@shop/shared/orders/bank-transfer';
import { formatPrice, type CurrencyCode } from '@shop/shared/money/money';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { PAYMENT_NS, usePaymentTexts } from './payment-texts.ts';
import './payment.css';

export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const ready = usePaymentTexts();
  const { t, i18n } = useTranslation();
  if (!ready) return null;
  const rows: Array<[string, string]> = [
    [t('bankTransfer.amount', { ns: PAYMENT_NS }), formatPrice(instructions.amount, instructions.currency as CurrencyCode, localeOf(i18n.language))],
    [t('bankTransfer.iban', { ns: PAYMENT_NS }), formatIban(instructions.iban)],
    [t('bankTransfer.bic', { ns: PAYMENT_NS }), instructions.bic],
    [t('bankTransfer.holder', { ns: PAYMENT_NS }), instructions.account_holder],
    [t('bankTransfer.reference', { ns: PAYMENT_NS }), instructions.reference],
  ];
  return (
    <section className="bank-transfer" aria-labelledby="bank-transfer-title">
      <h2 id="bank-transfer-title" className="bank-transfer__title">
        {t('bankTransfer.title', { ns: PAYMENT_NS })}
      </h2>
      <p className="bank-transfer__intro">{t('bankTransfer.intro', { ns: PAYMENT_NS })}</p>
      <dl className="bank-transfer__rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
