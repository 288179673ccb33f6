/**
 * Home page banners: abstract and calm, with no text in them because the client lays translated text over the
 * left part, which is kept quiet for that reason.
 */
import { glint, stoneTop } from './draw-stones.ts';
import { type Canvas, blurFilter, createCanvas, el, ellipsePath, fmt, group, linearGradient, polar, radialGradient, svgDocument } from './svg-kit.ts';

export const BANNER_KINDS = ['dial', 'sparkle', 'gold-lines'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

export function isBannerKind(value: string): value is BannerKind {
  return (BANNER_KINDS as readonly string[]).includes(value);
}

function dialBanner(canvas: Canvas, width: number, height: number): string {
  const cx = width * 0.76;
  const cy = height * 0.56;
  const r = Math.min(height * 0.78, width * 0.42);
  const sky = canvas.define('sky', (id) =>
    linearGradient(id, [
      [0, '#0a1730'],
      [0.55, '#10264b'],
      [1, '#183a6b'],
    ], { x: 0, y: 0 }, { x: 1, y: 1 }),
  );
  const dial = canvas.define('dial', (id) =>
    radialGradient(id, [
      [0, '#3f69b3'],
      [0.55, '#1d3f7c'],
      [1, '#0d2148'],
    ]),
  );
  const metal = canvas.define('steel', (id) =>
    linearGradient(id, [
      [0, '#f5f6f8'],
      [0.4, '#b5bcc5'],
      [0.6, '#eef0f3'],
      [1, '#8a929c'],
    ]),
  );
  const rays: string[] = [];
  for (let i = 0; i < 180; i++) {
    const end = polar(cx, cy, r, i * 2);
    rays.push(`M${fmt(cx)} ${fmt(cy)}L${fmt(end.x)} ${fmt(end.y)}`);
  }
  const ticks: string[] = [];
  for (let minute = 0; minute < 60; minute++) {
    const a = polar(cx, cy, r * 0.93, minute * 6);
    const b = polar(cx, cy, r * (minute % 5 === 0 ? 0.88 : 0.905), minute * 6);
    ticks.push(`M${fmt(a.x)} ${fmt(a.y)}L${fmt(b.x)} ${fmt(b.y)}`);
  }
  const indices: string[] = [];
  for (let hour = 0; hour < 12; hour++) {
    indices.push(
      el('rect', { x: cx - r * 0.022, y: cy - r * 0.86, width: r * 0.044, height: r * 0.15, rx: r * 0.008, fill: metal, transform: `rotate(${hour * 30} ${fmt(cx)} ${fmt(cy)})` }),
    );
  }
  const rings: string[] = [];
  for (let k = 1; k <= 14; k++) rings.push(el('circle', { cx, cy, r: r * 0.05 * k, fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.035, 'stroke-width': 1 }));
  const hand = (angle: number, length: number, w: number) =>
    el('rect', { x: cx - w / 2, y: cy - length, width: w, height: length + r * 0.12, rx: w / 2, fill: metal, transform: `rotate(${angle} ${fmt(cx)} ${fmt(cy)})` });
  const vignette = canvas.define('vignette', (id) =>
    linearGradient(id, [
      [0, '#07101f', 0.85],
      [0.45, '#07101f', 0.35],
      [0.7, '#07101f', 0],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
  return [
    el('rect', { width, height, fill: sky }),
    el('circle', { cx, cy, r: r * 1.06, fill: metal }),
    el('circle', { cx, cy, r, fill: dial }),
    el('path', { d: rays.join(''), stroke: '#ffffff', 'stroke-opacity': 0.05, 'stroke-width': 1 }),
    ...rings,
    el('path', { d: ticks.join(''), stroke: '#dfe6f2', 'stroke-opacity': 0.8, 'stroke-width': Math.max(1, r / 260) }),
    ...indices,
    hand(304, r * 0.5, r * 0.05),
    hand(54, r * 0.8, r * 0.035),
    el('circle', { cx, cy, r: r * 0.035, fill: metal }),
    el('rect', { width, height, fill: vignette }),
  ].join('');
}

function sparkleBanner(canvas: Canvas, width: number, height: number): string {
  const night = canvas.define('night', (id) =>
    radialGradient(id, [
      [0, '#22305a'],
      [0.6, '#121a36'],
      [1, '#080c1c'],
    ], { x: 0.72, y: 0.5 }, 0.8),
  );
  const bokeh = canvas.define('bokeh', (id) => blurFilter(id, 12));
  const r = Math.min(height * 0.34, width * 0.2);
  const cx = width * 0.72;
  const cy = height * 0.5;
  const dots: string[] = [];
  const glints: string[] = [];
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 0x100000000;
  };
  for (let i = 0; i < 18; i++) {
    dots.push(el('circle', { cx: width * (0.35 + 0.65 * next()), cy: height * next(), r: 8 + next() * 26, fill: '#9fb6ff', opacity: 0.05 + next() * 0.12, filter: bokeh }));
  }
  for (let i = 0; i < 14; i++) {
    const at = polar(cx, cy, r * (1.1 + next() * 1.4), next() * 360);
    glints.push(glint(at.x, at.y, 5 + next() * 14, 0.4 + next() * 0.5));
  }
  const glow = canvas.define('glow', (id) =>
    radialGradient(id, [
      [0, '#cfe0ff', 0.35],
      [1, '#cfe0ff', 0],
    ]),
  );
  return [
    el('rect', { width, height, fill: night }),
    ...dots,
    el('circle', { cx, cy, r: r * 1.9, fill: glow }),
    group({ transform: `rotate(12 ${fmt(cx)} ${fmt(cy)})` }, stoneTop(canvas, 'diamond', 'brilliant', cx, cy, r)),
    glint(cx - r * 0.35, cy - r * 0.4, r * 0.35, 0.95),
    ...glints,
  ].join('');
}

function goldLinesBanner(canvas: Canvas, width: number, height: number): string {
  const paper = canvas.define('paper', (id) =>
    linearGradient(id, [
      [0, '#faf6ee'],
      [1, '#efe5d3'],
    ], { x: 0, y: 0 }, { x: 1, y: 1 }),
  );
  const gold = canvas.define('gold', (id) =>
    linearGradient(id, [
      [0, '#e6c77a'],
      [0.5, '#b8913f'],
      [1, '#8c6a26'],
    ]),
  );
  const cx = width * 0.74;
  const cy = height * 0.52;
  const r = Math.min(height * 0.36, width * 0.22);
  const arcs: string[] = [];
  for (let k = 0; k < 9; k++) arcs.push(el('circle', { cx, cy, r: r * (1.25 + k * 0.22), fill: 'none', stroke: gold, 'stroke-opacity': 0.55 - k * 0.05, 'stroke-width': 1.2 }));
  const waves: string[] = [];
  for (let k = 0; k < 5; k++) {
    const y = height * (0.25 + k * 0.13);
    waves.push(
      el('path', {
        d: `M${fmt(width * 0.3)} ${fmt(y)}C${fmt(width * 0.45)} ${fmt(y - height * 0.12)} ${fmt(width * 0.6)} ${fmt(y + height * 0.12)} ${fmt(width)} ${fmt(y - height * 0.04)}`,
        fill: 'none',
        stroke: gold,
        'stroke-opacity': 0.35,
        'stroke-width': 1,
      }),
    );
  }
  const facets: string[] = [];
  const table = Array.from({ length: 8 }, (_, i) => polar(cx, cy, r * 0.52, i * 45 + 22.5));
  const girdle = Array.from({ length: 8 }, (_, i) => polar(cx, cy, r, i * 45 + 22.5));
  const stars = Array.from({ length: 8 }, (_, i) => polar(cx, cy, r * 0.78, i * 45));
  for (let i = 0; i < 8; i++) {
    const t = table[i];
    const g = girdle[i];
    const s = stars[i];
    const sNext = stars[(i + 1) % 8];
    if (!t || !g || !s || !sNext) continue;
    facets.push(`M${fmt(t.x)} ${fmt(t.y)}L${fmt(s.x)} ${fmt(s.y)}M${fmt(t.x)} ${fmt(t.y)}L${fmt(sNext.x)} ${fmt(sNext.y)}M${fmt(s.x)} ${fmt(s.y)}L${fmt(g.x)} ${fmt(g.y)}L${fmt(sNext.x)} ${fmt(sNext.y)}`);
  }
  const tablePath = `M${table.map((p) => `${fmt(p.x)} ${fmt(p.y)}`).join('L')}Z`;
  return [
    el('rect', { width, height, fill: paper }),
    ...arcs,
    ...waves,
    el('circle', { cx, cy, r, fill: '#fffdf8', stroke: gold, 'stroke-width': 2 }),
    el('path', { d: tablePath + facets.join(''), fill: 'none', stroke: gold, 'stroke-width': 1.4, 'stroke-linejoin': 'round' }),
    el('path', { d: ellipsePath(cx - r * 1.9, cy + r * 0.6, r * 0.55, r * 0.6) + ellipsePath(cx - r * 1.9, cy + r * 0.6, r * 0.45, r * 0.5), fill: 'none', stroke: gold, 'stroke-width': 1.6 }),
  ].join('');
}

/** An SVG banner of the given pixel size (100..4000 each way). */
export function renderBanner(kind: BannerKind, width: number, height: number): string {
  const w = Math.round(Math.min(4000, Math.max(100, width)));
  const h = Math.round(Math.min(4000, Math.max(100, height)));
  const canvas = createCanvas(`banner/${kind}/${w}x${h}`);
  const body = kind === 'dial' ? dialBanner(canvas, w, h) : kind === 'sparkle' ? sparkleBanner(canvas, w, h) : goldLinesBanner(canvas, w, h);
  return svgDocument(w, h, canvas, [body], { preserveAspectRatio: 'xMidYMid slice' });
}
