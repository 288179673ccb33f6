/**
 * The developers' mailbox as plain server-rendered HTML: a list of the outbox and one mail. Everything from a mail is
 * escaped; addresses in the text become links so a reset link can be followed; an HTML body is shown in a
 * sandboxed frame (no scripts), never inline.
 */
import type { OutboxMail } from './outbox.repository.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Turns http(s) addresses and site paths (/nl/...) into links; everything else is escaped. */
export function linkify(text: string): string {
  const pattern = /(https?:\/\/[^\s<>"']+|(?<=^|\s)\/[A-Za-z0-9][^\s<>"']*)/g;
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #f5f5f7; }
  header { background: #1d1d1f; color: #fff; padding: 12px 24px; display: flex; gap: 24px; align-items: center; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  main { max-width: 960px; margin: 24px auto; padding: 0 16px; }
  form { margin-bottom: 16px; display: flex; gap: 8px; }
  input { flex: 1; padding: 6px 10px; font: inherit; }
  button { padding: 6px 14px; font: inherit; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
  th { font-size: 13px; color: #6e6e73; font-weight: 600; }
  td.when { white-space: nowrap; color: #6e6e73; font-size: 13px; }
  .status { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #e5e5ea; }
  .status.sent { background: #d1f2d8; } .status.failed { background: #fbd5d5; }
  article { background: #fff; padding: 16px 20px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { color: #6e6e73; } dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; font: 14px/1.5 ui-monospace, monospace; background: #fafafa; padding: 12px; }
  iframe { width: 100%; height: 480px; border: 1px solid #e5e5ea; background: #fff; }
  .empty { padding: 24px; background: #fff; color: #6e6e73; }`;

/** Pages that show mail content: nothing runs, nothing loads from elsewhere except images. */
export const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self'; form-action 'self'; base-uri 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><a href="/dev/mailbox">Developers' mailbox</a><span>Every e-mail the shop sent, newest first</span></header>
<main>${body}</main></body></html>`;
}

function status(mail: OutboxMail): string {
  const retry = mail.status === 'queued' && mail.nextAttemptAt ? ` · retry ${mail.attempts + 1} at ${mail.nextAttemptAt.slice(11, 16)} UTC` : '';
  const title = mail.status === 'kept' ? 'Kept in the outbox only: no SMTP_URL was set when it was written' : (mail.error ?? '');
  return `<span class="status ${mail.status}" title="${escapeHtml(title)}">${mail.status}${escapeHtml(retry)}</span>`;
}

export function mailboxListPage(mails: OutboxMail[], to: string): string {
  const filter = `<form method="get" action="/dev/mailbox"><input type="search" name="to" placeholder="Filter by recipient, e.g. jane@example.com" value="${escapeHtml(to)}"><button type="submit">Filter</button></form>`;
  if (!mails.length) return page("Developers' mailbox", `${filter}<p class="empty">${to ? `No mail to ${escapeHtml(to)} yet.` : 'No mail sent yet.'}</p>`);
  const rows = mails
    .map(
      (mail) =>
        `<tr><td class="when">${escapeHtml(mail.createdAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(mail.to)}</td>` +
        `<td><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject || '(no subject)')}</a>${mail.attachments.length ? ` <span title="attachments">📎 ${mail.attachments.length}</span>` : ''}</td><td>${escapeHtml(mail.kind)}</td><td>${status(mail)}</td></tr>`,
    )
    .join('\n');
  return page("Developers' mailbox", `${filter}<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Kind</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`);
}

export function mailboxMailPage(mail: OutboxMail): string {
  const frame = mail.html
    ? `<h3>HTML version</h3><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="HTML version" srcdoc="${escapeHtml(`<base target="_blank">${mail.html}`)}"></iframe>`
    : '';
  const error = mail.error ? `<dt>Error</dt><dd>${escapeHtml(mail.error)}</dd>` : '';
  const files = mail.attachments.length
    ? `<dt>Attachments</dt><dd>${mail.attachments
        .map((file, n) => `<a href="/api/dev/mailbox/${mail.id}/attachments/${n}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType.split(';')[0] ?? '')}, ${Buffer.byteLength(file.content)} bytes)`)
        .join('<br>')}</dd>`
    : '';
  return page(
    mail.subject || 'Mail',
    `<p><a href="/dev/mailbox">← All mail</a></p><article><h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent</dt><dd>${escapeHtml(mail.createdAt)}</dd><dt>Kind</dt><dd>${escapeHtml(mail.kind)}</dd><dt>Status</dt><dd>${status(mail)}</dd>${error}${files}</dl>
<pre>${linkify(mail.text)}</pre>${frame}</article>`,
  );
}
