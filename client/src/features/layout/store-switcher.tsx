import { STORE_CODES } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store-context.tsx';

/**
 * Category and product paths differ per store, so switching store leads to the other store's home page
 * (the home page itself keeps its empty path).
 */
export function StoreSwitcher() {
  const { t } = useTranslation();
  const current = useStore();
  return (
    <nav className="store-switcher" aria-label={t('header.store')}>
      <span className="store-switcher__label" aria-hidden="true">
        {t('header.store')}
      </span>
      <ul>
        {STORE_CODES.map((code) => (
          <li key={code}>
            <Link to="/$store" params={{ store: code }} aria-current={code === current ? 'true' : undefined} lang={code} hrefLang={code}>
              <span aria-hidden="true">{code.toUpperCase()}</span>
              <span className="visually-hidden">{t(`store.${code}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
