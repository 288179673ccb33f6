/**
 * The magazine's door (issue 18; spec 2 §2): every address under `/{store}/magazine/` comes here and is read by
 * parseMagazinePath: the index, `category/{name}`, `search/{query}`, `{year}/{month}/{name}` (a post), else not found.
 * The route query carries the page (`?page=2`) and a tag (`?tag=`). The magazine's texts load with it.
 */
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadNamespace, useTranslation } from '../../app/i18n.ts';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { MagazineListPage } from './magazine-list-page.tsx';
import { pageNumber, parseMagazinePath } from './magazine-path.ts';
import { MagazinePostPage } from './magazine-post-page.tsx';
import { useMagazineTexts } from './magazine-texts.ts';

export default function MagazineRoute() {
  const { _splat = '' } = useParams({ strict: false }) as { _splat?: string };
  const search = useSearch({ strict: false }) as Record<string, string | undefined>;
  const { i18n } = useTranslation();
  const ready = useMagazineTexts();
  // The breadcrumbs, product cards and the search rule's message are the catalogue's texts.
  useEffect(() => {
    void loadNamespace('catalogue');
  }, []);
  const catalogueReady = i18n.hasResourceBundle(i18n.language, 'catalogue');
  const page = parseMagazinePath(_splat);
  if (page.kind === 'notFound') return <NotFoundPage />;
  if (!ready || !catalogueReady) return <div className="container magazine-pending" aria-busy="true" />;
  if (page.kind === 'post') return <MagazinePostPage key={`${page.year}/${page.month}/${page.name}`} year={page.year} month={page.month} name={page.name} />;
  const tag = page.kind === 'index' && search.tag ? search.tag : undefined;
  return <MagazineListPage key={`${page.kind}:${'name' in page ? page.name : ''}${'query' in page ? page.query : ''}`} page={page} pageNumber={pageNumber(search.page)} tag={tag} />;
}
