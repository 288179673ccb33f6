/** Bodies keep what a magazine needs and lose everything that could run in a shopper's browser. */
import { describe, expect, it } from 'vitest';
import { plainText, sanitizeBody } from './content.sanitize.ts';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src="/media/content/a.svg" onerror="alert(1)">',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle/></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<style>body{background:red}</style><link rel=stylesheet href=x>',
  '<img src="//evil.example/x.png"><img src="http://plain.example/x.png"><img src="data:image/png;base64,AAAA">',
  '<!--<script>alert(1)</script>--><p>after</p>',
];

describe('sanitizeBody', () => {
  it('keeps headings, text, lists, quotes, figures, pictures, rules, tables and safe links', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>' +
      '<figure><img src="/media/content/a.svg?size=744" alt="a" width="744" height="400"><figcaption>c</figcaption></figure><hr>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
      '<p><a href="https://example.com">w</a> <a href="mailto:shop@example.com">m</a> <a href="tel:+31201234567">t</a> <a href="/nl/i/over-ons">s</a></p>';
    expect(sanitizeBody(html)).toBe(
      '<h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>' +
        '<figure><img alt="a" width="744" height="400" src="/media/content/a.svg?size=744" /><figcaption>c</figcaption></figure><hr />' +
        '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
        '<p><a href="https://example.com">w</a> <a href="mailto:shop@example.com">m</a> <a href="tel:+31201234567">t</a> <a href="/nl/i/over-ons">s</a></p>',
    );
    expect(sanitizeBody('<h1>T</h1><h6>x</h6>')).toBe('<h2>T</h2><h4>x</h4>');
  });

  it('removes scripts, event handlers, styles, frames and script addresses, in HTML and in Markdown', () => {
    for (const hostile of HOSTILE) {
      for (const format of ['html', 'markdown'] as const) {
        const clean = sanitizeBody(hostile, format);
        expect(clean, `${format}: ${hostile}`).not.toMatch(/<script|<iframe|<svg|<style|<form|<object|<embed|<link|\son\w+=|javascript:|data:|style=|\/\/evil|http:\/\/plain/i);
      }
    }
    expect(sanitizeBody('[x](javascript:alert(1)) ![p](https://example.com/p.jpg)', 'markdown')).toBe('<p><a>x</a> <img alt="p" src="https://example.com/p.jpg" /></p>');
  });

  it('is stable: sanitising clean HTML again changes nothing', () => {
    for (const hostile of HOSTILE) expect(sanitizeBody(sanitizeBody(hostile))).toBe(sanitizeBody(hostile));
  });
});

describe('plainText', () => {
  it('removes tags and script contents and keeps the characters', () => {
    expect(plainText('Quick delivery. <script>alert(1)</script><b>Great</b>')).toBe('Quick delivery. Great');
    expect(plainText('5 < 6 & "fine" it\'s')).toBe('5 < 6 & "fine" it\'s');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).not.toMatch(/<script/i);
  });
});
