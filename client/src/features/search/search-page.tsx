/**
 * The search results page (issue 19): `/{store}/search?q=…`, with the category page's facets, sort and "load more"
 * (the same listing, its filters and sort in the address beside `q`, so a search can be shared). A query under 3
 * characters asks for more (spec 2 §5); a word the shop does not know gets the server's "did you mean"; a search that
 * finds nothing offers popular categories and the contact page.
 */
import { isSearchTermLongEnough, normalizeSearchTerm } from '@shop/shared/catalogue/search-term';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import { useCategories } from '../catalogue/use-categories.ts';
import { activeFilterCount, filterStateFromQuery } from '../category/category-query.ts';
import { ProductListing } from '../category/product-listing.tsx';
import { useListingProducts } from '../category/use-listing-products.ts';
import { usePriceFacet } from '../category/use-price-facet.ts';
import { useRenderedPrices } from '../location/visitor-prices.ts';
import { popularCategories } from './popular-categories.ts';
import './search.css';
import { useNamespace } from '../../app/use-namespace.ts';

export default function SearchPage() {
  const ready = useNamespace('catalogue');
  const query = useSearch({ from: '/$store/search' });
  const term = normalizeSearchTerm(query.q ?? '');
  // A new query starts from the top of a new listing (its own "load more" pages).
  return ready ? <SearchResults key={term} term={term} query={query} /> : <div className="container search-page" aria-busy="true" />;
}

function SearchResults({ term, query }: { term: string; query: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate({ from: '/$store/search' });
  const longEnough = isSearchTermLongEnough(term);
  const state = useMemo(() => filterStateFromQuery(query), [query]);
  const scope = useMemo(() => ({ query: term }), [term]);
  // Whether the visitor sees the catalogue's prices decides how prices are bucketed (use-price-facet.ts).
  const visitorPrices = useRenderedPrices(null).active;
  const { facet, listing } = usePriceFacet(store, scope, state, longEnough && visitorPrices);
  const products = useListingProducts(store, scope, state, longEnough ? listing : null);
  // Search results are for this visit only: search engines are asked not to list them.
  usePageHead({ title: longEnough ? t('search.resultsFor', { term }) : t('search.title'), store, robots: 'noindex' }, t('shop.name'));

  const suggestion = products.didYouMean;
  const nothingFound = products.hasData && products.total === 0;

  return (
    <div className="container category-page search-page">
      <header className="page-heading">
        <h1>{longEnough ? t('search.resultsFor', { term }) : t('search.title')}</h1>
        {longEnough ? null : (
          <p className="search-page__hint" role="status">
            {t('search.minChars')}
          </p>
        )}
      </header>
      {longEnough ? (
        <ProductListing
          scope={scope}
          state={state}
          products={products}
          facet={facet}
          onQuery={(search) => void navigate({ search: { q: term, ...search }, resetScroll: false })}
          offlineMessage={t('search.offline')}
          notice={suggestion ? <DidYouMean term={suggestion} /> : null}
          emptyText={activeFilterCount(state) ? undefined : t('search.empty', { term })}
          empty={nothingFound ? <SearchHelp /> : null}
        />
      ) : (
        <SearchHelp />
      )}
    </div>
  );
}

/** "Did you mean rolex?", the suggestion a link to its own results. */
function DidYouMean({ term }: { term: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const [before = '', after = ''] = t('search.didYouMean', { term: '\u0000' }).split('\u0000');
  return (
    <p className="search-page__did-you-mean">
      {before}
      <Link to="/$store/search" params={{ store }} search={{ q: term }} className="search-page__suggestion">
        {term}
      </Link>
      {after}
    </p>
  );
}

/** Where to go from a search that found nothing: the popular categories, and the shop's specialists. */
function SearchHelp() {
  const { t } = useTranslation();
  const store = useStore();
  const categories = useCategories(store);
  const popular = popularCategories(categories.data ?? []);
  return (
    <section className="search-help" aria-labelledby="search-help-title">
      <h2 id="search-help-title" className="search-help__title">
        {t('search.popular')}
      </h2>
      <ul className="search-help__categories">
        {popular.map((category) => (
          <li key={category.id}>
            <Link to="/$store/$" params={{ store, _splat: category.url_path }} search={{}} className="chip chip--thumbnail">
              <ProductImage src={category.thumbnail ?? category.image} alt="" size="cart" className="chip__thumbnail" />
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className="search-help__contact">
        {t('search.help')}{' '}
        <Link to="/$store/contacts" params={{ store }}>
          {t('search.contact')}
        </Link>
      </p>
    </section>
  );
}
