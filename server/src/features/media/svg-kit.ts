/** Small helpers for writing SVG by hand: elements, numbers, colours, gradients and the shared backdrop. */

export interface Point {
  x: number;
  y: number;
}

export type Attrs = Record<string, string | number | undefined>;

/** Two decimals at most: enough for an 800 px drawing, and it keeps the documents small. */
export function fmt(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  // Built from whole hundredths because printing a fraction is the slowest step when the seed draws thousands of
  // pictures; the text is the same as String(Math.round(value * 100) / 100).
  const hundredths = Math.round(value * 100);
  if (hundredths === 0) return '0';
  const sign = hundredths < 0 ? '-' : '';
  const magnitude = Math.abs(hundredths);
  const whole = Math.floor(magnitude / 100);
  const cents = magnitude - whole * 100;
  if (cents === 0) return `${sign}${whole}`;
  if (cents % 10 === 0) return `${sign}${whole}.${cents / 10}`;
  return `${sign}${whole}.${cents < 10 ? '0' : ''}${cents}`;
}

const NEEDS_ESCAPE = /[&<"]/;

function escapeAttribute(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export function el(tag: string, attrs: Attrs, ...children: string[]): string {
  let open = `<${tag}`;
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined) continue;
    open += ` ${name}="${typeof value === 'number' ? fmt(value) : escapeAttribute(value)}"`;
  }
  return children.length === 0 ? `${open}/>` : `${open}>${children.join('')}</${tag}>`;
}

export function group(attrs: Attrs, ...children: string[]): string {
  return el('g', attrs, ...children);
}

export function pointList(points: readonly Point[]): string {
  return points.map((p) => `${fmt(p.x)},${fmt(p.y)}`).join(' ');
}

export function polygonPath(points: readonly Point[]): string {
  return `M${points.map((p) => `${fmt(p.x)} ${fmt(p.y)}`).join('L')}Z`;
}

/** 0 degrees is twelve o'clock and angles run clockwise, as on a dial. */
export function polar(cx: number, cy: number, radius: number, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  return { x: cx + radius * Math.sin(radians), y: cy - radius * Math.cos(radians) };
}

export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${fmt(cx - rx)} ${fmt(cy)}a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(2 * rx)} 0a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(-2 * rx)} 0Z`;
}

export function roundedRectPath(cx: number, cy: number, halfWidth: number, halfHeight: number, radius: number): string {
  const r = Math.min(radius, halfWidth, halfHeight);
  const left = cx - halfWidth;
  const right = cx + halfWidth;
  const top = cy - halfHeight;
  const bottom = cy + halfHeight;
  return [
    `M${fmt(left + r)} ${fmt(top)}`,
    `H${fmt(right - r)}`,
    `Q${fmt(right)} ${fmt(top)} ${fmt(right)} ${fmt(top + r)}`,
    `V${fmt(bottom - r)}`,
    `Q${fmt(right)} ${fmt(bottom)} ${fmt(right - r)} ${fmt(bottom)}`,
    `H${fmt(left + r)}`,
    `Q${fmt(left)} ${fmt(bottom)} ${fmt(left)} ${fmt(bottom - r)}`,
    `V${fmt(top + r)}`,
    `Q${fmt(left)} ${fmt(top)} ${fmt(left + r)} ${fmt(top)}Z`,
  ].join('');
}

/** FNV-1a: a stable small number from a text, for tiny per-item variations (second hand, glints). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear mix of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = channels(a);
  const [br, bg, bb] = channels(b);
  const k = Math.min(1, Math.max(0, t));
  const channel = (x: number, y: number) => Math.round(x + (y - x) * k).toString(16).padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

export const lighten = (hex: string, t: number) => mix(hex, '#ffffff', t);
export const darken = (hex: string, t: number) => mix(hex, '#000000', t);

export type Stop = readonly [offset: number, colour: string, opacity?: number];

function stops(list: readonly Stop[]): string[] {
  return list.map(([offset, colour, opacity]) =>
    el('stop', { offset: `${fmt(offset * 100)}%`, 'stop-color': colour, 'stop-opacity': opacity }),
  );
}

export function linearGradient(id: string, list: readonly Stop[], from: Point = { x: 0, y: 0 }, to: Point = { x: 1, y: 1 }): string {
  return el('linearGradient', { id, x1: from.x, y1: from.y, x2: to.x, y2: to.y }, ...stops(list));
}

export function radialGradient(id: string, list: readonly Stop[], centre: Point = { x: 0.5, y: 0.5 }, radius = 0.5, focus?: Point): string {
  return el('radialGradient', { id, cx: centre.x, cy: centre.y, r: radius, fx: focus?.x, fy: focus?.y }, ...stops(list));
}

export function blurFilter(id: string, deviation: number): string {
  return el(
    'filter',
    { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
    el('feGaussianBlur', { stdDeviation: deviation }),
  );
}

/** A polished metal: bright bands between darker ones, as a studio light box reflects in gold or steel. */
export interface MetalPalette {
  highlight: string;
  light: string;
  mid: string;
  dark: string;
}

export function metalStops(palette: MetalPalette): Stop[] {
  return [
    [0, palette.light],
    [0.22, palette.highlight],
    [0.45, palette.mid],
    [0.62, palette.dark],
    [0.8, palette.light],
    [1, palette.mid],
  ];
}

export interface Canvas {
  /** Prefix for element ids, so that several drawings can share one HTML page. */
  id: (name: string) => string;
  url: (name: string) => string;
  /** Adds a definition once; later calls with the same name are ignored. Returns `url(#...)`. */
  define: (name: string, build: (id: string) => string) => string;
  defs: string[];
}

export function createCanvas(seedText: string): Canvas {
  const prefix = `m${hashString(seedText).toString(36)}`;
  const id = (name: string) => `${prefix}-${name}`;
  const url = (name: string) => `url(#${id(name)})`;
  const defs: string[] = [];
  const defined = new Set<string>();
  const define = (name: string, build: (id: string) => string) => {
    if (!defined.has(name)) {
      defined.add(name);
      defs.push(build(id(name)));
    }
    return url(name);
  };
  return { id, url, define, defs };
}

export function svgDocument(width: number, height: number, canvas: Canvas, body: readonly string[], options: { title?: string; preserveAspectRatio?: string } = {}): string {
  const head = options.title ? el('title', {}, escapeAttribute(options.title)) : '';
  const aspect = options.preserveAspectRatio ? ` preserveAspectRatio="${options.preserveAspectRatio}"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"${aspect} role="img">` +
    head +
    (canvas.defs.length ? `<defs>${canvas.defs.join('')}</defs>` : '') +
    body.join('') +
    '</svg>'
  );
}

/** The calm studio backdrop every product picture shares: warm paper white with a soft vignette. */
export function studioBackdrop(canvas: Canvas, size: number): string {
  const fill = canvas.define('backdrop', (id) =>
    radialGradient(id, [
      [0, '#fbfaf8'],
      [0.65, '#f3f1ed'],
      [1, '#e4e0da'],
    ], { x: 0.5, y: 0.42 }, 0.75),
  );
  return el('rect', { width: size, height: size, fill });
}

/** A soft contact shadow under an object; drawn before the object. */
export function softShadow(canvas: Canvas, cx: number, cy: number, rx: number, ry: number, opacity = 0.22): string {
  const filter = canvas.define('shadow-blur', (id) => blurFilter(id, 14));
  return el('ellipse', { cx, cy, rx, ry, fill: '#3b3026', opacity, filter });
}
