import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';

/**
 * The shop's name and tagline, linking home. Its accessible name is what it shows, then "home" (WCAG 2.5.3: a
 * visible label is part of the name, first), so a speech user who says what they see reaches it.
 */
export function BrandLink() {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <Link activeOptions={{ exact: true }} to="/$store" params={{ store }} className="brand">
      <span className="brand__name">{t('shop.name')}</span>{' '}
      <span className="brand__tagline">{t('shop.tagline')}</span>
      <span className="visually-hidden">{t('header.homeHint')}</span>
    </Link>
  );
}
