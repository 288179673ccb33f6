/** Rings, earrings, necklaces, bracelets and jewellery sets, in four views; rings, bracelets and necklaces also worn. */
import type { Cut, JewelleryImage, Metal, Stone, View, WornView } from './product-image.ts';
import { FINGERS, hand, neckline, wrist, wristShade } from './draw-worn.ts';
import { METAL_PALETTES, metalFill, shadedMetalFill } from './palettes.ts';
import { claws, outlineUnit, paveStone, pearl, stoneProfile, stoneTop } from './draw-stones.ts';
import {
  type Canvas,
  type Point,
  darken,
  el,
  ellipsePath,
  fmt,
  group,
  linearGradient,
  polygonPath,
  radialGradient,
  softShadow,
} from './svg-kit.ts';

// ---------------------------------------------------------------- shared pieces

/** A band seen from the front and a little above: front face, top edge and the inside of the far side. */
function band3d(canvas: Canvas, metal: Metal, cx: number, cy: number, rx: number, ry: number, thickness: number, depth: number, name: string): string {
  const palette = METAL_PALETTES[metal];
  const rxIn = rx - thickness;
  const ryIn = ry - thickness;
  const backClip = canvas.define(`${name}-back`, (id) => el('clipPath', { id }, el('ellipse', { cx, cy: cy - depth, rx: rxIn, ry: ryIn })));
  const mask = canvas.define(`${name}-hole`, (id) =>
    el(
      'mask',
      { id, maskUnits: 'userSpaceOnUse', x: -400, y: -400, width: 1600, height: 1600 },
      el('rect', { x: -400, y: -400, width: 1600, height: 1600, fill: '#ffffff' }),
      el('ellipse', { cx, cy, rx: rxIn, ry: ryIn, fill: '#000000', 'clip-path': backClip }),
    ),
  );
  const inner = canvas.define(`band-inner-${metal}`, (id) =>
    linearGradient(id, [
      [0, darken(palette.dark, 0.25)],
      [0.6, palette.mid],
      [1, palette.light],
    ], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
  return group(
    { mask },
    el('ellipse', { cx, cy: cy - depth, rx, ry, fill: shadedMetalFill(canvas, metal), stroke: palette.dark, 'stroke-width': 1.2 }),
    el('path', { d: ellipsePath(cx, cy, rx, ry) + ellipsePath(cx, cy, rxIn, ryIn), 'fill-rule': 'evenodd', fill: metalFill(canvas, metal, 'diagonal'), stroke: palette.dark, 'stroke-width': 1.2 }),
    el('ellipse', { cx, cy, rx: rxIn, ry: ryIn, fill: inner, stroke: palette.dark, 'stroke-width': 1 }),
    el('path', { d: `M${fmt(cx - rx + 3)} ${fmt(cy)}A${fmt(rx - 3)} ${fmt(ry - 3)} 0 0 1 ${fmt(cx)} ${fmt(cy - ry + 3)}`, fill: 'none', stroke: palette.highlight, 'stroke-opacity': 0.8, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
  );
}

function metalBall(canvas: Canvas, metal: Metal, cx: number, cy: number, r: number): string {
  const palette = METAL_PALETTES[metal];
  const fill = canvas.define(`ball-${metal}`, (id) =>
    radialGradient(id, [
      [0, palette.highlight],
      [0.35, palette.light],
      [0.75, palette.mid],
      [1, palette.dark],
    ], { x: 0.38, y: 0.34 }, 0.7),
  );
  return el('circle', { cx, cy, r, fill, stroke: palette.dark, 'stroke-width': Math.max(0.6, r / 40) });
}

interface Sample {
  x: number;
  y: number;
  angle: number;
}

/** Points at equal distances along a curve, with the direction of travel in degrees. */
function alongCurve(curve: (t: number) => Point, spacing: number, steps = 900): Sample[] {
  const samples: Sample[] = [];
  let previous = curve(0);
  let travelled = 0;
  let next = 0;
  for (let i = 1; i <= steps; i++) {
    const point = curve(i / steps);
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    travelled += Math.hypot(dx, dy);
    if (travelled >= next) {
      samples.push({ x: point.x, y: point.y, angle: (Math.atan2(dy, dx) * 180) / Math.PI });
      next += spacing;
    }
    previous = point;
  }
  return samples;
}

/** A cable chain: links alternate between seen flat and seen edge-on. */
function chainLinks(metal: Metal, samples: readonly Sample[], size: number, startIndex = 0): string {
  const palette = METAL_PALETTES[metal];
  return samples
    .map((s, i) => {
      const flat = (i + startIndex) % 2 === 0;
      const transform = `rotate(${fmt(s.angle)} ${fmt(s.x)} ${fmt(s.y)})`;
      const ry = flat ? size * 0.55 : size * 0.22;
      return (
        el('ellipse', { cx: s.x, cy: s.y, rx: size, ry, transform, fill: 'none', stroke: palette.dark, 'stroke-width': size * 0.42 }) +
        el('ellipse', { cx: s.x, cy: s.y, rx: size, ry, transform, fill: 'none', stroke: flat ? palette.light : palette.mid, 'stroke-width': size * 0.24 })
      );
    })
    .join('');
}

function setStone(canvas: Canvas, metal: Metal, stone: Stone, cut: Cut, cx: number, cy: number, r: number, halo: boolean): string {
  const parts: string[] = [];
  if (halo) {
    const count = Math.max(10, Math.round(r / 4.2));
    parts.push(el('circle', { cx, cy, r: r * 1.36, fill: metalFill(canvas, metal), stroke: METAL_PALETTES[metal].dark, 'stroke-width': 1 }));
    for (let i = 0; i < count; i++) {
      const u = outlineUnit(cut === 'brilliant' || cut === 'princess' || cut === 'asscher' ? 'brilliant' : cut, (360 / count) * i);
      const scale = 1.2;
      parts.push(paveStone(canvas, 'diamond', cx + r * scale * u.x, cy + r * scale * u.y, r * 0.14));
    }
  }
  if (stone === 'pearl') parts.push(pearl(canvas, cx, cy, r * 0.9));
  else if (stone === 'none') parts.push(metalBall(canvas, metal, cx, cy, r * 0.8));
  else {
    parts.push(stoneTop(canvas, stone, cut, cx, cy, r));
    parts.push(claws(canvas, metal, cut, cx, cy, r));
  }
  return parts.join('');
}

function prong(canvas: Canvas, metal: Metal, from: Point, to: Point, width: number): string {
  return (
    el('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: METAL_PALETTES[metal].dark, 'stroke-width': width + 2, 'stroke-linecap': 'round' }) +
    el('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: metalFill(canvas, metal, 'horizontal'), 'stroke-width': width, 'stroke-linecap': 'round' })
  );
}

/** A stone in profile in a four-claw basket, girdle at (cx, girdleY), the basket's foot at baseY. */
function basketSetting(canvas: Canvas, metal: Metal, stone: Stone, cut: Cut, cx: number, girdleY: number, width: number, baseY: number): string {
  const palette = METAL_PALETTES[metal];
  const basketTop = girdleY + width * 0.3;
  const basket = [
    { x: cx - width * 0.3, y: basketTop },
    { x: cx + width * 0.3, y: basketTop },
    { x: cx + width * 0.16, y: baseY },
    { x: cx - width * 0.16, y: baseY },
  ];
  const claw = Math.max(3, width * 0.05);
  return [
    prong(canvas, metal, { x: cx - width * 0.28, y: basketTop + 4 }, { x: cx - width * 0.47, y: girdleY - width * 0.05 }, claw * 0.9),
    prong(canvas, metal, { x: cx + width * 0.28, y: basketTop + 4 }, { x: cx + width * 0.47, y: girdleY - width * 0.05 }, claw * 0.9),
    stoneProfile(canvas, stone, cut, cx, girdleY, width),
    el('path', { d: polygonPath(basket), fill: metalFill(canvas, metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1.2 }),
    el('line', { x1: cx - width * 0.27, y1: basketTop + 7, x2: cx + width * 0.27, y2: basketTop + 7, stroke: palette.dark, 'stroke-opacity': 0.4, 'stroke-width': 1.5 }),
    prong(canvas, metal, { x: cx - width * 0.14, y: baseY - 4 }, { x: cx - width * 0.22, y: girdleY - width * 0.09 }, claw),
    prong(canvas, metal, { x: cx + width * 0.14, y: baseY - 4 }, { x: cx + width * 0.22, y: girdleY - width * 0.09 }, claw),
  ].join('');
}

// ---------------------------------------------------------------- rings

function ringStyle(p: JewelleryImage): JewelleryImage['style'] {
  if (p.stone === 'none') return 'band';
  return ['solitaire', 'halo', 'eternity', 'band', 'trilogy', 'cocktail'].includes(p.style) ? p.style : 'solitaire';
}

function ringFront(canvas: Canvas, p: JewelleryImage): string {
  const style = ringStyle(p);
  const cx = 400;
  const cy = 480;
  const rx = 186;
  const ry = 192;
  const wide = style === 'band' || style === 'eternity';
  const thickness = wide ? 28 : 17;
  const depth = wide ? 40 : 18;
  const top = cy - ry;
  const parts = [band3d(canvas, p.metal, cx, cy, rx, ry, thickness, depth, 'ring')];
  const palette = METAL_PALETTES[p.metal];
  switch (style) {
    case 'band':
      for (const inset of [4, thickness - 4]) {
        parts.push(el('ellipse', { cx, cy, rx: rx - inset, ry: ry - inset, fill: 'none', stroke: palette.dark, 'stroke-opacity': 0.45, 'stroke-width': 2.4, 'stroke-dasharray': '0.1 6', 'stroke-linecap': 'round' }));
      }
      break;
    case 'eternity': {
      const count = 32;
      for (let i = 0; i < count; i++) {
        const a = (2 * Math.PI * i) / count;
        parts.push(paveStone(canvas, p.stone, cx + (rx - thickness / 2) * Math.cos(a), cy + (ry - thickness / 2) * Math.sin(a), thickness * 0.4));
      }
      break;
    }
    case 'trilogy':
      parts.push(group({ transform: `rotate(-10 ${cx - 100} ${top})` }, basketSetting(canvas, p.metal, p.stone, p.cut, cx - 100, top - 34, 80, top + 14)));
      parts.push(group({ transform: `rotate(10 ${cx + 100} ${top})` }, basketSetting(canvas, p.metal, p.stone, p.cut, cx + 100, top - 34, 80, top + 14)));
      parts.push(basketSetting(canvas, p.metal, p.stone, p.cut, cx, top - 66, 124, top + 8));
      break;
    case 'halo':
    case 'cocktail': {
      const width = style === 'cocktail' ? 190 : 124;
      const girdleY = top - (style === 'cocktail' ? 84 : 62);
      parts.push(basketSetting(canvas, p.metal, p.stone, p.cut, cx, girdleY, width, top + 8));
      const ledge = width * 0.6;
      const ledgeY = girdleY + width * 0.22;
      parts.push(el('rect', { x: cx - ledge, y: ledgeY, width: ledge * 2, height: 18, rx: 9, fill: metalFill(canvas, p.metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1 }));
      const count = Math.round(ledge / 8);
      for (let i = 0; i <= count; i++) parts.push(paveStone(canvas, 'diamond', cx - ledge + 9 + ((2 * ledge - 18) / count) * i, ledgeY + 9, 7));
      break;
    }
    default:
      parts.push(basketSetting(canvas, p.metal, p.stone, p.cut, cx, top - 68, 150, top + 8));
  }
  return parts.join('');
}

function ringTop(canvas: Canvas, p: JewelleryImage): string {
  const style = ringStyle(p);
  const cx = 400;
  const cy = 400;
  const wide = style === 'band' || style === 'eternity';
  const halfWidth = wide ? 32 : 20;
  const palette = METAL_PALETTES[p.metal];
  const fill = canvas.define(`strip-${p.metal}`, (id) =>
    linearGradient(id, [
      [0, palette.dark],
      [0.2, palette.mid],
      [0.4, palette.light],
      [0.5, palette.highlight],
      [0.62, palette.light],
      [0.82, palette.mid],
      [1, palette.dark],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
  const length = 290;
  const strip = `M${cx - length} ${cy - halfWidth * 0.7}Q${cx} ${cy - halfWidth * 1.15} ${cx + length} ${cy - halfWidth * 0.7}L${cx + length} ${cy + halfWidth * 0.7}Q${cx} ${cy + halfWidth * 1.15} ${cx - length} ${cy + halfWidth * 0.7}Z`;
  const parts = [softShadow(canvas, cx, cy + 110, length * 0.9, 30, 0.2), el('path', { d: strip, fill, stroke: palette.dark, 'stroke-width': 1.2 })];
  switch (style) {
    case 'band':
      parts.push(el('path', { d: `M${cx - length + 6} ${cy}Q${cx} ${cy} ${cx + length - 6} ${cy}`, stroke: palette.dark, 'stroke-opacity': 0.3, 'stroke-width': 1.2, fill: 'none' }));
      break;
    case 'eternity':
      for (let i = -8; i <= 8; i++) {
        const x = cx + i * 33;
        const shrink = 1 - Math.abs(i) * 0.045;
        parts.push(paveStone(canvas, p.stone, x, cy, halfWidth * 0.75 * shrink));
      }
      break;
    default:
      parts.push(...headStones(canvas, p, style, cx, cy, { gap: 160, side: 62, centre: 98, halo: 96, cocktail: 130, solitaire: 120 }));
  }
  return parts.join('');
}

/** The sizes of a ring head's stones at one scale (the ring seen whole, or on a hand). */
interface HeadSizes {
  /** A trilogy's side stones: their distance from the centre, and their size; its centre stone's size. */
  gap: number;
  side: number;
  centre: number;
  halo: number;
  cocktail: number;
  solitaire: number;
}

/** The stones a ring's style sets in its head (a band or an eternity ring has none there). */
function headStones(canvas: Canvas, p: JewelleryImage, style: ReturnType<typeof ringStyle>, cx: number, cy: number, size: HeadSizes): string[] {
  const stone = (x: number, diameter: number, halo: boolean) => setStone(canvas, p.metal, p.stone, p.cut, x, cy, diameter, halo);
  switch (style) {
    case 'trilogy':
      return [stone(cx - size.gap, size.side, false), stone(cx + size.gap, size.side, false), stone(cx, size.centre, false)];
    case 'halo':
      return [stone(cx, size.halo, true)];
    case 'cocktail':
      return [stone(cx, size.cocktail, true)];
    case 'band':
    case 'eternity':
      return [];
    default:
      return [stone(cx, size.solitaire, false)];
  }
}

/** The ring on the ring finger of a hand, seen from above: the band across the finger, the stones on top. */
function ringOnHand(canvas: Canvas, p: JewelleryImage): string {
  const finger = FINGERS[2];
  const style = ringStyle(p);
  const cx = finger.x;
  const cy = 440;
  const half = finger.width / 2 + 4;
  const wide = style === 'band' || style === 'eternity';
  const height = wide ? 30 : 20;
  const palette = METAL_PALETTES[p.metal];
  const parts = [hand(canvas), el('rect', { x: cx - half, y: cy - height / 2, width: half * 2, height, rx: height / 2, fill: metalFill(canvas, p.metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1.4 })];
  switch (style) {
    case 'band':
      break;
    case 'eternity':
      for (let i = 0; i < 7; i++) parts.push(paveStone(canvas, p.stone, cx - half + 10 + ((half * 2 - 20) / 6) * i, cy, 7));
      break;
    default:
      parts.push(...headStones(canvas, p, style, cx, cy, { gap: 34, side: 17, centre: 26, halo: 28, cocktail: 44, solitaire: 32 }));
  }
  return parts.join('');
}

/** 1 front, 2 from above, 3 detail, 4 on the hand, 5 at an angle (IMAGE_VIEWS.ring). */
export function drawRing(canvas: Canvas, p: JewelleryImage, view: WornView): string {
  switch (view) {
    case 1:
      return softShadow(canvas, 400, 680, 190, 24) + ringFront(canvas, p);
    case 2:
      // A plain band says more lying on its side than seen from above.
      if (ringStyle(p) === 'band') return softShadow(canvas, 400, 560, 230, 34, 0.2) + band3d(canvas, p.metal, 400, 430, 220, 124, 26, 52, 'band-lying');
      return ringTop(canvas, p);
    case 3:
      return group({ transform: 'translate(400 400) scale(1.7) translate(-400 -400)' }, ringTop(canvas, p));
    case 4:
      return ringOnHand(canvas, p);
    case 5:
      return softShadow(canvas, 420, 680, 200, 26) + group({ transform: 'rotate(-15 400 470) translate(10 0) scale(0.95)' }, ringFront(canvas, p));
  }
}

// ---------------------------------------------------------------- earrings

function earringStyle(p: JewelleryImage): 'stud' | 'drop' | 'hoop' | 'halo' {
  if (p.style === 'drop' || p.style === 'hoop' || p.style === 'halo') return p.style;
  return 'stud';
}

function singleEarring(canvas: Canvas, p: JewelleryImage, cx: number, cy: number, name: string): string {
  const style = earringStyle(p);
  const palette = METAL_PALETTES[p.metal];
  switch (style) {
    case 'drop': {
      const pendantR = p.stone === 'pearl' ? 48 : 70;
      const pendantY = cy + 40;
      const frame = Array.from({ length: 72 }, (_, k) => {
        const u = outlineUnit(p.cut, k * 5);
        return { x: cx + pendantR * 1.08 * u.x, y: pendantY + pendantR * 1.08 * u.y };
      });
      return [
        setStone(canvas, p.metal, p.stone === 'pearl' ? 'diamond' : p.stone, 'brilliant', cx, cy - 150, 20, false),
        el('line', { x1: cx, y1: cy - 128, x2: cx, y2: pendantY - pendantR - 6, stroke: palette.dark, 'stroke-width': 6, 'stroke-linecap': 'round' }),
        el('line', { x1: cx, y1: cy - 128, x2: cx, y2: pendantY - pendantR - 6, stroke: palette.light, 'stroke-width': 3, 'stroke-linecap': 'round' }),
        p.stone === 'pearl' ? '' : el('path', { d: polygonPath(frame), fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }),
        setStone(canvas, p.metal, p.stone, p.cut, cx, pendantY, pendantR, false),
      ].join('');
    }
    case 'hoop': {
      const parts = [band3d(canvas, p.metal, cx, cy, 96, 112, 13, 10, `hoop-${name}`)];
      if (p.stone !== 'none') {
        for (let i = 0; i <= 12; i++) {
          const a = Math.PI * (0.12 + (0.76 * i) / 12);
          parts.push(paveStone(canvas, p.stone, cx + 89.5 * Math.cos(a), cy + 105.5 * Math.sin(a), 5.2));
        }
      }
      parts.push(el('rect', { x: cx - 5, y: cy - 122, width: 10, height: 22, rx: 3, fill: metalFill(canvas, p.metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1 }));
      return parts.join('');
    }
    case 'halo':
      return setStone(canvas, p.metal, p.stone, p.cut, cx, cy, 50, true);
    default:
      return setStone(canvas, p.metal, p.stone, p.cut, cx, cy, 64, false);
  }
}

function earringPair(canvas: Canvas, p: JewelleryImage): string {
  const style = earringStyle(p);
  const spread = style === 'hoop' ? 118 : 112;
  const scale = style === 'hoop' ? 1.25 : 1.35;
  return group(
    { transform: `translate(400 400) scale(${scale}) translate(-400 -400)` },
    softShadow(canvas, 400 - spread + 6, 540, 70, 14, 0.16),
    softShadow(canvas, 400 + spread + 6, 540, 70, 14, 0.16),
    singleEarring(canvas, p, 400 - spread, 390, 'left'),
    singleEarring(canvas, p, 400 + spread, 390, 'right'),
  );
}

function studSide(canvas: Canvas, p: JewelleryImage): string {
  const palette = METAL_PALETTES[p.metal];
  const width = 170;
  const girdleY = 280;
  const parts = [softShadow(canvas, 400, 620, 150, 20, 0.16)];
  parts.push(el('rect', { x: 395, y: 330, width: 10, height: 200, rx: 4, fill: metalFill(canvas, p.metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1 }));
  for (const side of [-1, 1]) {
    parts.push(el('ellipse', { cx: 400 + side * 34, cy: 470, rx: 34, ry: 20, fill: metalFill(canvas, p.metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1.2, transform: `rotate(${side * 12} ${400 + side * 34} 470)` }));
  }
  parts.push(el('rect', { x: 388, y: 452, width: 24, height: 36, rx: 6, fill: metalFill(canvas, p.metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1 }));
  if (p.stone === 'none' || p.stone === 'pearl') parts.push(p.stone === 'pearl' ? pearl(canvas, 400, 270, 80) : metalBall(canvas, p.metal, 400, 270, 70));
  else parts.push(basketSetting(canvas, p.metal, p.stone, p.cut, 400, girdleY, width, 340));
  return parts.join('');
}

export function drawEarrings(canvas: Canvas, p: JewelleryImage, view: View): string {
  switch (view) {
    case 1:
      return earringPair(canvas, p);
    case 2:
      return earringStyle(p) === 'stud' || earringStyle(p) === 'halo' ? studSide(canvas, p) : softShadow(canvas, 400, 640, 130, 22, 0.16) + group({ transform: 'translate(400 420) scale(1.6) translate(-400 -400)' }, singleEarring(canvas, p, 400, 400, 'single'));
    case 3:
      return setStone(canvas, p.metal, p.stone, p.cut, 400, 400, earringStyle(p) === 'halo' ? 170 : 220, earringStyle(p) === 'halo');
    case 4:
      return group({ transform: 'rotate(-14 400 400)' }, softShadow(canvas, 300, 520, 80, 18, 0.16), singleEarring(canvas, p, 290, 330, 'left'), softShadow(canvas, 520, 650, 80, 18, 0.16), singleEarring(canvas, p, 510, 470, 'right'));
  }
}

// ---------------------------------------------------------------- necklaces

const hanging = (t: number): Point => {
  const x = 60 + 680 * t;
  const u = (x - 400) / 310;
  return { x, y: 560 - 530 * u * u };
};

function pendant(canvas: Canvas, p: JewelleryImage, cx: number, topY: number): string {
  const palette = METAL_PALETTES[p.metal];
  const r = p.stone === 'pearl' ? 40 : 58;
  const cy = topY + 30 + r;
  const parts = [
    el('rect', { x: cx - 8, y: topY - 6, width: 16, height: 34, rx: 8, fill: 'none', stroke: palette.dark, 'stroke-width': 6 }),
    el('rect', { x: cx - 8, y: topY - 6, width: 16, height: 34, rx: 8, fill: 'none', stroke: palette.light, 'stroke-width': 3 }),
  ];
  if (p.stone === 'none') {
    const heart = Array.from({ length: 72 }, (_, k) => {
      const u = outlineUnit('heart', k * 5);
      return { x: cx + r * u.x, y: cy + r * u.y };
    });
    parts.push(el('path', { d: polygonPath(heart), fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1.5 }));
    return parts.join('');
  }
  if (p.stone !== 'pearl') {
    const frame = Array.from({ length: 72 }, (_, k) => {
      const u = outlineUnit(p.cut, k * 5);
      return { x: cx + r * 1.1 * u.x, y: cy + r * 1.1 * u.y };
    });
    parts.push(el('path', { d: polygonPath(frame), fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }));
  }
  parts.push(setStone(canvas, p.metal, p.stone, p.cut, cx, cy, r, false));
  return parts.join('');
}

function necklaceAlong(canvas: Canvas, p: JewelleryImage, curve: (t: number) => Point, withPendantAt: Point | null): string {
  const style = p.style;
  if (style === 'pearls' || p.stone === 'pearl') {
    return alongCurve(curve, 31).map((s) => pearl(canvas, s.x, s.y, 15)).join('');
  }
  if (style === 'tennis') {
    const samples = alongCurve(curve, 25);
    const palette = METAL_PALETTES[p.metal];
    return samples
      .map((s) => {
        const central = s.y > 300;
        if (!central) return chainLinks(p.metal, [s], 7);
        return el('circle', { cx: s.x, cy: s.y, r: 13, fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }) + paveStone(canvas, p.stone, s.x, s.y, 10.5);
      })
      .join('');
  }
  const heavy = style === 'chain';
  const chain = chainLinks(p.metal, alongCurve(curve, heavy ? 17 : 12), heavy ? 11 : 7.5);
  return chain + (withPendantAt ? pendant(canvas, p, withPendantAt.x, withPendantAt.y) : '');
}

function lobsterClasp(canvas: Canvas, metal: Metal, cx: number, cy: number): string {
  const palette = METAL_PALETTES[metal];
  const body = `M${cx} ${cy - 70}C${cx + 46} ${cy - 66} ${cx + 48} ${cy + 30} ${cx + 10} ${cy + 58}L${cx - 10} ${cy + 58}C${cx - 48} ${cy + 30} ${cx - 46} ${cy - 66} ${cx} ${cy - 70}Z`;
  const opening = `M${cx} ${cy - 46}C${cx + 24} ${cy - 42} ${cx + 26} ${cy + 16} ${cx + 4} ${cy + 34}L${cx - 4} ${cy + 34}C${cx - 26} ${cy + 16} ${cx - 24} ${cy - 42} ${cx} ${cy - 46}Z`;
  return [
    el('path', { d: body + opening, 'fill-rule': 'evenodd', fill: metalFill(canvas, metal), stroke: palette.dark, 'stroke-width': 1.5 }),
    el('rect', { x: cx + 26, y: cy - 30, width: 12, height: 36, rx: 4, fill: metalFill(canvas, metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1 }),
    el('circle', { cx, cy: cy + 74, r: 14, fill: 'none', stroke: palette.dark, 'stroke-width': 7 }),
    el('circle', { cx, cy: cy + 74, r: 14, fill: 'none', stroke: palette.light, 'stroke-width': 3.5 }),
    el('circle', { cx, cy: cy - 88, r: 22, fill: 'none', stroke: palette.dark, 'stroke-width': 8 }),
    el('circle', { cx, cy: cy - 88, r: 22, fill: 'none', stroke: palette.light, 'stroke-width': 4 }),
  ].join('');
}

function claspView(canvas: Canvas, p: JewelleryImage): string {
  const left = (t: number): Point => ({ x: 30 + 370 * t, y: 700 - 210 * t });
  const right = (t: number): Point => ({ x: 770 - 370 * t, y: 110 + 160 * t });
  const strand = (curve: (t: number) => Point) =>
    p.style === 'pearls' || p.stone === 'pearl' ? alongCurve(curve, 31).slice(0, -1).map((s) => pearl(canvas, s.x, s.y, 15)).join('') : chainLinks(p.metal, alongCurve(curve, 12), 7.5);
  return softShadow(canvas, 400, 560, 240, 40, 0.12) + group({ transform: 'translate(400 400) scale(1.45) translate(-400 -400)' }, strand(left), strand(right), lobsterClasp(canvas, p.metal, 400, 400));
}

/** The necklace worn: round the neck and down onto the collarbones, the pendant at the front. */
function necklaceWorn(canvas: Canvas, p: JewelleryImage, pendantStyle: boolean): string {
  const curve = (t: number): Point => ({ x: 400 - 120 * Math.cos(Math.PI * t), y: 240 + 240 * Math.sin(Math.PI * t) });
  return neckline(canvas) + necklaceAlong(canvas, p, curve, pendantStyle ? { x: 400, y: 478 } : null);
}

/** 1 front, 2 detail, 3 clasp, 4 worn, 5 laid in a circle (IMAGE_VIEWS.necklace). */
export function drawNecklace(canvas: Canvas, p: JewelleryImage, view: WornView): string {
  const pendantStyle = p.style === 'pendant' || (p.style !== 'chain' && p.style !== 'tennis' && p.style !== 'pearls');
  const front = () => necklaceAlong(canvas, p, hanging, pendantStyle ? { x: 400, y: 562 } : null);
  switch (view) {
    case 1:
      return softShadow(canvas, 400, 720, 160, 18, 0.12) + front();
    case 2:
      return group({ transform: `translate(400 400) scale(2.2) translate(-400 ${pendantStyle ? -610 : -540})` }, front());
    case 3:
      return claspView(canvas, p);
    case 4:
      return necklaceWorn(canvas, p, pendantStyle);
    case 5: {
      const circle = (t: number): Point => ({ x: 400 + 230 * Math.sin(2 * Math.PI * t + Math.PI), y: 340 - 230 * Math.cos(2 * Math.PI * t + Math.PI) });
      return softShadow(canvas, 400, 640, 260, 30, 0.1) + necklaceAlong(canvas, p, circle, null) + (pendantStyle ? pendant(canvas, p, 400, 576) : '');
    }
  }
}

// ---------------------------------------------------------------- bracelets

function braceletStyle(p: JewelleryImage): 'tennis' | 'bangle' | 'chain' {
  if (p.style === 'tennis' || p.style === 'bangle') return p.style;
  return 'chain';
}

function braceletRound(canvas: Canvas, p: JewelleryImage): string {
  const style = braceletStyle(p);
  const cx = 400;
  const cy = 410;
  if (style === 'bangle') {
    const parts = [band3d(canvas, p.metal, cx, cy, 262, 150, 24, 44, 'bangle')];
    if (p.stone !== 'none') {
      for (let i = 0; i <= 16; i++) {
        const a = Math.PI * (0.15 + (0.7 * i) / 16);
        parts.push(paveStone(canvas, p.stone, cx + 250 * Math.cos(a), cy + 138 * Math.sin(a), 8));
      }
    }
    return parts.join('');
  }
  const count = style === 'tennis' ? 44 : 50;
  const items = Array.from({ length: count }, (_, i) => {
    const a = (2 * Math.PI * i) / count;
    return { x: cx + 255 * Math.cos(a), y: cy + 125 * Math.sin(a), depth: (Math.sin(a) + 1) / 2, angle: (Math.atan2(125 * Math.cos(a), -255 * Math.sin(a)) * 180) / Math.PI };
  }).sort((a, b) => a.depth - b.depth);
  const palette = METAL_PALETTES[p.metal];
  return items
    .map((item, i) => {
      const scale = 0.7 + 0.45 * item.depth;
      const opacity = item.depth < 0.5 ? 0.8 : 1;
      if (style === 'tennis') {
        return group(
          { opacity },
          el('circle', { cx: item.x, cy: item.y, r: 13 * scale, fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }),
          paveStone(canvas, p.stone === 'none' ? 'diamond' : p.stone, item.x, item.y, 10.5 * scale),
        );
      }
      return group({ opacity }, chainLinks(p.metal, [item], 17 * scale, i));
    })
    .join('');
}

function braceletFlat(canvas: Canvas, p: JewelleryImage): string {
  const style = braceletStyle(p);
  const wave = (t: number): Point => ({ x: 40 + 720 * t, y: 400 + 34 * Math.sin(t * Math.PI * 2) });
  if (style === 'bangle') {
    return softShadow(canvas, 400, 520, 280, 30, 0.14) + band3d(canvas, p.metal, 400, 400, 280, 96, 22, 26, 'bangle-flat');
  }
  const palette = METAL_PALETTES[p.metal];
  if (style === 'tennis') {
    return (
      softShadow(canvas, 400, 470, 340, 22, 0.12) +
      alongCurve(wave, 27)
        .map((s) => el('circle', { cx: s.x, cy: s.y, r: 14, fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }) + paveStone(canvas, p.stone === 'none' ? 'diamond' : p.stone, s.x, s.y, 11.5))
        .join('')
    );
  }
  return softShadow(canvas, 400, 470, 340, 22, 0.12) + chainLinks(p.metal, alongCurve(wave, 24), 17);
}

function boxClasp(canvas: Canvas, p: JewelleryImage): string {
  const palette = METAL_PALETTES[p.metal];
  const stones = (from: number, to: number) => {
    const parts: string[] = [];
    for (let x = from; x <= to; x += 52) {
      parts.push(el('circle', { cx: x, cy: 400, r: 26, fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1.2 }), paveStone(canvas, p.stone === 'none' ? 'diamond' : p.stone, x, 400, 22));
    }
    return parts.join('');
  };
  return [
    softShadow(canvas, 400, 480, 340, 24, 0.12),
    stones(40, 290),
    stones(510, 770),
    el('rect', { x: 320, y: 366, width: 160, height: 68, rx: 10, fill: metalFill(canvas, p.metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1.5 }),
    el('rect', { x: 336, y: 380, width: 128, height: 40, rx: 6, fill: 'none', stroke: palette.dark, 'stroke-opacity': 0.5, 'stroke-width': 1.2 }),
    el('path', { d: 'M360 366L372 340H428L440 366', fill: 'none', stroke: palette.dark, 'stroke-width': 6, 'stroke-linejoin': 'round' }),
    el('path', { d: 'M360 366L372 340H428L440 366', fill: 'none', stroke: palette.light, 'stroke-width': 3, 'stroke-linejoin': 'round' }),
  ].join('');
}

/** The bracelet round a wrist, near the hand, running round the arm out of sight. */
function braceletOnWrist(canvas: Canvas, p: JewelleryImage): string {
  const arm = wrist(canvas);
  const style = braceletStyle(p);
  const across = (t: number): Point => ({ x: 610 + 18 * Math.sin(t * Math.PI), y: 200 + 420 * t });
  const palette = METAL_PALETTES[p.metal];
  let piece: string;
  if (style === 'bangle') {
    piece = el('path', { d: 'M586 200C600 300 604 500 592 620H650C662 500 658 300 644 200Z', fill: metalFill(canvas, p.metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1.5 });
  } else if (style === 'tennis') {
    piece = alongCurve(across, 27)
      .map((s) => el('circle', { cx: s.x, cy: s.y, r: 14, fill: metalFill(canvas, p.metal), stroke: palette.dark, 'stroke-width': 1 }) + paveStone(canvas, p.stone === 'none' ? 'diamond' : p.stone, s.x, s.y, 11.5))
      .join('');
  } else {
    piece = chainLinks(p.metal, alongCurve(across, 24), 17);
  }
  return arm.body + group({ 'clip-path': arm.clip }, piece, wristShade(canvas));
}

/** 1 round, 2 laid flat, 3 clasp, 4 on the wrist, 5 detail (IMAGE_VIEWS.bracelet). */
export function drawBracelet(canvas: Canvas, p: JewelleryImage, view: WornView): string {
  switch (view) {
    case 1:
      return softShadow(canvas, 400, 600, 270, 34, 0.14) + braceletRound(canvas, p);
    case 2:
      return braceletFlat(canvas, p);
    case 3:
      if (braceletStyle(p) === 'tennis') return boxClasp(canvas, p);
      if (braceletStyle(p) === 'bangle') return softShadow(canvas, 420, 600, 270, 34, 0.14) + group({ transform: 'rotate(-18 400 410)' }, braceletRound(canvas, p));
      return claspView(canvas, p);
    case 4:
      return braceletOnWrist(canvas, p);
    case 5:
      return group({ transform: 'translate(400 400) scale(2.4) translate(-400 -400)' }, braceletFlat(canvas, p));
  }
}

// ---------------------------------------------------------------- sets

export function drawJewellerySet(canvas: Canvas, p: JewelleryImage, view: View): string {
  const earrings = { ...p, style: p.style === 'drop' ? ('drop' as const) : ('stud' as const) };
  const necklace = { ...p, style: 'pendant' as const };
  const necklacePart = softShadow(canvas, 400, 720, 160, 18, 0.12) + necklaceAlong(canvas, necklace, hanging, { x: 400, y: 562 });
  switch (view) {
    case 1:
    case 4: {
      const flip = view === 4 ? -1 : 1;
      return (
        group({ transform: `translate(${flip > 0 ? -40 : 140} 0) scale(0.82)` }, necklacePart) +
        group({ transform: `translate(${flip > 0 ? 600 : 200} 610) scale(0.42) translate(-400 -390)` }, earringPair(canvas, earrings))
      );
    }
    case 2:
      return necklacePart;
    case 3:
      return earringPair(canvas, earrings);
  }
}
