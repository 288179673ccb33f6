import { isSearchTermLongEnough, normalizeSearchTerm } from '@shop/shared/catalogue/search-term';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { loadNamespace, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { SearchIcon } from '../../ui/icons.tsx';
import type { SuggestionOption } from './search-panel.tsx';

const SearchPanel = lazy(async () => {
  const [module] = await Promise.all([import('./search-panel.tsx'), loadNamespace('catalogue')]);
  return { default: module.SearchPanel };
});

/**
 * The header's search field (phone and desktop): a combobox whose suggestions (the panel, and its code) load only once
 * the shopper starts typing. The arrow keys walk the suggestions (the field keeps the focus; Tab reaches them too),
 * Enter opens the one chosen, or else the search results page for what was typed (issue 19), Escape closes.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const location = useRouterState({ select: (state) => state.location });
  const onSearchPage = /^\/[^/]+\/search\/?$/.test(location.pathname);
  const shownQuery = onSearchPage ? String((location.search as Record<string, unknown>).q ?? '') : null;
  // On the search results page the field holds the page's query.
  const [term, setTerm] = useState(shownQuery ?? '');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly SuggestionOption[]>([]);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const panelId = useId();
  const listboxId = useId();

  // Close on navigation, and show the search page's own query: adjusting state while rendering, as React recommends
  // over an effect.
  const [shownHref, setShownHref] = useState(location.href);
  if (shownHref !== location.href) {
    setShownHref(location.href);
    setOpen(false);
    setActive(-1);
    if (shownQuery !== null) setTerm(shownQuery);
  }

  const onOptions = useCallback((next: readonly SuggestionOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
  };

  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  return (
    <div className="search-box">
      <form
        role="search"
        className="search-box__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (activeOption) {
            activeOption.go();
            return;
          }
          // Spec 2 §5: under 3 characters the panel says so, and nothing is searched.
          if (!isSearchTermLongEnough(term)) {
            setOpen(true);
            return;
          }
          setOpen(false);
          void navigate({ to: '/$store/search', params: { store }, search: { q: normalizeSearchTerm(term) } });
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
          role="combobox"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={term}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : open ? panelId : undefined}
          aria-activedescendant={activeOption?.id}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            if (term && !onSearchPage) setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              event.preventDefault();
              setOpen(false);
              setActive(-1);
            } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && (open ? options.length > 0 : isSearchTermLongEnough(term))) {
              event.preventDefault();
              if (!open) {
                setOpen(true);
                return;
              }
              // Down from the field goes to the first suggestion, up to the last; past either end, back to the field.
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((current) => {
                const next = current === -1 && step === -1 ? options.length - 1 : current + step;
                return next >= options.length || next < 0 ? -1 : next;
              });
            }
          }}
        />
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchPanel id={panelId} listboxId={listboxId} term={term} active={activeOption?.id} onOptions={onOptions} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
