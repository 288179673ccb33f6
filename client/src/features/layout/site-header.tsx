import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { BrandLink } from './brand-link.tsx';
import { useStore } from '../../app/store-context.tsx';
import { BagIcon, MenuIcon } from '../../ui/icons.tsx';
import { useCategories } from '../catalogue/use-categories.ts';
import { SearchBox } from '../search/search-box.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { buildMenuTree } from './menu-tree.ts';
import './header-actions.css';
import { lazyPart } from '../../app/lazy-part.ts';

// Only phones open the drawer, so its code loads on the first tap rather than with every page.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));
// The cart button with its count, the connection badge and the minicart load beside the first paint.
const HeaderExtras = lazyPart('src/features/layout/layout-extras.tsx#HeaderExtras', () => import('./layout-extras.tsx').then((module) => ({ default: module.HeaderExtras })));
// The store and language switchers come with them: they are not needed to read the first page.
const HeaderSettings = lazyPart('src/features/layout/layout-extras.tsx#HeaderSettings', () => import('./layout-extras.tsx').then((module) => ({ default: module.HeaderSettings })));

export function SiteHeader() {
  const { t } = useTranslation();
  const store = useStore();
  const categories = useCategories(store);
  const menu = useMemo(() => buildMenuTree(categories.data ?? []), [categories.data]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <header className="site-header">
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <p className="site-header__promise">{t('header.promise')}</p>
          <div className="site-header__settings">
            <Suspense fallback={null}>
              <HeaderSettings />
            </Suspense>
          </div>
        </div>
      </div>
      <div className="container site-header__main">
        <button type="button" className="icon-button site-header__menu-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
          <span className="visually-hidden">{t('header.menu')}</span>
        </button>
        <BrandLink />
        <SearchBox />
        <div className="site-header__actions">
          {/* Until they arrive, the cart's icon holds its place. */}
          <Suspense
            fallback={
              <span className="cart-link" aria-hidden="true">
                <BagIcon />
              </span>
            }
          >
            <HeaderExtras />
          </Suspense>
        </div>
      </div>
      <div className="site-header__nav">
        <div className="container">
          <CategoryMenu items={menu} loading={categories.loading} />
        </div>
      </div>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} items={menu} />
        </Suspense>
      ) : null}
    </header>
  );
}
