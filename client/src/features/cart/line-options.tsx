/**
 * The options chosen for a line (a ring size, the pieces of a bundle), under its name: one component for the minicart,
 * the checkout summary, the thank-you page and My orders, on the shared rows the order mail shows too.
 */
import type { CartLineDoc } from '@shop/shared/cart/cart.schema';
import { lineOptionRows, lineOptionsOf, type LineOptionsSource } from '@shop/shared/cart/line-options';
import { useTranslation } from '../../app/i18n.ts';
import { attributeLabel } from '../catalogue/attribute-labels.ts';
import './line-options.css';

/** What a cart line shows of its options: those kept in its snapshot, and its custom size. */
export function cartLineOptions(line: CartLineDoc): LineOptionsSource {
  return lineOptionsOf({ ...line, options: line.snapshot.value.options });
}

export function LineOptions({ source, className = 'line-options' }: { source: LineOptionsSource; className?: string }) {
  const { t } = useTranslation();
  const rows = lineOptionRows(source, { size: t('lineOptions.size', { ns: 'common' }), attribute: (code, label) => attributeLabel(t, code, label) });
  if (rows.length === 0) return null;
  return (
    <dl className={className} aria-label={t('lineOptions.label', { ns: 'common' })}>
      {rows.map((row, index) => (
        <div key={`${row.label}-${index}`} className="line-options__row">
          <dt>{row.label}:</dt> <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
