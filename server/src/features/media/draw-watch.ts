/** Watches: the dial front with case, bezel, indices, hands and strap; the case side with the crown; the case back; on the wrist; a dial detail. */
import type { CaseShape, Numerals, WatchImage, WornView } from './product-image.ts';
import { wrist, wristShade } from './draw-worn.ts';
import { DIAL_BASE, METAL_PALETTES, STRAP_BASE, accentMetal, isLightDial, metalFill } from './palettes.ts';
import { paveStone } from './draw-stones.ts';
import {
  type Canvas,
  blurFilter,
  darken,
  el,
  ellipsePath,
  fmt,
  group,
  hashString,
  lighten,
  linearGradient,
  mix,
  pointList,
  polar,
  polygonPath,
  radialGradient,
  roundedRectPath,
  softShadow,
} from './svg-kit.ts';

const CX = 400;
const CY = 400;

interface CaseGeometry {
  outline: string;
  halfWidth: number;
  halfHeight: number;
  bezelInner: string | null;
  dial: string;
  /** Distance from the centre to the dial's edge in a direction (0 = twelve o'clock). */
  dialReach: (degrees: number) => number;
  lugHalfWidth: number;
  integrated: boolean;
}

function rectReach(halfWidth: number, halfHeight: number) {
  return (degrees: number) => {
    const t = (degrees * Math.PI) / 180;
    const s = Math.abs(Math.sin(t));
    const c = Math.abs(Math.cos(t));
    return Math.min(s > 1e-6 ? halfWidth / s : Infinity, c > 1e-6 ? halfHeight / c : Infinity);
  };
}

function tonneauPath(cx: number, cy: number, halfTop: number, halfMiddle: number, halfHeight: number): string {
  const bulge = halfHeight * 0.08;
  return [
    `M${fmt(cx - halfTop)} ${fmt(cy - halfHeight)}`,
    `Q${fmt(cx)} ${fmt(cy - halfHeight - bulge)} ${fmt(cx + halfTop)} ${fmt(cy - halfHeight)}`,
    `C${fmt(cx + halfMiddle * 1.08)} ${fmt(cy - halfHeight * 0.45)} ${fmt(cx + halfMiddle * 1.08)} ${fmt(cy + halfHeight * 0.45)} ${fmt(cx + halfTop)} ${fmt(cy + halfHeight)}`,
    `Q${fmt(cx)} ${fmt(cy + halfHeight + bulge)} ${fmt(cx - halfTop)} ${fmt(cy + halfHeight)}`,
    `C${fmt(cx - halfMiddle * 1.08)} ${fmt(cy + halfHeight * 0.45)} ${fmt(cx - halfMiddle * 1.08)} ${fmt(cy - halfHeight * 0.45)} ${fmt(cx - halfTop)} ${fmt(cy - halfHeight)}Z`,
  ].join('');
}

function regularPolygon(cx: number, cy: number, r: number, sides: number, offset: number) {
  return Array.from({ length: sides }, (_, i) => polar(cx, cy, r, offset + (360 / sides) * i));
}

function caseGeometry(shape: CaseShape): CaseGeometry {
  switch (shape) {
    case 'round': {
      const r = 178;
      return {
        outline: ellipsePath(CX, CY, r, r),
        halfWidth: r,
        halfHeight: r,
        bezelInner: ellipsePath(CX, CY, r * 0.87, r * 0.87),
        dial: ellipsePath(CX, CY, r * 0.82, r * 0.82),
        dialReach: () => r * 0.82,
        lugHalfWidth: 98,
        integrated: false,
      };
    }
    case 'square':
      return {
        outline: roundedRectPath(CX, CY, 158, 158, 34),
        halfWidth: 158,
        halfHeight: 158,
        bezelInner: roundedRectPath(CX, CY, 139, 139, 24),
        dial: roundedRectPath(CX, CY, 126, 126, 16),
        dialReach: rectReach(126, 126),
        lugHalfWidth: 100,
        integrated: false,
      };
    case 'rectangular':
      return {
        outline: roundedRectPath(CX, CY, 114, 162, 16),
        halfWidth: 114,
        halfHeight: 162,
        bezelInner: roundedRectPath(CX, CY, 100, 148, 10),
        dial: roundedRectPath(CX, CY, 88, 134, 8),
        dialReach: rectReach(88, 134),
        lugHalfWidth: 84,
        integrated: false,
      };
    case 'tonneau':
      return {
        outline: tonneauPath(CX, CY, 118, 150, 172),
        halfWidth: 160,
        halfHeight: 172,
        bezelInner: tonneauPath(CX, CY, 104, 134, 156),
        dial: tonneauPath(CX, CY, 92, 118, 140),
        dialReach: rectReach(112, 134),
        lugHalfWidth: 92,
        integrated: false,
      };
    case 'cushion':
      return {
        outline: roundedRectPath(CX, CY, 166, 166, 70),
        halfWidth: 166,
        halfHeight: 166,
        bezelInner: ellipsePath(CX, CY, 138, 138),
        dial: ellipsePath(CX, CY, 130, 130),
        dialReach: () => 130,
        lugHalfWidth: 96,
        integrated: false,
      };
    case 'octagon':
      return {
        outline: roundedRectPath(CX, CY, 170, 170, 62),
        halfWidth: 170,
        halfHeight: 170,
        bezelInner: null,
        dial: roundedRectPath(CX, CY, 118, 118, 40),
        dialReach: rectReach(118, 118),
        lugHalfWidth: 112,
        integrated: true,
      };
  }
}

interface StrapOptions {
  /** How far beyond the canvas edge the strap runs, for transformed views. */
  overshoot: number;
  reverse: boolean;
}

function strapPiece(halfStart: number, halfEnd: number, startY: number, endY: number): string {
  return `M${fmt(CX - halfStart)} ${fmt(startY)}L${fmt(CX - halfEnd)} ${fmt(endY)}L${fmt(CX + halfEnd)} ${fmt(endY)}L${fmt(CX + halfStart)} ${fmt(startY)}Z`;
}

function leatherFill(canvas: Canvas, colour: string, name: string): string {
  return canvas.define(`strap-${name}`, (id) =>
    linearGradient(id, [
      [0, darken(colour, 0.4)],
      [0.12, colour],
      [0.5, lighten(colour, 0.1)],
      [0.88, colour],
      [1, darken(colour, 0.4)],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
}

function drawStraps(canvas: Canvas, p: WatchImage, geometry: CaseGeometry, options: StrapOptions): string {
  const halfStart = geometry.lugHalfWidth;
  const halfEnd = halfStart * 0.86;
  const topStart = CY - geometry.halfHeight + 40;
  const bottomStart = CY + geometry.halfHeight - 40;
  const topEnd = -options.overshoot;
  const bottomEnd = 800 + options.overshoot;
  if (p.strap === 'bracelet') return bracelet(canvas, p, halfStart, halfEnd, topStart, topEnd) + bracelet(canvas, p, halfStart, halfEnd, bottomStart, bottomEnd);

  const base = options.reverse && p.strap === 'leather' ? mix(STRAP_BASE[p.strapColour], '#d8c6a6', 0.55) : STRAP_BASE[p.strapColour];
  const pieces = [strapPiece(halfStart, halfEnd, topStart, topEnd), strapPiece(halfStart, halfEnd, bottomStart, bottomEnd)];
  const parts: string[] = [];
  if (p.strap === 'mesh') {
    const fill = metalFill(canvas, p.metal === 'twotone' ? 'steel' : p.metal, 'horizontal');
    const mesh = canvas.define('mesh', (id) =>
      el(
        'pattern',
        { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
        el('path', { d: 'M0 6L6 0M-1 1L1 -1M5 7L7 5', stroke: '#ffffff', 'stroke-opacity': 0.35, 'stroke-width': 1 }),
        el('path', { d: 'M0 0L6 6', stroke: '#000000', 'stroke-opacity': 0.15, 'stroke-width': 1 }),
      ),
    );
    for (const d of pieces) parts.push(el('path', { d, fill }), el('path', { d, fill: mesh }));
    return parts.join('');
  }
  const fill = leatherFill(canvas, base, `${p.strap}-${options.reverse ? 'back' : 'front'}`);
  for (const d of pieces) parts.push(el('path', { d, fill, stroke: darken(base, 0.45), 'stroke-width': 1.5 }));

  if (p.strap === 'leather') {
    const stitch = p.strapColour === 'black' || p.strapColour === 'blue' || p.strapColour === 'green' ? '#d6d0c4' : lighten(base, 0.55);
    for (const [from, to] of [
      [topStart, topEnd],
      [bottomStart, bottomEnd],
    ] as const) {
      for (const side of [-1, 1]) {
        const inset = 11;
        parts.push(
          el('line', {
            x1: CX + side * (halfStart - inset),
            y1: from,
            x2: CX + side * (halfEnd - inset),
            y2: to,
            stroke: stitch,
            'stroke-width': 2,
            'stroke-dasharray': '9 6',
            'stroke-opacity': 0.8,
          }),
        );
      }
    }
    if (!options.reverse) {
      for (const y of [700, 742, 784]) {
        parts.push(el('ellipse', { cx: CX, cy: y, rx: 6.5, ry: 5, fill: darken(base, 0.7), stroke: lighten(base, 0.25), 'stroke-width': 1 }));
      }
      const keeper = halfEnd + 6;
      parts.push(el('rect', { x: CX - keeper, y: 96, width: keeper * 2, height: 24, rx: 4, fill: leatherFill(canvas, darken(base, 0.12), 'keeper'), stroke: darken(base, 0.5), 'stroke-width': 1.2 }));
    }
  } else if (p.strap === 'rubber') {
    for (const [from, to] of [
      [topStart, topEnd],
      [bottomStart, bottomEnd],
    ] as const) {
      const direction = Math.sign(to - from);
      for (let y = from + direction * 34; direction > 0 ? y < to : y > to; y += direction * 30) {
        const progress = (y - from) / (to - from);
        const half = halfStart + (halfEnd - halfStart) * progress - 14;
        parts.push(el('line', { x1: CX - half, y1: y, x2: CX + half, y2: y, stroke: darken(base, 0.5), 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-opacity': 0.7 }));
      }
    }
  } else if (p.strap === 'textile') {
    const stripe = p.strapColour === 'white' ? '#1f3558' : lighten(base, 0.45);
    for (const [from, to] of [
      [topStart, topEnd],
      [bottomStart, bottomEnd],
    ] as const) {
      for (const side of [-1, 1]) {
        parts.push(el('line', { x1: CX + side * halfStart * 0.42, y1: from, x2: CX + side * halfEnd * 0.42, y2: to, stroke: stripe, 'stroke-width': 10, 'stroke-opacity': 0.85 }));
      }
    }
    const weave = canvas.define('weave', (id) =>
      el('pattern', { id, width: 8, height: 5, patternUnits: 'userSpaceOnUse' }, el('path', { d: 'M0 2.5H8', stroke: '#000000', 'stroke-opacity': 0.12, 'stroke-width': 1.2 })),
    );
    for (const d of pieces) parts.push(el('path', { d, fill: weave }));
  }
  return parts.join('');
}

function bracelet(canvas: Canvas, p: WatchImage, halfStart: number, halfEnd: number, fromY: number, toY: number): string {
  const outerMetal = p.metal === 'twotone' ? 'steel' : p.metal;
  const centreMetal = accentMetal(p.metal);
  const outerFill = metalFill(canvas, outerMetal, 'vertical');
  const centreFill = metalFill(canvas, centreMetal, 'vertical');
  const edge = METAL_PALETTES[outerMetal].dark;
  const direction = Math.sign(toY - fromY);
  const pitch = 40;
  const parts: string[] = [];
  const rows = Math.ceil(Math.abs(toY - fromY) / pitch) + 1;
  for (let row = 0; row < rows; row++) {
    const y = fromY + direction * row * pitch;
    const progress = Math.min(1, (row * pitch) / Math.abs(toY - fromY));
    const half = halfStart + (halfEnd - halfStart) * progress;
    const top = direction > 0 ? y : y - pitch + 3;
    const outerWidth = half * 0.62;
    const centreWidth = half * 0.7;
    const gap = 3;
    parts.push(
      el('rect', { x: CX - half, y: top, width: outerWidth, height: pitch - 3, rx: 5, fill: outerFill, stroke: edge, 'stroke-width': 1 }),
      el('rect', { x: CX + half - outerWidth, y: top, width: outerWidth, height: pitch - 3, rx: 5, fill: outerFill, stroke: edge, 'stroke-width': 1 }),
      el('rect', { x: CX - centreWidth / 2 - gap / 2, y: top + 2, width: centreWidth + gap, height: pitch - 7, rx: 6, fill: centreFill, stroke: METAL_PALETTES[centreMetal].dark, 'stroke-width': 1 }),
      el('line', { x1: CX - half + 6, y1: top + 5, x2: CX - half + outerWidth - 6, y2: top + 5, stroke: '#ffffff', 'stroke-opacity': 0.55, 'stroke-width': 1.5 }),
    );
  }
  return parts.join('');
}

function lugs(canvas: Canvas, p: WatchImage, geometry: CaseGeometry): string {
  if (geometry.integrated) return '';
  const fill = metalFill(canvas, p.metal === 'twotone' ? 'steel' : p.metal, 'horizontal');
  const edge = METAL_PALETTES[p.metal === 'twotone' ? 'steel' : p.metal].dark;
  const width = 22;
  const reach = 46;
  const hidden = geometry.halfHeight * 0.45;
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const x = side < 0 ? CX - geometry.lugHalfWidth - width + 4 : CX + geometry.lugHalfWidth - 4;
    for (const end of [-1, 1]) {
      const y = end < 0 ? CY - geometry.halfHeight - reach : CY + hidden;
      parts.push(el('rect', { x, y, width, height: geometry.halfHeight - hidden + reach, rx: 10, fill, stroke: edge, 'stroke-width': 1.2 }));
    }
  }
  return parts.join('');
}

function crown(canvas: Canvas, p: WatchImage, geometry: CaseGeometry): string {
  const metal = accentMetal(p.metal);
  const x = CX + geometry.halfWidth - 6;
  const parts = [
    el('rect', { x, y: CY - 10, width: 14, height: 20, fill: metalFill(canvas, metal, 'vertical') }),
    el('rect', { x: x + 10, y: CY - 24, width: 22, height: 48, rx: 6, fill: metalFill(canvas, metal, 'vertical'), stroke: METAL_PALETTES[metal].dark, 'stroke-width': 1.2 }),
  ];
  for (let i = 1; i < 6; i++) {
    parts.push(el('line', { x1: x + 10 + i * 3.6, y1: CY - 21, x2: x + 10 + i * 3.6, y2: CY + 21, stroke: METAL_PALETTES[metal].dark, 'stroke-opacity': 0.5, 'stroke-width': 1 }));
  }
  if ((p.shape === 'square' || p.shape === 'rectangular') && p.numerals === 'roman') {
    parts.push(el('ellipse', { cx: x + 36, cy: CY, rx: 8, ry: 11, fill: '#1f3f9a', stroke: '#0a1848', 'stroke-width': 1 }));
    parts.push(el('ellipse', { cx: x + 34, cy: CY - 4, rx: 2.5, ry: 3.5, fill: '#ffffff', opacity: 0.6 }));
  }
  return parts.join('');
}

function bezel(canvas: Canvas, p: WatchImage, geometry: CaseGeometry, variant: number): string {
  const metal = accentMetal(p.metal);
  const palette = METAL_PALETTES[metal];
  const parts: string[] = [];
  if (p.shape === 'octagon') {
    const octagon = regularPolygon(CX, CY, 158, 8, 22.5);
    parts.push(el('path', { d: polygonPath(octagon), fill: metalFill(canvas, metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 2.5 }));
    parts.push(el('path', { d: polygonPath(regularPolygon(CX, CY, 146, 8, 22.5)), fill: 'none', stroke: palette.highlight, 'stroke-opacity': 0.9, 'stroke-width': 2 }));
    for (const point of regularPolygon(CX, CY, 143, 8, 22.5)) {
      parts.push(el('circle', { cx: point.x, cy: point.y, r: 7, fill: metalFill(canvas, metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1 }));
      parts.push(el('path', { d: polygonPath(regularPolygon(point.x, point.y, 3.6, 6, 0)), fill: palette.dark, opacity: 0.55 }));
    }
    return parts.join('');
  }
  if (!geometry.bezelInner) return '';
  const round = p.shape === 'round' || p.shape === 'cushion';
  const outerR = p.shape === 'cushion' ? 150 : geometry.halfWidth;
  const innerR = p.shape === 'cushion' ? 132 : geometry.halfWidth * 0.87;
  const ring = round ? `${ellipsePath(CX, CY, outerR, outerR)}${ellipsePath(CX, CY, innerR, innerR)}` : `${geometry.outline}${geometry.bezelInner}`;
  if (round && variant === 4) {
    const insert = p.dial === 'black' || isLightDial(p.dial) ? '#17181b' : darken(DIAL_BASE[p.dial], 0.25);
    parts.push(el('path', { d: ring, fill: insert, 'fill-rule': 'evenodd', stroke: palette.dark, 'stroke-width': 1.5 }));
    for (let minute = 0; minute < 60; minute++) {
      if (minute === 0) continue;
      const long = minute % 5 === 0 && minute < 20;
      const a = polar(CX, CY, outerR - 5, minute * 6);
      const b = polar(CX, CY, outerR - (long ? 19 : minute < 15 ? 11 : 8), minute * 6);
      if (minute % 5 === 0 || minute < 15) parts.push(el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: '#e9e6dc', 'stroke-width': minute % 5 === 0 ? 4 : 1.6 }));
    }
    const tip = polar(CX, CY, outerR - 20, 0);
    parts.push(el('polygon', { points: pointList([tip, polar(CX, CY, outerR - 4, -4), polar(CX, CY, outerR - 4, 4)]), fill: '#f2efe4' }));
    parts.push(el('circle', { cx: tip.x, cy: tip.y + 6, r: 3.4, fill: '#d9f2dc' }));
    return parts.join('');
  }
  parts.push(el('path', { d: ring, fill: metalFill(canvas, metal, 'diagonal'), 'fill-rule': 'evenodd', stroke: palette.dark, 'stroke-width': 1.5 }));
  if (round && variant === 3) {
    for (let i = 0; i < 120; i++) {
      const a = polar(CX, CY, outerR - 2, i * 3);
      const b = polar(CX, CY, innerR + 2, i * 3);
      parts.push(el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: i % 2 ? palette.highlight : palette.dark, 'stroke-opacity': 0.5, 'stroke-width': 1.3 }));
    }
  }
  return parts.join('');
}

function dialFace(canvas: Canvas, p: WatchImage, geometry: CaseGeometry): string {
  const base = DIAL_BASE[p.dial];
  const clip = canvas.define('dial-clip', (id) => el('clipPath', { id }, el('path', { d: geometry.dial })));
  const parts: string[] = [];
  if (p.dial === 'mop') {
    const fill = canvas.define('dial-mop', (id) =>
      radialGradient(id, [
        [0, '#fbf8f5'],
        [0.35, '#eef0f6'],
        [0.6, '#f4e9ef'],
        [0.8, '#e9f1ec'],
        [1, '#dcd6d2'],
      ], { x: 0.45, y: 0.4 }, 0.65),
    );
    parts.push(el('path', { d: geometry.dial, fill }));
    for (let i = 0; i < 5; i++) {
      parts.push(el('ellipse', { cx: CX - 60 + i * 30, cy: CY - 40 + i * 22, rx: 90 - i * 8, ry: 40, fill: i % 2 ? '#e6eef8' : '#f6e6ee', opacity: 0.35, transform: `rotate(${-30 + i * 22} ${CX} ${CY})`, 'clip-path': clip }));
    }
  } else {
    const fill = canvas.define(`dial-${p.dial}`, (id) =>
      radialGradient(id, [
        [0, lighten(base, isLightDial(p.dial) ? 0.35 : 0.22)],
        [0.6, base],
        [1, darken(base, 0.3)],
      ], { x: 0.5, y: 0.5 }, 0.55),
    );
    parts.push(el('path', { d: geometry.dial, fill }));
    if (p.shape === 'octagon') {
      const tapisserie = canvas.define('tapisserie', (id) =>
        el(
          'pattern',
          { id, width: 13, height: 13, patternUnits: 'userSpaceOnUse' },
          el('rect', { x: 1.5, y: 1.5, width: 10, height: 10, rx: 1.5, fill: '#ffffff', opacity: 0.1 }),
          el('rect', { x: 1.5, y: 9.5, width: 10, height: 2, fill: '#000000', opacity: 0.12 }),
        ),
      );
      parts.push(el('path', { d: geometry.dial, fill: tapisserie }));
    } else {
      const rays: string[] = [];
      for (let i = 0; i < 90; i++) {
        const end = polar(CX, CY, 240, i * 4);
        rays.push(`M${CX} ${CY}L${fmt(end.x)} ${fmt(end.y)}`);
      }
      parts.push(el('path', { d: rays.join(''), stroke: '#ffffff', 'stroke-opacity': isLightDial(p.dial) ? 0.18 : 0.06, 'stroke-width': 1.4, 'clip-path': clip }));
    }
  }
  parts.push(el('path', { d: geometry.dial, fill: 'none', stroke: darken(base, 0.45), 'stroke-opacity': 0.6, 'stroke-width': 2 }));
  return parts.join('');
}

const ROMAN = ['XII', 'I', 'II', 'III', 'IIII', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'] as const;

/** A Roman numeral drawn with strokes, centred on the origin, `height` tall. */
function romanGlyph(text: string, height: number, colour: string): string {
  const widths: Record<string, number> = { I: 0.16, V: 0.6, X: 0.6 };
  const gap = 0.1 * height;
  const total = [...text].reduce((sum, ch) => sum + (widths[ch] ?? 0) * height, 0) + gap * (text.length - 1);
  let x = -total / 2;
  const top = -height / 2;
  const bottom = height / 2;
  const paths: string[] = [];
  for (const ch of text) {
    const w = (widths[ch] ?? 0) * height;
    if (ch === 'I') paths.push(`M${fmt(x + w / 2)} ${fmt(top)}V${fmt(bottom)}`);
    if (ch === 'V') paths.push(`M${fmt(x)} ${fmt(top)}L${fmt(x + w / 2)} ${fmt(bottom)}L${fmt(x + w)} ${fmt(top)}`);
    if (ch === 'X') paths.push(`M${fmt(x)} ${fmt(top)}L${fmt(x + w)} ${fmt(bottom)}M${fmt(x + w)} ${fmt(top)}L${fmt(x)} ${fmt(bottom)}`);
    x += w + gap;
  }
  const serifs = `M${fmt(-total / 2 - 2)} ${fmt(top)}H${fmt(total / 2 + 2)}M${fmt(-total / 2 - 2)} ${fmt(bottom)}H${fmt(total / 2 + 2)}`;
  return (
    el('path', { d: paths.join(''), stroke: colour, 'stroke-width': height * 0.11, fill: 'none', 'stroke-linecap': 'butt' }) +
    el('path', { d: serifs, stroke: colour, 'stroke-width': height * 0.05, fill: 'none' })
  );
}

function markers(canvas: Canvas, p: WatchImage, geometry: CaseGeometry, numerals: Numerals, skipThree: boolean): string {
  const light = isLightDial(p.dial);
  const ink = light ? '#202226' : '#ece9e1';
  const markerMetal = accentMetal(p.metal === 'ceramic' || p.metal === 'titanium' ? 'white' : p.metal);
  const markerFill = metalFill(canvas, markerMetal, 'horizontal');
  const minReach = Math.min(geometry.dialReach(0), geometry.dialReach(90));
  const parts: string[] = [];
  const track: string[] = [];
  for (let minute = 0; minute < 60; minute++) {
    const angle = minute * 6;
    const reach = geometry.dialReach(angle);
    const a = polar(CX, CY, reach * 0.975, angle);
    const b = polar(CX, CY, reach * 0.975 - (minute % 5 === 0 ? 12 : 7), angle);
    track.push(`M${fmt(a.x)} ${fmt(a.y)}L${fmt(b.x)} ${fmt(b.y)}`);
  }
  parts.push(el('path', { d: track.join(''), stroke: ink, 'stroke-opacity': 0.75, 'stroke-width': 1.3 }));

  for (let hour = 0; hour < 12; hour++) {
    if (skipThree && hour === 3) continue;
    const angle = hour * 30;
    const reach = geometry.dialReach(angle);
    if (numerals === 'roman') {
      const h = minReach * 0.2;
      const at = polar(CX, CY, reach * 0.8 - h * 0.35, angle);
      parts.push(group({ transform: `translate(${fmt(at.x)} ${fmt(at.y)}) rotate(${angle})` }, romanGlyph(ROMAN[hour] ?? 'I', h, ink)));
    } else if (numerals === 'arabic') {
      const at = polar(CX, CY, reach * 0.74, angle);
      parts.push(
        el(
          'text',
          { x: at.x, y: at.y, 'font-family': "'Helvetica Neue', Helvetica, Arial, sans-serif", 'font-size': minReach * 0.17, 'font-weight': 500, fill: ink, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
          String(hour === 0 ? 12 : hour),
        ),
      );
    } else if (numerals === 'diamond') {
      const at = polar(CX, CY, reach * 0.82, angle);
      parts.push(paveStone(canvas, 'diamond', at.x, at.y, hour === 0 ? 11 : 8));
    } else {
      const length = minReach * 0.17;
      const outer = reach * 0.9;
      const doubled = hour === 0;
      for (const offset of doubled ? [-8, 8] : [0]) {
        parts.push(
          group(
            { transform: `rotate(${angle} ${CX} ${CY})` },
            el('rect', { x: CX - 5 + offset, y: CY - outer, width: 10, height: length, rx: 2, fill: markerFill, stroke: METAL_PALETTES[markerMetal].dark, 'stroke-width': 0.8 }),
            light ? '' : el('rect', { x: CX - 2.5 + offset, y: CY - outer + 3, width: 5, height: length - 6, rx: 1, fill: '#f1efe3' }),
          ),
        );
      }
    }
  }
  return parts.join('');
}

function dateWindow(p: WatchImage, geometry: CaseGeometry, day: number): string {
  const at = polar(CX, CY, geometry.dialReach(90) * 0.72, 90);
  return (
    el('rect', { x: at.x - 19, y: at.y - 15, width: 38, height: 30, rx: 2, fill: '#fbfaf6', stroke: isLightDial(p.dial) ? '#8b8e93' : '#c9ccd0', 'stroke-width': 2 }) +
    el('text', { x: at.x, y: at.y + 1, 'font-family': "'Helvetica Neue', Helvetica, Arial, sans-serif", 'font-size': 20, 'font-weight': 600, fill: '#1d1e21', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(day))
  );
}

function handSet(canvas: Canvas, p: WatchImage, reach: number, seconds: number, shadow: boolean): string {
  const light = isLightDial(p.dial);
  const metal = accentMetal(p.metal === 'ceramic' || p.metal === 'titanium' ? 'white' : p.metal);
  const palette = METAL_PALETTES[metal];
  const ink = (colour: string) => (shadow ? '#000000' : colour);
  const dauphine = (length: number, width: number) =>
    el('polygon', { points: pointList([{ x: CX, y: CY - length }, { x: CX - width, y: CY - length * 0.22 }, { x: CX, y: CY + 20 }]), fill: ink(palette.highlight) }) +
    el('polygon', { points: pointList([{ x: CX, y: CY - length }, { x: CX + width, y: CY - length * 0.22 }, { x: CX, y: CY + 20 }]), fill: ink(palette.dark) });
  const baton = (length: number, width: number) =>
    el('rect', { x: CX - width / 2, y: CY - length, width, height: length + 22, rx: width / 2, fill: shadow ? '#000000' : metalFill(canvas, metal, 'horizontal'), stroke: ink(palette.dark), 'stroke-width': 0.8 }) +
    (shadow ? '' : el('rect', { x: CX - width / 2 + 2.5, y: CY - length + 5, width: width - 5, height: length * 0.7, rx: (width - 5) / 2, fill: '#f3f1e6' }));
  const secondColour = ink(light ? '#b0262e' : p.dial === 'red' ? '#f2f0e8' : '#d8402f');
  const hourAngle = (10 + 9 / 60) * 30;
  const minuteAngle = 9 * 6;
  return (
    group({ transform: `rotate(${fmt(hourAngle)} ${CX} ${CY})` }, light ? dauphine(reach * 0.52, 10) : baton(reach * 0.52, 13)) +
    group({ transform: `rotate(${minuteAngle} ${CX} ${CY})` }, light ? dauphine(reach * 0.86, 8) : baton(reach * 0.86, 10)) +
    group(
      { transform: `rotate(${seconds * 6} ${CX} ${CY})` },
      el('line', { x1: CX, y1: CY + reach * 0.22, x2: CX, y2: CY - reach * 0.9, stroke: secondColour, 'stroke-width': 2.6, 'stroke-linecap': 'round' }),
      el('circle', { cx: CX, cy: CY + reach * 0.16, r: 7, fill: secondColour }),
    ) +
    el('circle', { cx: CX, cy: CY, r: 9, fill: shadow ? '#000000' : metalFill(canvas, metal, 'diagonal'), stroke: ink(palette.dark), 'stroke-width': 1 }) +
    (shadow ? '' : el('circle', { cx: CX, cy: CY, r: 3, fill: secondColour }))
  );
}

function hands(canvas: Canvas, p: WatchImage, geometry: CaseGeometry, seconds: number): string {
  const reach = Math.min(geometry.dialReach(0), geometry.dialReach(90));
  const blur = canvas.define('hand-shadow', (id) => blurFilter(id, 3));
  return group({ transform: 'translate(5 8)', opacity: 0.28, filter: blur }, handSet(canvas, p, reach, seconds, true)) + handSet(canvas, p, reach, seconds, false);
}

function crystalGlare(canvas: Canvas, geometry: CaseGeometry): string {
  const clip = canvas.define('dial-clip', (id) => el('clipPath', { id }, el('path', { d: geometry.dial })));
  const fill = canvas.define('glare', (id) =>
    linearGradient(id, [
      [0, '#ffffff', 0.28],
      [1, '#ffffff', 0],
    ], { x: 0, y: 0 }, { x: 0.6, y: 0.8 }),
  );
  return el('ellipse', { cx: CX - 80, cy: CY - 110, rx: 210, ry: 120, transform: `rotate(-28 ${CX - 80} ${CY - 110})`, fill, 'clip-path': clip });
}

function caseBody(canvas: Canvas, p: WatchImage, geometry: CaseGeometry): string {
  const metal = p.metal === 'twotone' ? 'steel' : p.metal;
  return el('path', { d: geometry.outline, fill: metalFill(canvas, metal, 'diagonal'), stroke: METAL_PALETTES[metal].dark, 'stroke-width': 1.6 });
}

interface Variation {
  seconds: number;
  bezel: number;
  date: boolean;
  day: number;
}

function variation(p: WatchImage): Variation {
  const hash = hashString(p.sku);
  return { seconds: 28 + (hash % 22), bezel: (hash >>> 5) % 5, date: ((hash >>> 9) & 1) === 1 && p.numerals !== 'arabic', day: 1 + ((hash >>> 11) % 28) };
}

/** The watch seen from the front, centred on (400, 400). Exported for the winder picture. */
export function watchFront(canvas: Canvas, p: WatchImage, overshoot = 10): string {
  const geometry = caseGeometry(p.shape);
  const v = variation(p);
  return [
    drawStraps(canvas, p, geometry, { overshoot, reverse: false }),
    lugs(canvas, p, geometry),
    crown(canvas, p, geometry),
    caseBody(canvas, p, geometry),
    bezel(canvas, p, geometry, v.bezel),
    dialFace(canvas, p, geometry),
    markers(canvas, p, geometry, p.numerals, v.date),
    v.date ? dateWindow(p, geometry, v.day) : '',
    hands(canvas, p, geometry, v.seconds),
    crystalGlare(canvas, geometry),
  ].join('');
}

/** The case seen from its side, the crown facing the eye: crystal, bezel, middle and back, lugs, the strap curving away. */
function sideView(canvas: Canvas, p: WatchImage): string {
  const geometry = caseGeometry(p.shape);
  const metal = p.metal === 'twotone' ? 'steel' : p.metal;
  const accent = accentMetal(p.metal);
  const palette = METAL_PALETTES[metal];
  const w = Math.max(geometry.halfHeight, 150);
  const strapColour = p.strap === 'bracelet' || p.strap === 'mesh' ? null : STRAP_BASE[p.strapColour];
  const strap = (side: -1 | 1) => {
    const d = `M${fmt(CX + side * (w + 30))} ${CY + 8}C${fmt(CX + side * (w + 120))} ${CY + 40} ${fmt(CX + side * (w + 150))} ${CY + 200} ${fmt(CX + side * (w + 120))} 830`;
    if (strapColour) return el('path', { d, fill: 'none', stroke: darken(strapColour, 0.35), 'stroke-width': 34, 'stroke-linecap': 'round' }) + el('path', { d, fill: 'none', stroke: strapColour, 'stroke-width': 28 });
    return el('path', { d, fill: 'none', stroke: palette.dark, 'stroke-width': 36 }) + el('path', { d, fill: 'none', stroke: metalFill(canvas, metal, 'horizontal'), 'stroke-width': 30, 'stroke-dasharray': p.strap === 'mesh' ? '3 2' : '26 4' });
  };
  const lug = (side: -1 | 1) =>
    el('path', {
      d: `M${fmt(CX + side * (w - 20))} ${CY - 24}L${fmt(CX + side * (w + 44))} ${CY - 6}Q${fmt(CX + side * (w + 60))} ${CY + 2} ${fmt(CX + side * (w + 54))} ${CY + 24}L${fmt(CX + side * (w - 20))} ${CY + 26}Z`,
      fill: metalFill(canvas, metal, 'vertical'),
      stroke: palette.dark,
      'stroke-width': 1.4,
    });
  const knurl = Array.from({ length: 24 }, (_, i) => {
    const a = polar(CX, CY, 27, i * 15);
    const b = polar(CX, CY, 33, i * 15);
    return el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: METAL_PALETTES[accent].dark, 'stroke-width': 2 });
  }).join('');
  return [
    softShadow(canvas, 400, 560, w + 120, 40, 0.2),
    strap(-1),
    strap(1),
    lug(-1),
    lug(1),
    el('rect', { x: CX - w + 24, y: CY + 24, width: 2 * w - 48, height: 26, rx: 10, fill: metalFill(canvas, metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1.4 }),
    el('rect', { x: CX - w, y: CY - 32, width: 2 * w, height: 64, rx: 12, fill: metalFill(canvas, metal, 'vertical'), stroke: palette.dark, 'stroke-width': 1.6 }),
    el('rect', { x: CX - w + 8, y: CY - 56, width: 2 * w - 16, height: 26, rx: 9, fill: metalFill(canvas, accent, 'vertical'), stroke: METAL_PALETTES[accent].dark, 'stroke-width': 1.4 }),
    el('path', { d: `M${fmt(CX - w + 22)} ${CY - 56}Q${CX} ${CY - 96} ${fmt(CX + w - 22)} ${CY - 56}Z`, fill: '#dde8ef', opacity: 0.75, stroke: '#9fb2c0', 'stroke-width': 1.2 }),
    el('path', { d: `M${fmt(CX - w * 0.5)} ${CY - 70}Q${CX - w * 0.2} ${CY - 84} ${CX + w * 0.1} ${CY - 80}`, fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.8, 'stroke-width': 4, 'stroke-linecap': 'round' }),
    // The crown, seen end on, with its knurled edge and, for some houses, a coloured cabochon.
    el('circle', { cx: CX, cy: CY, r: 34, fill: metalFill(canvas, accent, 'diagonal'), stroke: METAL_PALETTES[accent].dark, 'stroke-width': 1.4 }),
    knurl,
    el('circle', { cx: CX, cy: CY, r: 22, fill: metalFill(canvas, accent, 'horizontal'), stroke: METAL_PALETTES[accent].dark, 'stroke-width': 1 }),
    (p.shape === 'square' || p.shape === 'rectangular') && p.numerals === 'roman' ? el('circle', { cx: CX, cy: CY, r: 12, fill: '#1f3f9a', stroke: '#0a1848' }) : el('path', { d: `M${CX - 9} ${CY + 4}L${CX - 5} ${CY - 8}L${CX} ${CY}L${CX + 5} ${CY - 8}L${CX + 9} ${CY + 4}Z`, fill: METAL_PALETTES[accent].dark, opacity: 0.6 }),
  ].join('');
}

/** The watch on a wrist: the forearm across the picture, the strap running round it out of sight. */
function wristView(canvas: Canvas, p: WatchImage): string {
  const arm = wrist(canvas);
  return [
    arm.body,
    group({ 'clip-path': arm.clip }, group({ transform: 'translate(400 400) scale(0.62) translate(-400 -400)' }, watchFront(canvas, p, 200)), wristShade(canvas)),
  ].join('');
}

function detailView(canvas: Canvas, p: WatchImage): string {
  const geometry = caseGeometry(p.shape);
  const focus = polar(CX, CY, Math.min(geometry.halfWidth, geometry.halfHeight) * 0.45, 40);
  return group({ transform: `translate(400 400) scale(2.15) translate(${fmt(-focus.x)} ${fmt(-focus.y)})` }, watchFront(canvas, p));
}

function movement(canvas: Canvas, p: WatchImage, r: number): string {
  const clip = canvas.define('window-clip', (id) => el('clipPath', { id }, el('circle', { cx: CX, cy: CY, r })));
  const plate = canvas.define('plate', (id) =>
    linearGradient(id, [
      [0, '#d7dadd'],
      [0.5, '#b5b9be'],
      [1, '#cfd2d6'],
    ]),
  );
  const stripes: string[] = [];
  for (let i = -6; i <= 6; i++) {
    stripes.push(el('rect', { x: CX - 300, y: CY + i * 26 - 13, width: 600, height: 26, fill: i % 2 ? '#dfe2e5' : '#bfc3c8', opacity: 0.75, transform: `rotate(-30 ${CX} ${CY})` }));
  }
  const wheels = [
    { x: CX + r * 0.35, y: CY - r * 0.3, r: r * 0.22 },
    { x: CX - r * 0.1, y: CY - r * 0.45, r: r * 0.15 },
    { x: CX + r * 0.45, y: CY + r * 0.2, r: r * 0.13 },
  ];
  const wheel = wheels
    .map((w) => el('circle', { cx: w.x, cy: w.y, r: w.r, fill: '#d8b56a', stroke: '#a8843a', 'stroke-width': 4, 'stroke-dasharray': '2.2 2.2' }) + el('circle', { cx: w.x, cy: w.y, r: 4, fill: '#b3102e' }))
    .join('');
  const balance = { x: CX - r * 0.42, y: CY + r * 0.3 };
  const balanceWheel =
    el('circle', { cx: balance.x, cy: balance.y, r: r * 0.2, fill: 'none', stroke: '#c9a24f', 'stroke-width': 5 }) +
    [0, 120, 240]
      .map((a) => {
        const end = polar(balance.x, balance.y, r * 0.2, a);
        return el('line', { x1: balance.x, y1: balance.y, x2: end.x, y2: end.y, stroke: '#c9a24f', 'stroke-width': 3 });
      })
      .join('') +
    el('circle', { cx: balance.x, cy: balance.y, r: 5, fill: '#b3102e' });
  const rotorMetal = p.metal === 'yellow' || p.metal === 'rose' || p.metal === 'white' || p.metal === 'platinum' ? accentMetal(p.metal === 'platinum' ? 'white' : p.metal) : 'steel';
  const rotorAngle = hashString(p.sku) % 360;
  const rotorR = r * 0.93;
  const rotor = group(
    { transform: `rotate(${rotorAngle} ${CX} ${CY})` },
    el('path', { d: `M${fmt(CX - rotorR)} ${CY}A${fmt(rotorR)} ${fmt(rotorR)} 0 0 1 ${fmt(CX + rotorR)} ${CY}L${fmt(CX + r * 0.16)} ${CY}A${fmt(r * 0.16)} ${fmt(r * 0.16)} 0 0 0 ${fmt(CX - r * 0.16)} ${CY}Z`, fill: metalFill(canvas, rotorMetal, 'horizontal'), stroke: METAL_PALETTES[rotorMetal].dark, 'stroke-width': 1.5 }),
    el('path', { d: `M${fmt(CX - rotorR * 0.8)} ${CY}A${fmt(rotorR * 0.8)} ${fmt(rotorR * 0.8)} 0 0 1 ${fmt(CX + rotorR * 0.8)} ${CY}`, fill: 'none', stroke: METAL_PALETTES[rotorMetal].dark, 'stroke-opacity': 0.4, 'stroke-width': 1.2 }),
  );
  const jewels = [polar(CX, CY, r * 0.6, 200), polar(CX, CY, r * 0.7, 250), polar(CX, CY, r * 0.55, 150)]
    .map((j) => el('circle', { cx: j.x, cy: j.y, r: 4.5, fill: '#b3102e', stroke: '#e8e2d6', 'stroke-width': 2 }))
    .join('');
  return group(
    { 'clip-path': clip },
    el('circle', { cx: CX, cy: CY, r, fill: plate }),
    ...stripes,
    wheel,
    balanceWheel,
    jewels,
    rotor,
    el('circle', { cx: CX, cy: CY, r: 10, fill: metalFill(canvas, 'steel', 'diagonal'), stroke: '#676e77' }),
    el('ellipse', { cx: CX - r * 0.3, cy: CY - r * 0.45, rx: r * 0.9, ry: r * 0.35, fill: '#ffffff', opacity: 0.12, transform: `rotate(-30 ${CX} ${CY})` }),
  );
}

function backView(canvas: Canvas, p: WatchImage): string {
  const geometry = caseGeometry(p.shape);
  const metal = p.metal === 'twotone' ? 'steel' : p.metal;
  const palette = METAL_PALETTES[metal];
  const r = Math.min(geometry.halfWidth, geometry.halfHeight) * 0.86;
  const notches = Array.from({ length: 6 }, (_, i) => {
    const at = polar(CX, CY, r * 0.9, i * 60 + 30);
    return el('rect', { x: at.x - 9, y: at.y - 4, width: 18, height: 8, rx: 2, fill: palette.dark, opacity: 0.6, transform: `rotate(${i * 60 + 30} ${fmt(at.x)} ${fmt(at.y)})` });
  }).join('');
  return [
    softShadow(canvas, 410, 420, geometry.halfWidth * 1.05, geometry.halfHeight * 1.05, 0.26),
    drawStraps(canvas, p, geometry, { overshoot: 10, reverse: true }),
    lugs(canvas, p, geometry),
    caseBody(canvas, p, geometry),
    el('circle', { cx: CX, cy: CY, r, fill: metalFill(canvas, metal, 'horizontal'), stroke: palette.dark, 'stroke-width': 1.4 }),
    el('circle', { cx: CX, cy: CY, r: r * 0.96, fill: 'none', stroke: palette.highlight, 'stroke-opacity': 0.7, 'stroke-width': 1.2 }),
    notches,
    el('circle', { cx: CX, cy: CY, r: r * 0.74, fill: 'none', stroke: palette.dark, 'stroke-width': 2 }),
    movement(canvas, p, r * 0.72),
  ].join('');
}

/** 1 dial front, 2 case side with the crown, 3 case back, 4 on the wrist, 5 dial detail (IMAGE_VIEWS.watch). */
export function drawWatch(canvas: Canvas, p: WatchImage, view: WornView): string {
  const geometry = caseGeometry(p.shape);
  switch (view) {
    case 1:
      return softShadow(canvas, 412, 422, geometry.halfWidth * 1.04, geometry.halfHeight * 1.04, 0.28) + watchFront(canvas, p);
    case 2:
      return sideView(canvas, p);
    case 3:
      return backView(canvas, p);
    case 4:
      return wristView(canvas, p);
    case 5:
      return detailView(canvas, p);
  }
}

