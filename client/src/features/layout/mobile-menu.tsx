import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { ChevronIcon } from '../../ui/icons.tsx';
import { LanguagesButton } from './languages-button.tsx';
import type { MenuItem } from './menu-tree.ts';
import { ServiceLinks } from '../content/service-links.tsx';

/** The same category tree as the desktop menu, as an accordion in a drawer for phones. */
export function MobileMenu({ open, onClose, items }: { open: boolean; onClose: () => void; items: MenuItem[] }) {
  const { t } = useTranslation();
  const store = useStore();
  const [expanded, setExpanded] = useState<number | null>(null);

  return (
    <Drawer open={open} onClose={onClose} title={t('header.menu')} closeLabel={t('header.closeMenu')} footer={<div className="mobile-menu__settings"><LanguagesButton /></div>}>
      <nav aria-label={t('a11y.mainNav')} className="mobile-menu">
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              {item.children.length === 0 ? (
                <Link activeOptions={{ exact: true }} className="mobile-menu__top" to="/$store/$" params={{ store, _splat: item.urlPath }} search={{}} onClick={onClose}>
                  {item.name}
                </Link>
              ) : (
                <>
                  <button
                    type="button"
                    className="mobile-menu__top"
                    aria-expanded={expanded === item.id}
                    aria-controls={`mobile-menu-${item.id}`}
                    onClick={() => setExpanded(expanded === item.id ? null : item.id)}
                  >
                    {item.name}
                    <ChevronIcon />
                  </button>
                  <ul id={`mobile-menu-${item.id}`} hidden={expanded !== item.id} className="mobile-menu__sub">
                    <li>
                      <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: item.urlPath }} search={{}} onClick={onClose}>
                        {t('header.viewAll', { name: item.name })}
                      </Link>
                    </li>
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: child.urlPath }} search={{}} onClick={onClose}>
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <ServiceLinks className="service-links--menu" onFollow={onClose} />
    </Drawer>
  );
}
