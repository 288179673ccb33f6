/**
 * A CMS block placed on a page (issue 18 item 8): the home page's story, a category's story, the trade-in and store
 * locator intros. Asked through the list call (`cms_block` with the identifier), which answers an empty list when the
 * store has no such block: a page without its block simply shows none (no error, no 404 in the console). Offline, a
 * block read before comes from the worker's cache; one never read shows nothing.
 */
import type { StoreCode } from '@shop/shared';
import type { CmsBlock as CmsBlockData } from '@shop/shared/content/content.schema';
import { apiGet } from '../../app/api.ts';
import { cached, useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { contentUrl, loadContent } from './content-api.ts';
import { CmsHtml } from './cms-html.tsx';

export interface CmsBlockProps {
  /** The block's identifier (the same in each store). */
  identifier?: string | undefined;
  /** A block by its id (a category's `landing_page`); shown only when it is this store's block. */
  blockId?: number | null | undefined;
  /** Used when neither names a block of this store. */
  fallbackIdentifier?: string | undefined;
  className?: string;
  /** Names the region for assistive technology (a landmark only when named). */
  label?: string;
}

function loadBlockById(id: number): Promise<CmsBlockData> {
  const url = `/api/ext/cms-data/cmsBlock/${id}`;
  return cached(url, () => apiGet<CmsBlockData>(url));
}

const byIdKey = (id: number) => `cms-block-id:${id}`;

/**
 * Loads the block a page will show before the page is drawn (a route's loader), so it is there on the first paint
 * instead of arriving later and pushing the page down. Never fails: a block that cannot be had is simply not shown.
 */
export async function preloadCmsBlock(store: StoreCode, { identifier, blockId, fallbackIdentifier }: Pick<CmsBlockProps, 'identifier' | 'blockId' | 'fallbackIdentifier'>): Promise<void> {
  let wanted = identifier;
  if (!wanted && blockId) {
    const own = await cached(byIdKey(blockId), () => loadBlockById(blockId)).then(
      (block) => block.store === store && block.active,
      () => false,
    );
    if (own) return;
  }
  wanted ??= fallbackIdentifier;
  if (wanted) await loadContent('cms_block', store, { identifier: wanted }).catch(() => undefined);
}

export function CmsBlock({ identifier, blockId, fallbackIdentifier, className = '', label }: CmsBlockProps) {
  const store = useStore();
  const byId = useResource(blockId ? byIdKey(blockId) : null, () => loadBlockById(blockId!));
  const ownById = byId.data && byId.data.store === store && byId.data.active ? byId.data : null;
  // The identifier's block, or (once the id's block is known not to be this store's) the fallback's.
  const wanted = identifier ?? (blockId && !byId.error && !byId.data ? null : fallbackIdentifier);
  const listUrl = wanted && !ownById ? contentUrl('cms_block', store, { identifier: wanted }) : null;
  const list = useResource(listUrl, () => loadContent('cms_block', store, { identifier: wanted! }));
  const block = ownById ?? list.data?.items.find((item) => item.identifier === wanted && item.active);
  if (!block || !block.content.trim()) return null;
  return (
    <section className={`cms-block ${className}`.trim()} data-cms-block={block.identifier} aria-label={label}>
      <CmsHtml html={block.content} />
    </section>
  );
}

export default CmsBlock;
