import { STORE_CODES } from '@shop/shared/stores/stores';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
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
            <Link activeOptions={{ exact: true }} to="/$store" params={{ store: code }} className={code === current ? 'is-current' : undefined} activeProps={{}} aria-current={code === current ? 'true' : undefined} hrefLang={code}>
              <span aria-hidden="true">{code.toUpperCase()}</span>
              <span className="visually-hidden">{t(`store.${code}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
