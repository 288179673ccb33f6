/**
 * The links to the shop's service pages (spec 2 §2: About us, Customer service, Legal notice, Privacy policy, Return
 * policy, Terms and conditions), in this store's addresses, plus the store locator and the customers' reviews; for
 * the footer and the phone menu. Their names are the `content` namespace's, loaded with this code.
 */
import { SERVICE_PAGE_KEYS, SERVICE_PAGES } from '@shop/shared/content/service-pages';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useContentTexts } from './content-texts.ts';
import './service-links.css';

export function ServiceLinks({ className, onFollow }: { className: string; onFollow?: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const ready = useContentTexts();
  if (!ready) return null;
  return (
    <nav className={`service-links ${className}`} aria-label={t('services.heading', { ns: 'content' })}>
      <p className="service-links__title">{t('services.heading', { ns: 'content' })}</p>
      <ul>
        {SERVICE_PAGE_KEYS.map((key) => (
          <li key={key}>
            <Link to="/$store/i/$slug" params={{ store, slug: SERVICE_PAGES[key][store] }} onClick={onFollow}>
              {t(`services.${key}`, { ns: 'content' })}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/$store/store-locator" params={{ store }} onClick={onFollow}>
            {t('services.store-locator', { ns: 'content' })}
          </Link>
        </li>
        <li>
          <Link to="/$store/testimonial" params={{ store }} onClick={onFollow}>
            {t('services.testimonial', { ns: 'content' })}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
