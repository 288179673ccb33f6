import type { Category } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';

/**
 * A category's sub-categories as chips. On a wide screen they wrap as before. On a phone (category.css) they keep
 * to one row that scrolls sideways, faded at its end, so the first products still start on the first screen; when
 * the row holds more than fits, a "All (n)" button beside it opens them all, wrapped, and closes them again.
 */
export function SubcategoryChips({ subcategories }: { subcategories: readonly Category[] }) {
  const { t } = useTranslation();
  const store = useStore();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Whether the one row hides chips: measured, so a row that fits (or a wide screen's wrapped list) has no button.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    // Opened, the chips wrap and fit: the row's answer from before stands, so the button stays (and keeps the focus).
    const measure = () => {
      if (!element.parentElement?.classList.contains('subcategories--expanded')) setOverflows(element.scrollWidth > element.clientWidth + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [subcategories.length]);

  return (
    <div className={`subcategories${expanded ? ' subcategories--expanded' : ''}${overflows ? ' subcategories--overflows' : ''}`}>
      <ul ref={list} id={listId} className="subcategories__list" aria-label={t('category.subcategories')}>
        {subcategories.map((sub) => (
          <li key={sub.id}>
            <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: sub.url_path }} search={{}} className="chip chip--thumbnail">
              {/* The thumbnail is decoration beside the name; without one the calm placeholder keeps the row even. */}
              <ProductImage src={sub.thumbnail ?? sub.image} alt="" size="cart" className="chip__thumbnail" />
              {sub.name}
            </Link>
          </li>
        ))}
      </ul>
      {overflows ? (
        <button type="button" className="subcategories__toggle link-button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('category.fewerSubcategories') : t('category.allSubcategories', { count: subcategories.length })}
          {/* The name starts with what the button shows and says what it opens: "All (12) Subcategories". */}
          <span className="visually-hidden"> {t('category.subcategories')}</span>
        </button>
      ) : null}
    </div>
  );
}
