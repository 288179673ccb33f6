import { useTranslation } from '../../app/i18n.ts';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand__name">{t('shop.name')}</p>
          <p>{t('footer.about')}</p>
        </div>
        <ul className="site-footer__promises">
          <li>{t('footer.authentic')}</li>
          <li>{t('footer.inspected')}</li>
          <li>{t('footer.insured')}</li>
        </ul>
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.legal', { year: new Date().getFullYear(), name: t('shop.name') })}</p>
      </div>
    </footer>
  );
}
