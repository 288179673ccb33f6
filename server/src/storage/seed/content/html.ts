/** Tiny builders for the demo content's HTML (the tags the content sanitiser keeps; no classes, no styles). */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text with `**strong**` marks and `[label](/path)` links turned into HTML; everything else escaped. */
export function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => `<a href="${href}">${label}</a>`);
}

export const p = (text: string) => `<p>${inline(text)}</p>`;
export const h2 = (text: string) => `<h2>${escapeHtml(text)}</h2>`;
export const h3 = (text: string) => `<h3>${escapeHtml(text)}</h3>`;
export const ul = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`;
export const quote = (text: string) => `<blockquote><p>${inline(text)}</p></blockquote>`;

/** A content picture in a body, at the page column's width. */
export function figure(name: string, alt: string, caption?: string): string {
  const img = `<img src="/media/content/${name}?size=744" alt="${escapeHtml(alt)}" width="744" height="419">`;
  return `<figure>${img}${caption ? `<figcaption>${inline(caption)}</figcaption>` : ''}</figure>`;
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const th = head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

export const html = (...parts: readonly string[]) => parts.join('\n');
