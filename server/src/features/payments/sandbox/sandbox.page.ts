/**
 * The sandbox's hosted payment page: plain server-rendered HTML in the shop's look (its palette and type), with the
 * amount, the order number, the five outcomes as real buttons of one form, and a clear note that no money moves.
 * Texts in English, Dutch and German; everything from the payment is escaped; no script runs.
 */
import type { Language } from '@shop/shared';
import { escapeHtml } from '../../mail/mailbox.page.ts';
import type { SandboxOutcome, SandboxPayment } from './sandbox.provider.ts';

interface PageTexts {
  title: string;
  heading: string;
  testNote: string;
  order: string;
  amount: string;
  method: string;
  choose: string;
  outcomes: Record<SandboxOutcome, string>;
  finished: (status: string) => string;
  back: string;
  notFound: string;
}

export const SANDBOX_TEXTS: Readonly<Record<Language, PageTexts>> = {
  en: {
    title: 'Test payment',
    heading: 'Test payment',
    testNote: 'This is a test payment on the shop’s sandbox: no money is charged. Choose how the payment ends.',
    order: 'Order number',
    amount: 'Amount',
    method: 'Payment method',
    choose: 'Payment outcome',
    outcomes: { paid: 'Paid', pending: 'Pending', failed: 'Failed', expired: 'Expired', cancelled: 'Cancelled' },
    finished: (status) => `This test payment is finished: ${status}.`,
    back: 'Back to the shop',
    notFound: 'This payment does not exist.',
  },
  nl: {
    title: 'Testbetaling',
    heading: 'Testbetaling',
    testNote: 'Dit is een testbetaling in de sandbox van de winkel: er wordt geen geld afgeschreven. Kies hoe de betaling afloopt.',
    order: 'Bestelnummer',
    amount: 'Bedrag',
    method: 'Betaalmethode',
    choose: 'Uitkomst van de betaling',
    outcomes: { paid: 'Betaald', pending: 'In behandeling', failed: 'Mislukt', expired: 'Verlopen', cancelled: 'Geannuleerd' },
    finished: (status) => `Deze testbetaling is afgerond: ${status}.`,
    back: 'Terug naar de winkel',
    notFound: 'Deze betaling bestaat niet.',
  },
  de: {
    title: 'Testzahlung',
    heading: 'Testzahlung',
    testNote: 'Dies ist eine Testzahlung in der Sandbox des Shops: Es wird kein Geld abgebucht. Wählen Sie, wie die Zahlung endet.',
    order: 'Bestellnummer',
    amount: 'Betrag',
    method: 'Zahlungsart',
    choose: 'Ergebnis der Zahlung',
    outcomes: { paid: 'Bezahlt', pending: 'Ausstehend', failed: 'Fehlgeschlagen', expired: 'Abgelaufen', cancelled: 'Storniert' },
    finished: (status) => `Diese Testzahlung ist abgeschlossen: ${status}.`,
    back: 'Zurück zum Shop',
    notFound: 'Diese Zahlung gibt es nicht.',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** Amounts to the cent (a payment page shows exactly what is charged), in the page's language. */
export function formatPaymentAmount(minor: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Nothing loads from elsewhere; the only form posts back here. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
  :root { --bg: #fbf9f5; --surface: #fff; --soft: #f2eee7; --text: #16181d; --muted: #585c64; --line: #e3ddd3;
    --accent: #1c2a44; --accent-hover: #2b3d60; --gold: #7a5f30; --sale: #8c2f2f; --success: #2f6b45; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text); font: 1rem/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  header { border-bottom: 1px solid var(--line); background: var(--surface); padding: 1rem clamp(1rem, 4vw, 2.5rem); }
  header p { margin: 0; font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif; font-size: 1.25rem; letter-spacing: 0.02em; }
  main { max-width: 34rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif; font-weight: 400; font-size: 2rem; margin: 0 0 1rem; }
  .note { background: var(--soft); border-inline-start: 4px solid var(--gold); padding: 0.75rem 1rem; margin: 0 0 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.5rem; margin: 0 0 1.5rem; background: var(--surface); border: 1px solid var(--line); padding: 1rem 1.25rem; }
  dt { color: var(--muted); } dd { margin: 0; font-weight: 600; }
  fieldset { border: 1px solid var(--line); background: var(--surface); margin: 0; padding: 1rem 1.25rem 1.25rem; }
  legend { padding: 0 0.25rem; font-weight: 600; }
  .outcomes { display: grid; grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr)); gap: 0.75rem; }
  button { font: inherit; min-height: 2.75rem; padding: 0.5rem 1rem; border-radius: 2px; border: 1px solid var(--accent); background: var(--surface); color: var(--accent); cursor: pointer; }
  button:hover { background: var(--soft); }
  button[value=paid] { background: var(--accent); color: #fff; }
  button[value=paid]:hover { background: var(--accent-hover); }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  a { color: var(--accent); }`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><p>Horloge shop · sandbox</p></header><main>${body}</main></body></html>`;
}

export function sandboxPaymentPage(payment: SandboxPayment, language: Language, options: { finished: boolean; action: string; key: string }): string {
  const t = SANDBOX_TEXTS[language];
  const details = `<dl>
<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(payment.increment_id)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatPaymentAmount(payment.amount, payment.currency, language))}</dd>
<dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(payment.method)}</dd>
</dl>`;
  const choices = options.finished
    ? `<p role="status">${escapeHtml(t.finished(payment.status))}</p><p><a href="${escapeHtml(payment.redirect_url)}">${escapeHtml(t.back)}</a></p>`
    : `<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="key" value="${escapeHtml(options.key)}"><fieldset><legend>${escapeHtml(t.choose)}</legend><div class="outcomes">${(Object.keys(t.outcomes) as SandboxOutcome[])
        .map((outcome) => `<button type="submit" name="outcome" value="${outcome}">${escapeHtml(t.outcomes[outcome])}</button>`)
        .join('')}</div></fieldset></form>`;
  return page(language, `${t.title} · ${payment.increment_id}`, `<h1>${escapeHtml(t.heading)}</h1><p class="note" role="note">${escapeHtml(t.testNote)}</p>${details}${choices}`);
}

export function sandboxNotFoundPage(language: Language): string {
  const t = SANDBOX_TEXTS[language];
  return page(language, t.title, `<h1>${escapeHtml(t.heading)}</h1><p>${escapeHtml(t.notFound)}</p><p><a href="/">${escapeHtml(t.back)}</a></p>`);
}
