import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store-context.tsx';
import { BagIcon, MenuIcon } from '../../ui/icons.tsx';
import { useCartCount } from '../cart/use-cart-count.ts';
import { useCategories } from '../catalogue/use-categories.ts';
import { SearchBox } from '../search/search-box.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { buildMenuTree } from './menu-tree.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { StoreSwitcher } from './store-switcher.tsx';

export function SiteHeader() {
  const { t } = useTranslation();
  const store = useStore();
  const categories = useCategories(store);
  const menu = useMemo(() => buildMenuTree(categories.data ?? []), [categories.data]);
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();

  return (
    <header className="site-header">
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <p className="site-header__promise">{t('header.promise')}</p>
          <div className="site-header__settings">
            <StoreSwitcher />
            <LanguageSwitcher />
          </div>
        </div>
      </div>
      <div className="container site-header__main">
        <button type="button" className="icon-button site-header__menu-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <MenuIcon />
          <span className="visually-hidden">{t('header.menu')}</span>
        </button>
        <Link to="/$store" params={{ store }} className="brand" aria-label={t('header.home', { name: t('shop.name') })}>
          <span className="brand__name">{t('shop.name')}</span>
          <span className="brand__tagline">{t('shop.tagline')}</span>
        </Link>
        <SearchBox />
        <Link to="/$store/$" params={{ store, _splat: 'cart' }} search={{}} className="cart-link" aria-label={t('header.cartCount', { count: cartCount })}>
          <BagIcon />
          <span className="cart-link__count" aria-hidden="true">
            {cartCount}
          </span>
        </Link>
      </div>
      <div className="site-header__nav">
        <div className="container">
          <CategoryMenu items={menu} loading={categories.loading} />
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} items={menu} />
    </header>
  );
}
