/** The newsletter forms' e-mail field: labelled, with its problem said under it and linked for screen readers. */
import { useTranslation } from '../../app/i18n.ts';
import type { EmailProblem } from './newsletter-rules.ts';

export function NewsletterEmailField({ id, email, onChange, problem }: { id: string; email: string; onChange: (email: string) => void; problem: EmailProblem | null }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={`${id}-email`}>{t('form.email', { ns: 'newsletter' })}</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-email-error` : undefined}
        required
      />
      {problem ? (
        <p id={`${id}-email-error`} className="field__error">
          {t(`form.${problem}`, { ns: 'newsletter' })}
        </p>
      ) : null}
    </div>
  );
}
