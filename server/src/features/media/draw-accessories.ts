/** Watch accessories: a spare strap with its buckle, and a watch winder box. */
import type { StrapImage, View, WatchImage, WinderImage } from './product-image.ts';
import { METAL_PALETTES, STRAP_BASE, WINDER_BASE, metalFill } from './palettes.ts';
import { watchFront } from './draw-watch.ts';
import { type Canvas, darken, el, ellipsePath, fmt, group, lighten, linearGradient, radialGradient, softShadow } from './svg-kit.ts';

function strapSurface(canvas: Canvas, p: StrapImage): string {
  if (p.strap === 'bracelet' || p.strap === 'mesh') return metalFill(canvas, p.metal === 'twotone' ? 'steel' : p.metal, 'horizontal');
  const base = STRAP_BASE[p.strapColour];
  return canvas.define(`spare-${p.strap}`, (id) =>
    linearGradient(id, [
      [0, darken(base, 0.4)],
      [0.14, base],
      [0.5, lighten(base, 0.1)],
      [0.86, base],
      [1, darken(base, 0.4)],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
}

/** One piece of strap running down from (cx, top) to `bottom`, rounded or pointed at the free end. */
function strapPiece(canvas: Canvas, p: StrapImage, cx: number, top: number, bottom: number, halfTop: number, halfBottom: number, holes: boolean): string {
  const base = STRAP_BASE[p.strapColour];
  const edge = p.strap === 'bracelet' || p.strap === 'mesh' ? METAL_PALETTES[p.metal === 'twotone' ? 'steel' : p.metal].dark : darken(base, 0.45);
  const tip = holes ? halfBottom * 1.3 : halfBottom * 0.6;
  const d = `M${fmt(cx - halfTop)} ${fmt(top)}L${fmt(cx - halfBottom)} ${fmt(bottom - tip)}Q${fmt(cx - halfBottom)} ${fmt(bottom)} ${fmt(cx)} ${fmt(bottom)}Q${fmt(cx + halfBottom)} ${fmt(bottom)} ${fmt(cx + halfBottom)} ${fmt(bottom - tip)}L${fmt(cx + halfTop)} ${fmt(top)}Z`;
  const parts = [el('path', { d, fill: strapSurface(canvas, p), stroke: edge, 'stroke-width': 1.5 })];
  if (p.strap === 'bracelet') {
    for (let y = top + 36; y < bottom - 20; y += 36) parts.push(el('line', { x1: cx - halfTop + 4, y1: y, x2: cx + halfTop - 4, y2: y, stroke: edge, 'stroke-width': 2 }));
    parts.push(el('line', { x1: cx - halfTop * 0.35, y1: top, x2: cx - halfBottom * 0.35, y2: bottom - 20, stroke: edge, 'stroke-width': 1.5 }));
    parts.push(el('line', { x1: cx + halfTop * 0.35, y1: top, x2: cx + halfBottom * 0.35, y2: bottom - 20, stroke: edge, 'stroke-width': 1.5 }));
  } else if (p.strap === 'mesh') {
    const mesh = canvas.define('spare-mesh', (id) =>
      el('pattern', { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse' }, el('path', { d: 'M0 6L6 0', stroke: '#ffffff', 'stroke-opacity': 0.35 }), el('path', { d: 'M0 0L6 6', stroke: '#000000', 'stroke-opacity': 0.15 })),
    );
    parts.push(el('path', { d, fill: mesh }));
  } else if (p.strap === 'leather') {
    const stitch = p.strapColour === 'black' || p.strapColour === 'blue' || p.strapColour === 'green' ? '#d6d0c4' : lighten(base, 0.55);
    parts.push(el('path', { d: `M${fmt(cx - halfTop + 10)} ${fmt(top + 4)}L${fmt(cx - halfBottom + 10)} ${fmt(bottom - tip)}Q${fmt(cx - halfBottom + 10)} ${fmt(bottom - 10)} ${fmt(cx)} ${fmt(bottom - 10)}Q${fmt(cx + halfBottom - 10)} ${fmt(bottom - 10)} ${fmt(cx + halfBottom - 10)} ${fmt(bottom - tip)}L${fmt(cx + halfTop - 10)} ${fmt(top + 4)}`, fill: 'none', stroke: stitch, 'stroke-width': 2, 'stroke-dasharray': '8 5', 'stroke-opacity': 0.85 }));
  } else if (p.strap === 'rubber') {
    for (let y = top + 30; y < bottom - 40; y += 28) parts.push(el('line', { x1: cx - halfTop + 14, y1: y, x2: cx + halfTop - 14, y2: y, stroke: darken(base, 0.5), 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-opacity': 0.7 }));
  } else if (p.strap === 'textile') {
    const stripe = p.strapColour === 'white' ? '#1f3558' : lighten(base, 0.45);
    for (const side of [-1, 1]) parts.push(el('line', { x1: cx + side * halfTop * 0.42, y1: top, x2: cx + side * halfBottom * 0.42, y2: bottom - tip, stroke: stripe, 'stroke-width': 9, 'stroke-opacity': 0.85 }));
  }
  if (holes && p.strap !== 'bracelet' && p.strap !== 'mesh') {
    for (let i = 0; i < 6; i++) parts.push(el('ellipse', { cx, cy: bottom - 120 - i * 34, rx: 6, ry: 5, fill: darken(base, 0.7), stroke: lighten(base, 0.25), 'stroke-width': 1 }));
  }
  const bar = metalFill(canvas, 'steel', 'vertical');
  parts.push(el('rect', { x: cx - halfTop - 8, y: top - 5, width: halfTop * 2 + 16, height: 10, rx: 5, fill: bar, stroke: '#676e77', 'stroke-width': 1 }));
  return parts.join('');
}

function buckle(canvas: Canvas, p: StrapImage, cx: number, y: number, half: number): string {
  const metal = p.metal === 'twotone' ? 'steel' : p.metal;
  const palette = METAL_PALETTES[metal];
  const frame = `M${fmt(cx - half - 10)} ${fmt(y)}V${fmt(y + 40)}Q${fmt(cx - half - 10)} ${fmt(y + 78)} ${fmt(cx)} ${fmt(y + 78)}Q${fmt(cx + half + 10)} ${fmt(y + 78)} ${fmt(cx + half + 10)} ${fmt(y + 40)}V${fmt(y)}`;
  return [
    el('path', { d: frame, fill: 'none', stroke: palette.dark, 'stroke-width': 16, 'stroke-linecap': 'round' }),
    el('path', { d: frame, fill: 'none', stroke: metalFill(canvas, metal, 'horizontal'), 'stroke-width': 11, 'stroke-linecap': 'round' }),
    el('line', { x1: cx, y1: y - 4, x2: cx, y2: y + 82, stroke: palette.dark, 'stroke-width': 8, 'stroke-linecap': 'round' }),
    el('line', { x1: cx, y1: y - 4, x2: cx, y2: y + 82, stroke: palette.light, 'stroke-width': 4.5, 'stroke-linecap': 'round' }),
    el('rect', { x: cx - half - 6, y: y - 40, width: half * 2 + 12, height: 22, rx: 5, fill: strapSurface(canvas, p), stroke: darken(STRAP_BASE[p.strapColour], 0.45), 'stroke-width': 1.2 }),
  ].join('');
}

function strapPair(canvas: Canvas, p: StrapImage): string {
  return [
    softShadow(canvas, 300, 620, 90, 20, 0.14),
    softShadow(canvas, 500, 730, 90, 20, 0.14),
    strapPiece(canvas, p, 300, 120, 520, 48, 42, false),
    p.strap === 'bracelet' ? '' : buckle(canvas, p, 300, 500, 42),
    strapPiece(canvas, p, 500, 160, 710, 48, 40, true),
  ].join('');
}

export function drawStrap(canvas: Canvas, p: StrapImage, view: View): string {
  if (view === 2 || view === 4) return group({ transform: 'translate(400 400) scale(2.2) translate(-300 -540)' }, strapPair(canvas, p));
  if (view === 3) return group({ transform: 'rotate(-18 400 420)' }, strapPair(canvas, p));
  return strapPair(canvas, p);
}

function winderFinish(canvas: Canvas, finish: WinderImage['finish'], face: 'front' | 'top' | 'side'): string {
  const base = WINDER_BASE[finish];
  const shade = face === 'front' ? 0 : face === 'top' ? -0.12 : 0.22;
  const colour = shade < 0 ? lighten(base, -shade) : darken(base, shade);
  const gradient = canvas.define(`winder-${face}`, (id) =>
    linearGradient(id, [
      [0, lighten(colour, 0.12)],
      [0.5, colour],
      [1, darken(colour, 0.15)],
    ]),
  );
  return gradient;
}

function winderTexture(canvas: Canvas, finish: WinderImage['finish'], d: string): string {
  if (finish === 'walnut') {
    const grain = canvas.define('grain', (id) =>
      el(
        'pattern',
        { id, width: 140, height: 24, patternUnits: 'userSpaceOnUse' },
        el('path', { d: 'M0 6Q35 2 70 7T140 6M0 15Q40 19 80 14T140 16', fill: 'none', stroke: '#2e1a0d', 'stroke-opacity': 0.25, 'stroke-width': 1.4 }),
      ),
    );
    return el('path', { d, fill: grain });
  }
  if (finish === 'carbon') {
    const weave = canvas.define('carbon', (id) =>
      el(
        'pattern',
        { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse' },
        el('rect', { width: 6, height: 6, fill: '#3a3b40' }),
        el('rect', { x: 6, y: 6, width: 6, height: 6, fill: '#3a3b40' }),
      ),
    );
    return el('path', { d, fill: weave, opacity: 0.7 });
  }
  return '';
}

function winderBox(canvas: Canvas, p: WinderImage): string {
  const front = 'M170 300H630V700H170Z';
  const top = 'M170 300L214 236H674L630 300Z';
  const side = 'M630 300L674 236V630L630 700Z';
  const metal = p.metal === 'twotone' ? 'steel' : p.metal;
  const palette = METAL_PALETTES[metal];
  const drumClip = canvas.define('drum', (id) => el('clipPath', { id }, el('circle', { cx: 400, cy: 490, r: 132 })));
  const velvet = canvas.define('velvet', (id) =>
    radialGradient(id, [
      [0, '#3a3540'],
      [1, '#111014'],
    ]),
  );
  const watch: WatchImage = { kind: 'watch', sku: `${p.sku}-watch`, n: 1, metal, dial: 'blue', shape: 'round', numerals: 'index', strap: 'leather', strapColour: 'black' };
  const cushion = canvas.define('cushion', (id) =>
    linearGradient(id, [
      [0, '#4b4650'],
      [1, '#1e1c22'],
    ], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
  return [
    softShadow(canvas, 420, 712, 260, 26, 0.25),
    el('path', { d: front, fill: winderFinish(canvas, p.finish, 'front'), stroke: darken(WINDER_BASE[p.finish], 0.4), 'stroke-width': 1.5 }),
    winderTexture(canvas, p.finish, front),
    el('path', { d: top, fill: winderFinish(canvas, p.finish, 'top'), stroke: darken(WINDER_BASE[p.finish], 0.4), 'stroke-width': 1.5 }),
    winderTexture(canvas, p.finish, top),
    el('path', { d: side, fill: winderFinish(canvas, p.finish, 'side'), stroke: darken(WINDER_BASE[p.finish], 0.4), 'stroke-width': 1.5 }),
    el('circle', { cx: 400, cy: 490, r: 150, fill: metalFill(canvas, metal), stroke: palette.dark, 'stroke-width': 1.5 }),
    el('circle', { cx: 400, cy: 490, r: 132, fill: velvet }),
    group(
      { 'clip-path': drumClip },
      el('path', { d: 'M326 400Q400 386 474 400V590Q400 604 326 590Z', fill: cushion }),
      group({ transform: 'translate(400 490) scale(0.34) translate(-400 -400)' }, watchFront(canvas, watch, 10)),
      el('path', { d: ellipsePath(360, 430, 150, 70), fill: '#ffffff', opacity: 0.08 }),
    ),
    el('circle', { cx: 590, cy: 670, r: 6, fill: '#7ad18f', stroke: '#2b5e38', 'stroke-width': 1 }),
    el('rect', { x: 330, y: 664, width: 140, height: 14, rx: 3, fill: metalFill(canvas, metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1 }),
  ].join('');
}

export function drawWinder(canvas: Canvas, p: WinderImage, view: View): string {
  if (view === 2 || view === 4) return group({ transform: 'translate(400 400) scale(1.9) translate(-400 -490)' }, winderBox(canvas, p));
  if (view === 3) return group({ transform: 'translate(400 420) scale(1.3) translate(-420 -470)' }, winderBox(canvas, p));
  return winderBox(canvas, p);
}
