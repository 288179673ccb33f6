/**
 * The index's paging: its first page opens with the lead story (the newest post) above a full grid, so it holds one
 * post more than the others; a category, tag or search page is a plain grid of POSTS_PER_PAGE.
 */
import { POSTS_PER_PAGE } from './magazine-path.ts';

export interface PostsWindow {
  from: number;
  size: number;
}

/** Which posts a page shows (`from`, `size` of the posts query). */
export function postsWindow(page: number, withLead: boolean): PostsWindow {
  if (!withLead) return { from: (page - 1) * POSTS_PER_PAGE, size: POSTS_PER_PAGE };
  if (page === 1) return { from: 0, size: POSTS_PER_PAGE + 1 };
  return { from: POSTS_PER_PAGE + 1 + (page - 2) * POSTS_PER_PAGE, size: POSTS_PER_PAGE };
}

/** How many pages `total` posts make (at least 1). */
export function pageCount(total: number, withLead: boolean): number {
  const first = withLead ? POSTS_PER_PAGE + 1 : POSTS_PER_PAGE;
  if (total <= first) return 1;
  return 1 + Math.ceil((total - first) / POSTS_PER_PAGE);
}
