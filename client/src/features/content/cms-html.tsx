/**
 * Rich text of the CMS (a page's or block's content): HTML the server sanitised at import (brief: only these fields
 * are rendered as HTML), set in the shop's typographic "prose" style. A click on a link to another page of the shop
 * stays in the app (client-side navigation), as the shop's own links do; other links behave as links.
 */
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import './content.css';

/** The in-app address a click on this link should open, or null when the browser should follow it itself. */
export function inAppHref(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>, anchor: HTMLAnchorElement, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(href, origin);
  if (url.origin !== origin) return null;
  // The server's own addresses (the API, pictures, documents) are no page of the app.
  if (/^\/(api|media|documentation|dev|sandbox-pay|sitemap\.xml|robots\.txt)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function CmsHtml({ html, className = '' }: { html: string; className?: string }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (!anchor) return;
    const href = inAppHref(event, anchor, window.location.origin);
    if (href === null) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  // The content is sanitised HTML from the shop's own content store (sanitised at import on the server).
  return <div className={`prose ${className}`.trim()} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
