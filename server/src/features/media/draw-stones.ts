/** Faceted stones seen from above and from the side, small pavé stones, pearls and loose-stone pictures. */
import type { Cut, Metal, Stone, StoneImage, View } from './product-image.ts';
import { METAL_PALETTES, STONE_PALETTES, metalFill, stoneGlow, type StonePalette } from './palettes.ts';
import {
  type Canvas,
  type Point,
  el,
  fmt,
  group,
  hashString,
  lighten,
  darken,
  linearGradient,
  mix,
  pointList,
  polar,
  polygonPath,
  radialGradient,
  softShadow,
} from './svg-kit.ts';

const LIGHT_ANGLE = -40;

/** A point on the girdle outline of a cut, for a parameter angle (0 = top, clockwise); the shape spans about -1..1. */
export function outlineUnit(cut: Cut, degrees: number): Point {
  const t = (degrees * Math.PI) / 180;
  const s = Math.sin(t);
  const c = Math.cos(t);
  const superellipse = (n: number, sx: number, sy: number) => ({
    x: sx * Math.sign(s) * Math.abs(s) ** (2 / n),
    y: -sy * Math.sign(c) * Math.abs(c) ** (2 / n),
  });
  switch (cut) {
    case 'brilliant':
      return { x: s, y: -c };
    case 'oval':
      return { x: 0.74 * s, y: -c };
    case 'cushion':
      return superellipse(3, 0.9, 0.9);
    case 'princess':
      return superellipse(9, 0.84, 0.84);
    case 'radiant':
      return superellipse(6, 0.72, 0.95);
    case 'pear':
      return { x: 0.82 * s * Math.sin(t / 2), y: -c * 0.98 + 0.02 };
    case 'marquise':
      return { x: 0.55 * s * Math.abs(s), y: -c };
    case 'heart': {
      const x = (16 * s ** 3) / 17;
      const y = -(13 * c - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) / 17;
      return { x: 0.92 * x, y: y - 0.15 };
    }
    case 'emerald':
      return superellipse(12, 0.68, 0.96);
    case 'asscher':
      return superellipse(12, 0.86, 0.86);
  }
}

export function isStepCut(cut: Cut): boolean {
  return cut === 'emerald' || cut === 'asscher';
}

/** Half the width of a cut relative to its half height, for side views and settings. */
export function cutAspect(cut: Cut): number {
  let widest = 0;
  for (let a = 0; a < 360; a += 10) widest = Math.max(widest, Math.abs(outlineUnit(cut, a).x));
  return widest;
}

function facetColour(palette: StonePalette, brightness: number): string {
  const f = Math.min(0.97, Math.max(0.04, brightness));
  return f > 0.5 ? mix(palette.base, palette.light, (f - 0.5) * 2) : mix(palette.dark, palette.base, f * 2);
}

function lightFacing(degrees: number): number {
  return Math.cos(((degrees - LIGHT_ANGLE) * Math.PI) / 180);
}

function centroidAngle(points: readonly Point[], cx: number, cy: number): number {
  const x = points.reduce((sum, p) => sum + p.x, 0) / points.length - cx;
  const y = points.reduce((sum, p) => sum + p.y, 0) / points.length - cy;
  return (Math.atan2(x, -y) * 180) / Math.PI;
}

function facet(points: readonly Point[], fill: string, line: string, width: number): string {
  return el('polygon', { points: pointList(points), fill, stroke: line, 'stroke-width': width, 'stroke-linejoin': 'round' });
}

function tableFill(canvas: Canvas, stone: Stone): string {
  const p = STONE_PALETTES[stone];
  return canvas.define(`table-${stone}`, (id) =>
    linearGradient(id, [
      [0, lighten(p.light, 0.2)],
      [0.45, p.base],
      [0.7, mix(p.base, p.dark, 0.35)],
      [1, p.light],
    ]),
  );
}

function brilliantTop(canvas: Canvas, stone: Stone, cut: Cut, cx: number, cy: number, r: number): string {
  const palette = STONE_PALETTES[stone];
  const at = (degrees: number, scale: number): Point => {
    const u = outlineUnit(cut, degrees);
    return { x: cx + r * scale * u.x, y: cy + r * scale * u.y };
  };
  const line = stone === 'diamond' ? 'rgba(255,255,255,0.75)' : `${lighten(palette.light, 0.4)}`;
  const width = Math.max(0.5, r / 140);
  const table = Array.from({ length: 8 }, (_, i) => at(i * 45 + 22.5, 0.54));
  const star = Array.from({ length: 8 }, (_, i) => at(i * 45, 0.78));
  const girdle = Array.from({ length: 16 }, (_, k) => at(k * 22.5, 1));
  const parts: string[] = [];
  const shade = (points: Point[], parity: number, bias: number) =>
    facet(points, facetColour(palette, 0.5 + 0.3 * lightFacing(centroidAngle(points, cx, cy)) + (parity ? 0.2 : -0.2) + bias), line, width);
  for (let i = 0; i < 8; i++) {
    const previous = table[(i + 7) % 8] as Point;
    const tableVertex = table[i] as Point;
    const starTip = star[i] as Point;
    const nextStar = star[(i + 1) % 8] as Point;
    const g0 = girdle[(2 * i + 15) % 16] as Point;
    const g1 = girdle[2 * i] as Point;
    const g2 = girdle[2 * i + 1] as Point;
    parts.push(shade([starTip, g0, g1], i % 2, 0.05));
    parts.push(shade([starTip, g1, g2], (i + 1) % 2, 0.05));
    parts.push(shade([tableVertex, starTip, g2, nextStar], i % 2, -0.05));
    parts.push(shade([previous, starTip, tableVertex], (i + 1) % 2, 0.1));
  }
  parts.push(facet(table, tableFill(canvas, stone), line, width));
  const outline = polygonPath(Array.from({ length: 72 }, (_, k) => at(k * 5, 1)));
  parts.push(el('path', { d: outline, fill: 'none', stroke: darken(palette.dark, 0.1), 'stroke-width': width * 1.6, 'stroke-opacity': 0.8 }));
  return parts.join('');
}

function octagonRing(cx: number, cy: number, halfWidth: number, halfHeight: number, corner: number): Point[] {
  return [
    { x: cx - halfWidth + corner, y: cy - halfHeight },
    { x: cx + halfWidth - corner, y: cy - halfHeight },
    { x: cx + halfWidth, y: cy - halfHeight + corner },
    { x: cx + halfWidth, y: cy + halfHeight - corner },
    { x: cx + halfWidth - corner, y: cy + halfHeight },
    { x: cx - halfWidth + corner, y: cy + halfHeight },
    { x: cx - halfWidth, y: cy + halfHeight - corner },
    { x: cx - halfWidth, y: cy - halfHeight + corner },
  ];
}

function stepCutTop(canvas: Canvas, stone: Stone, cut: Cut, cx: number, cy: number, r: number): string {
  const palette = STONE_PALETTES[stone];
  const square = cut === 'asscher';
  const halfWidth = (square ? 0.84 : 0.66) * r;
  const halfHeight = (square ? 0.84 : 0.95) * r;
  const corner = (square ? 0.27 : 0.18) * r;
  const insets = [0, 0.11, 0.22, 0.33].map((f) => f * r);
  const rings = insets.map((d) => octagonRing(cx, cy, halfWidth - d, halfHeight - d, Math.max(corner * 0.35, corner - d * 0.42)));
  const line = stone === 'diamond' ? 'rgba(255,255,255,0.75)' : lighten(palette.light, 0.4);
  const width = Math.max(0.5, r / 140);
  const parts: string[] = [];
  for (let k = 0; k < rings.length - 1; k++) {
    const outer = rings[k] as Point[];
    const inner = rings[k + 1] as Point[];
    for (let side = 0; side < 8; side++) {
      const next = (side + 1) % 8;
      const quad = [outer[side], outer[next], inner[next], inner[side]] as Point[];
      const brightness = 0.5 + 0.33 * lightFacing(side * 45) + (k % 2 ? 0.16 : -0.12);
      parts.push(facet(quad, facetColour(palette, brightness), line, width));
    }
  }
  const table = rings[rings.length - 1] as Point[];
  parts.push(facet(table, tableFill(canvas, stone), line, width));
  parts.push(el('polygon', { points: pointList(rings[0] as Point[]), fill: 'none', stroke: darken(palette.dark, 0.1), 'stroke-width': width * 1.6, 'stroke-opacity': 0.8 }));
  return parts.join('');
}

export function pearl(canvas: Canvas, cx: number, cy: number, r: number): string {
  const fill = canvas.define('pearl', (id) =>
    radialGradient(id, [
      [0, '#ffffff'],
      [0.35, '#f7f1ea'],
      [0.75, '#e4d8ca'],
      [1, '#b9a994'],
    ], { x: 0.38, y: 0.34 }, 0.7),
  );
  const sheen = canvas.define('pearl-sheen', (id) =>
    radialGradient(id, [
      [0, '#f4d9e4', 0.55],
      [1, '#f4d9e4', 0],
    ], { x: 0.65, y: 0.7 }, 0.45),
  );
  return el('circle', { cx, cy, r, fill }) + el('circle', { cx, cy, r, fill: sheen });
}

/** A faceted stone seen from above, centred on (cx, cy); r is its half height. */
export function stoneTop(canvas: Canvas, stone: Stone, cut: Cut, cx: number, cy: number, r: number): string {
  if (stone === 'none') return '';
  if (stone === 'pearl') return pearl(canvas, cx, cy, r);
  return isStepCut(cut) ? stepCutTop(canvas, stone, cut, cx, cy, r) : brilliantTop(canvas, stone, cut, cx, cy, r);
}

/** A small stone for pavé and halos: cheap to draw in numbers, still reads as faceted. */
export function paveStone(canvas: Canvas, stone: Stone, cx: number, cy: number, r: number): string {
  if (stone === 'none') return '';
  if (stone === 'pearl') return pearl(canvas, cx, cy, r);
  const palette = STONE_PALETTES[stone];
  const table = Array.from({ length: 8 }, (_, i) => polar(cx, cy, r * 0.55, i * 45 + 22.5));
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const from = table[i] as Point;
    const to = polar(cx, cy, r, i * 45 + 22.5);
    return `M${fmt(from.x)} ${fmt(from.y)}L${fmt(to.x)} ${fmt(to.y)}`;
  }).join('');
  return (
    el('circle', { cx, cy, r, fill: stoneGlow(canvas, stone), stroke: darken(palette.dark, 0.15), 'stroke-width': Math.max(0.4, r / 9) }) +
    el('path', { d: `${polygonPath(table)}${spokes}`, fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': Math.max(0.3, r / 14) })
  );
}

/** Claws holding a stone seen from above. */
export function claws(canvas: Canvas, metal: Metal, cut: Cut, cx: number, cy: number, r: number): string {
  const angles = cut === 'pear' ? [0, 130, 230] : cut === 'marquise' ? [0, 180] : cut === 'heart' ? [55, 180, 305] : isStepCut(cut) || cut === 'princess' || cut === 'radiant' || cut === 'cushion' ? [45, 135, 225, 315] : [45, 135, 225, 315];
  const fill = metalFill(canvas, metal);
  const edge = METAL_PALETTES[metal].dark;
  return angles
    .map((angle) => {
      const u = outlineUnit(cut, angle);
      const corner = isStepCut(cut) || cut === 'princess' || cut === 'radiant' ? 0.92 : 0.97;
      return el('circle', { cx: cx + r * corner * u.x, cy: cy + r * corner * u.y, r: Math.max(2, r * 0.12), fill, stroke: edge, 'stroke-width': Math.max(0.4, r / 90) });
    })
    .join('');
}

/** A faceted stone seen from the side, girdle centred on (cx, girdleY), `width` across the girdle. */
export function stoneProfile(canvas: Canvas, stone: Stone, cut: Cut, cx: number, girdleY: number, width: number): string {
  if (stone === 'none') return '';
  if (stone === 'pearl') return pearl(canvas, cx, girdleY, width / 2);
  const palette = STONE_PALETTES[stone];
  const step = isStepCut(cut);
  const half = width / 2;
  const crown = width * (step ? 0.12 : 0.15);
  const tableHalf = width * (step ? 0.33 : 0.28);
  const girdle = width * 0.025;
  const pavilion = width * (step ? 0.36 : 0.43);
  const top = girdleY - crown;
  const bottom = girdleY + girdle + pavilion;
  const line = stone === 'diamond' ? 'rgba(255,255,255,0.8)' : lighten(palette.light, 0.4);
  const w = Math.max(0.5, width / 260);
  const parts: string[] = [];
  const columns = 4;
  for (let j = 0; j < columns; j++) {
    const t0 = cx - tableHalf + ((2 * tableHalf) / columns) * j;
    const t1 = cx - tableHalf + ((2 * tableHalf) / columns) * (j + 1);
    const g0 = cx - half + (width / columns) * j;
    const g1 = cx - half + (width / columns) * (j + 1);
    const facing = 0.5 + 0.28 * Math.cos(((j - 1) * Math.PI) / 3);
    parts.push(facet([{ x: t0, y: top }, { x: g0, y: girdleY }, { x: g1, y: girdleY }], facetColour(palette, facing + 0.15), line, w));
    parts.push(facet([{ x: t0, y: top }, { x: g1, y: girdleY }, { x: t1, y: top }], facetColour(palette, facing - 0.12), line, w));
  }
  parts.push(el('rect', { x: cx - half, y: girdleY, width, height: girdle, fill: facetColour(palette, 0.35), stroke: line, 'stroke-width': w }));
  const pavilionColumns = 6;
  for (let j = 0; j < pavilionColumns; j++) {
    const g0 = cx - half + (width / pavilionColumns) * j;
    const g1 = cx - half + (width / pavilionColumns) * (j + 1);
    const brightness = 0.5 + (j % 2 ? 0.25 : -0.22) + 0.1 * Math.sin(j);
    if (step) {
      const midY = girdleY + girdle + pavilion * 0.5;
      const m0 = cx + (g0 - cx) * 0.45;
      const m1 = cx + (g1 - cx) * 0.45;
      parts.push(facet([{ x: g0, y: girdleY + girdle }, { x: g1, y: girdleY + girdle }, { x: m1, y: midY }, { x: m0, y: midY }], facetColour(palette, brightness), line, w));
      parts.push(facet([{ x: m0, y: midY }, { x: m1, y: midY }, { x: cx, y: bottom }], facetColour(palette, 1 - brightness), line, w));
    } else {
      parts.push(facet([{ x: g0, y: girdleY + girdle }, { x: g1, y: girdleY + girdle }, { x: cx, y: bottom }], facetColour(palette, brightness), line, w));
    }
  }
  parts.push(el('line', { x1: cx - tableHalf, y1: top, x2: cx + tableHalf, y2: top, stroke: lighten(palette.light, 0.5), 'stroke-width': w * 2 }));
  const silhouette = [
    { x: cx - tableHalf, y: top },
    { x: cx + tableHalf, y: top },
    { x: cx + half, y: girdleY },
    { x: cx + half, y: girdleY + girdle },
    { x: cx, y: bottom },
    { x: cx - half, y: girdleY + girdle },
    { x: cx - half, y: girdleY },
  ];
  parts.push(el('polygon', { points: pointList(silhouette), fill: 'none', stroke: darken(palette.dark, 0.1), 'stroke-width': w * 1.6, 'stroke-opacity': 0.8 }));
  return parts.join('');
}

/** A four-pointed glint. */
export function glint(cx: number, cy: number, size: number, opacity = 0.9): string {
  const s = size;
  const k = size * 0.12;
  const d = `M${fmt(cx)} ${fmt(cy - s)}Q${fmt(cx + k)} ${fmt(cy - k)} ${fmt(cx + s)} ${fmt(cy)}Q${fmt(cx + k)} ${fmt(cy + k)} ${fmt(cx)} ${fmt(cy + s)}Q${fmt(cx - k)} ${fmt(cy + k)} ${fmt(cx - s)} ${fmt(cy)}Q${fmt(cx - k)} ${fmt(cy - k)} ${fmt(cx)} ${fmt(cy - s)}Z`;
  return el('path', { d, fill: '#ffffff', opacity });
}

function glints(seedText: string, cx: number, cy: number, spread: number, count: number): string {
  let hash = hashString(seedText);
  const next = () => {
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
    return hash / 0x100000000;
  };
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = next() * 360;
    const distance = spread * (0.2 + 0.7 * next());
    const p = polar(cx, cy, distance, angle);
    parts.push(glint(p.x, p.y, 8 + next() * 16, 0.55 + next() * 0.4));
  }
  return parts.join('');
}

/** Pavilion seen from a raised angle, drawn under a flattened top view. */
function pavilionBelow(stone: Stone, cut: Cut, cx: number, cy: number, r: number): string {
  const palette = STONE_PALETTES[stone];
  const half = r * cutAspect(cut);
  const depth = r * 0.95;
  const parts: string[] = [];
  const columns = 8;
  for (let j = 0; j < columns; j++) {
    const a0 = Math.PI * (j / columns);
    const a1 = Math.PI * ((j + 1) / columns);
    const p0 = { x: cx - half * Math.cos(a0), y: cy + r * 0.5 * Math.sin(a0) };
    const p1 = { x: cx - half * Math.cos(a1), y: cy + r * 0.5 * Math.sin(a1) };
    parts.push(facet([p0, p1, { x: cx, y: cy + depth }], facetColour(palette, 0.5 + (j % 2 ? 0.24 : -0.24)), 'rgba(255,255,255,0.6)', Math.max(0.5, r / 140)));
  }
  return parts.join('');
}

export function drawLooseStone(canvas: Canvas, params: StoneImage, view: View): string {
  const { stone, cut, sku } = params;
  const seed = `${sku}-${view}`;
  if (stone === 'pearl' || stone === 'none') {
    return softShadow(canvas, 400, 600, 150, 26) + pearl(canvas, 400, 410, 170);
  }
  switch (view) {
    case 1:
      return softShadow(canvas, 400, 640, 200, 30, 0.18) + stoneTop(canvas, stone, cut, 400, 390, 230) + glints(seed, 400, 390, 230, 5);
    case 2:
      return softShadow(canvas, 400, 640, 190, 22, 0.18) + stoneProfile(canvas, stone, cut, 400, 360, 460) + glints(seed, 400, 330, 200, 3);
    case 3: {
      const cy = 320;
      const r = 220;
      return (
        softShadow(canvas, 400, 640, 170, 24, 0.18) +
        pavilionBelow(stone, cut, 400, cy, r) +
        group({ transform: `translate(0 ${fmt(cy * 0.5)}) scale(1 0.5)` }, stoneTop(canvas, stone, cut, 400, cy, r)) +
        glints(seed, 400, cy, 200, 4)
      );
    }
    case 4:
      return group({ transform: 'rotate(18 400 400)' }, stoneTop(canvas, stone, cut, 400, 400, 330)) + glints(seed, 400, 400, 320, 7);
  }
}
