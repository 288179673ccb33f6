import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { loadNamespace, useTranslation } from '../../app/i18n.ts';
import { SearchIcon } from '../../ui/icons.tsx';

const SearchPanel = lazy(async () => {
  const [module] = await Promise.all([import('./search-panel.tsx'), loadNamespace('catalogue')]);
  return { default: module.SearchPanel };
});

/** The header's search field; the results panel (and its code) loads only once the shopper starts searching. */
export function SearchBox() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const panelId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Close on navigation: adjusting state while rendering, as React recommends over an effect.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  const close = () => {
    setOpen(false);
    inputRef.current?.focus();
  };

  return (
    <div className="search-box">
      <form
        role="search"
        className="search-box__form"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <SearchIcon />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={term}
          aria-controls={open ? panelId : undefined}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (term) setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              event.preventDefault();
              setOpen(false);
            }
          }}
        />
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchPanel id={panelId} term={term} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
