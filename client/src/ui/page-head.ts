/**
 * What a page tells browsers and search engines about itself (issue 18): its title, meta description, canonical
 * address, `hreflang` links to the same page in the other stores, and structured data (JSON-LD). The tags are kept in
 * `<head>` while the page is shown and removed when it goes, so one page's tags never describe the next.
 */
import type { StoreCode } from '@shop/shared';
import { STORE_VIEWS } from '@shop/shared/stores/stores';
import { useEffect } from 'react';
import { headOnServer, onServer, shopOrigin } from '../app/server-pass.ts';

export interface PageHead {
  /** The page's own title; the shop's name is added after it. */
  title?: string | undefined;
  description?: string | undefined;
  /** Store-relative path of this page (`i/over-ons`), for the canonical link; query and hash are never part of it. */
  path?: string | undefined;
  store: StoreCode;
  /** The same page in other stores (store-relative paths); this store's own path is added. */
  alternates?: readonly { store: StoreCode; path: string }[] | undefined;
  /** Structured data, one JSON-LD script per object. */
  jsonLd?: readonly object[] | undefined;
  /** A `robots` meta tag, e.g. 'noindex' for a page search engines should not list (search results). */
  robots?: string | undefined;
}

const MARK = 'data-page-head';

/** The absolute address of a store-relative path (the request's origin when the server renders the page). */
export function absolute(store: StoreCode, path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `${shopOrigin()}/${store}${clean ? `/${clean}` : ''}`;
}

function add(tag: string, attributes: Record<string, string>, text?: string): void {
  const element = document.createElement(tag);
  element.setAttribute(MARK, '');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  document.head.append(element);
}

/** The page shown now's counterparts in the other stores (its head's alternates), for the languages modal. */
let shownAlternates: readonly { store: StoreCode; path: string }[] = [];

/** The store-relative path of the page shown now in `store`, when its head names one (a CMS page's counterpart). */
export function shownPageIn(store: StoreCode): string | null {
  return shownAlternates.find((alternate) => alternate.store === store)?.path ?? null;
}

/** Writes the head of a page; `siteName` ends the title. Returns the function that takes it away again. */
export function writePageHead(head: PageHead, siteName: string): () => void {
  const previousTitle = document.title;
  document.title = head.title ? `${head.title} | ${siteName}` : siteName;
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  const previousDescription = description?.content;
  if (head.description) {
    if (description) description.content = head.description;
    else add('meta', { name: 'description', content: head.description });
  }
  if (head.path !== undefined) {
    add('link', { rel: 'canonical', href: absolute(head.store, head.path) });
    const alternates = [{ store: head.store, path: head.path }, ...(head.alternates ?? []).filter((alternate) => alternate.store !== head.store)];
    if (alternates.length > 1) {
      for (const alternate of alternates) add('link', { rel: 'alternate', hreflang: STORE_VIEWS[alternate.store].i18n.language, href: absolute(alternate.store, alternate.path) });
    }
  }
  if (head.robots) add('meta', { name: 'robots', content: head.robots });
  for (const data of head.jsonLd ?? []) add('script', { type: 'application/ld+json' }, JSON.stringify(data).replace(/</g, '\\u003c'));
  const alternates = head.alternates ?? [];
  shownAlternates = alternates;
  return () => {
    if (shownAlternates === alternates) shownAlternates = [];
    for (const element of document.head.querySelectorAll(`[${MARK}]`)) element.remove();
    if (description && previousDescription !== undefined) description.content = previousDescription;
    document.title = previousTitle;
  };
}

export function usePageHead(head: PageHead | null, siteName: string): void {
  const key = head ? JSON.stringify(head) : '';
  if (onServer && head) headOnServer(head, siteName);
  useEffect(() => {
    if (!head) return;
    return writePageHead(head, siteName);
    // The head is compared by value: a new object with the same content writes nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, siteName]);
}
