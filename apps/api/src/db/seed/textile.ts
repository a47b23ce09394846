import { createRandom, type Random } from './random.ts';

// Fabric drawn as SVG in code, no network: the same design and view always give the same SVG.

export type TextileStyle = 'kanjivaram' | 'checks' | 'brocade' | 'lehenga' | 'blockprint' | 'bandhani';
export type MotifKind = 'paisley' | 'flower' | 'diamond' | 'star' | 'leaf';
export const TEXTILE_VIEWS = ['drape', 'body', 'border', 'pallu'] as const;
type TextileView = (typeof TEXTILE_VIEWS)[number];

export interface TextileDesign {
  style: TextileStyle;
  ground: string;
  border: string;
  accent: string;
  motif: MotifKind;
  metal: 'gold' | 'silver';
  seed: number;
}

const IMAGE_WIDTH = 600;
const IMAGE_HEIGHT = 800;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** One motif drawn in a 40×40 box centred on (20, 20). */
function motifShape(kind: MotifKind, fill: string, inner: string): string {
  switch (kind) {
    case 'paisley':
      return (
        `<path d="M19 36c-8 0-12-6-10-12 2-7 10-8 13-15 2-3 3-5 2-7 5 4 9 11 8 19-1 9-6 15-13 15z" fill="${fill}"/>` +
        `<circle cx="18" cy="26" r="4" fill="${inner}"/><circle cx="18" cy="26" r="1.6" fill="${fill}"/>` +
        `<circle cx="9" cy="10" r="1.6" fill="${fill}"/><circle cx="33" cy="33" r="1.6" fill="${fill}"/>`
      );
    case 'flower':
      return (
        [0, 60, 120, 180, 240, 300].map((a) => `<ellipse cx="20" cy="11" rx="4.2" ry="8" fill="${fill}" transform="rotate(${a} 20 20)"/>`).join('') +
        `<circle cx="20" cy="20" r="4.5" fill="${inner}"/><circle cx="20" cy="20" r="2" fill="${fill}"/>`
      );
    case 'diamond':
      return (
        `<path d="M20 3 32 20 20 37 8 20z" fill="${fill}"/><path d="M20 11 26 20 20 29 14 20z" fill="${inner}"/>` +
        `<circle cx="20" cy="20" r="2" fill="${fill}"/>`
      );
    case 'star':
      return (
        `<path d="M20 2 24 14 37 11 27 20 37 29 24 26 20 38 16 26 3 29 13 20 3 11 16 14z" fill="${fill}"/>` +
        `<circle cx="20" cy="20" r="4" fill="${inner}"/>`
      );
    case 'leaf':
      return (
        `<path d="M20 3c9 8 9 22 0 34-9-12-9-26 0-34z" fill="${fill}"/><path d="M20 8v26" stroke="${inner}" stroke-width="1.6"/>` +
        `<path d="M20 18l-5-4M20 24l5-4M20 29l-5-4" stroke="${inner}" stroke-width="1.2"/>`
      );
  }
}

const placed = (kind: MotifKind, x: number, y: number, size: number, fill: string, inner: string, rotate = 0) =>
  `<g transform="translate(${f(x - size / 2)} ${f(y - size / 2)}) scale(${f(size / 40)})${rotate ? ` rotate(${rotate} 20 20)` : ''}">${motifShape(kind, fill, inner)}</g>`;

interface Ctx {
  d: TextileDesign;
  rng: Random;
  zari: string;
  zariFlat: string;
}

/** The repeating ground of the fabric, as a pattern tile of size `cell`. */
function bodyPattern(c: Ctx, id: string, scale: number): string {
  const { d, zari } = c;
  const tile = (cell: number, inner: string) =>
    `<pattern id="${id}" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse" patternTransform="scale(${f(scale)})">` +
    `<rect width="${cell}" height="${cell}" fill="${d.ground}"/>${inner}</pattern>`;
  switch (d.style) {
    case 'kanjivaram': {
      const cell = 84;
      return tile(cell, placed(d.motif, cell / 2, cell / 2, 30, zari, d.ground) + [0, cell].flatMap((x) => [0, cell].map((y) => `<circle cx="${x}" cy="${y}" r="3" fill="${zari}"/>`)).join(''));
    }
    case 'checks': {
      const cell = 52;
      return tile(
        cell,
        `<rect x="0" y="0" width="14" height="${cell}" fill="${d.border}" opacity=".55"/><rect x="0" y="0" width="${cell}" height="14" fill="${d.border}" opacity=".55"/>` +
          `<rect x="30" y="0" width="2" height="${cell}" fill="${d.accent}"/><rect x="0" y="30" width="${cell}" height="2" fill="${d.accent}"/>` +
          `<rect x="40" y="0" width="1.2" height="${cell}" fill="${c.zariFlat}"/><rect x="0" y="40" width="${cell}" height="1.2" fill="${c.zariFlat}"/>`,
      );
    }
    case 'brocade': {
      const cell = 60;
      return tile(
        cell,
        `<path d="M0 0 L${cell} ${cell} M${cell} 0 L0 ${cell}" stroke="${zari}" stroke-width="2.4"/>` +
          placed(d.motif, cell / 2, cell / 2, 24, zari, d.ground) +
          placed('flower', 0, 0, 14, zari, d.accent) +
          placed('flower', cell, 0, 14, zari, d.accent) +
          placed('flower', 0, cell, 14, zari, d.accent) +
          placed('flower', cell, cell, 14, zari, d.accent),
      );
    }
    case 'lehenga': {
      const cell = 48;
      return tile(
        cell,
        placed(d.motif, cell / 2, cell / 2, 26, zari, d.accent) +
          placed('flower', 0, 0, 16, d.accent, zari) +
          placed('flower', cell, cell, 16, d.accent, zari) +
          placed('flower', cell, 0, 16, d.accent, zari) +
          placed('flower', 0, cell, 16, d.accent, zari) +
          `<circle cx="${cell / 2}" cy="4" r="3" fill="#e9eef2" stroke="${zari}" stroke-width="1"/><circle cx="4" cy="${cell / 2}" r="3" fill="#e9eef2" stroke="${zari}" stroke-width="1"/>`,
      );
    }
    case 'blockprint': {
      const cell = 56;
      return tile(
        cell,
        placed(d.motif, cell / 2, cell / 2, 28, d.accent, d.ground) +
          placed('leaf', 6, 6, 12, d.border, d.ground, 45) +
          placed('leaf', cell - 6, cell - 6, 12, d.border, d.ground, 45) +
          `<circle cx="${cell - 6}" cy="8" r="2" fill="${d.accent}"/><circle cx="8" cy="${cell - 6}" r="2" fill="${d.accent}"/>`,
      );
    }
    case 'bandhani': {
      const cell = 30;
      const ring = (cx: number, cy: number) =>
        [0, 45, 90, 135, 180, 225, 270, 315]
          .map((a) => `<circle cx="${f(cx + 5 * Math.cos((a * Math.PI) / 180))}" cy="${f(cy + 5 * Math.sin((a * Math.PI) / 180))}" r="1.5" fill="#fbf2dc"/>`)
          .join('') + `<circle cx="${cx}" cy="${cy}" r="1.8" fill="${d.accent}"/>`;
      return tile(cell, ring(cell / 2, cell / 2) + ring(0, 0) + ring(cell, 0) + ring(0, cell) + ring(cell, cell));
    }
  }
}

/** A horizontal border band (the saree's korvai / the lehenga's hem) from y to y+h. */
function borderBand(c: Ctx, id: string, x: number, y: number, w: number, h: number): string {
  const { d, zari } = c;
  const templeH = h * 0.28;
  const rowH = h * 0.4;
  const heavy = d.style !== 'checks' && d.style !== 'blockprint';
  const temple =
    `<pattern id="${id}-t" width="${f(templeH)}" height="${f(templeH)}" patternUnits="userSpaceOnUse" x="${x}" y="${f(y)}">` +
    (heavy
      ? `<path d="M0 ${f(templeH)} L${f(templeH / 2)} ${f(templeH * 0.15)} L${f(templeH)} ${f(templeH)}z" fill="${zari}"/>` +
        `<path d="M${f(templeH * 0.3)} ${f(templeH)} L${f(templeH / 2)} ${f(templeH * 0.55)} L${f(templeH * 0.7)} ${f(templeH)}z" fill="${d.border}"/>`
      : `<rect y="${f(templeH * 0.45)}" width="${f(templeH * 0.6)}" height="${f(templeH * 0.18)}" fill="${d.accent}"/>`) +
    `</pattern>` +
    `<pattern id="${id}-m" width="${f(rowH * 1.3)}" height="${f(rowH)}" patternUnits="userSpaceOnUse" x="${x}" y="${f(y + templeH + h * 0.06)}">` +
    placed(d.motif, rowH * 0.65, rowH / 2, rowH * 0.86, heavy ? zari : d.accent, d.border) +
    `</pattern>`;
  const line = (ly: number, lh: number, fill: string) => `<rect x="${x}" y="${f(ly)}" width="${w}" height="${f(lh)}" fill="${fill}"/>`;
  return (
    `<defs>${temple}</defs>` +
    line(y, h, d.border) +
    `<rect x="${x}" y="${f(y)}" width="${w}" height="${f(templeH)}" fill="url(#${id}-t)"/>` +
    line(y + templeH, h * 0.03, zari) +
    `<rect x="${x}" y="${f(y + templeH + h * 0.06)}" width="${w}" height="${f(rowH)}" fill="url(#${id}-m)"/>` +
    line(y + templeH + h * 0.5, h * 0.03, zari) +
    line(y + h * 0.86, h * 0.05, heavy ? zari : d.accent) +
    line(y + h * 0.94, h * 0.02, d.ground)
  );
}

/** The pallu: stripes of ground, border colour and zari around a row of large motifs. */
function pallu(c: Ctx, id: string, x: number, y: number, w: number, h: number): string {
  const { d, zari, rng } = c;
  const parts: string[] = [`<rect x="${x}" y="${f(y)}" width="${w}" height="${f(h)}" fill="${d.border}"/>`];
  const stripes = (from: number, to: number) => {
    let sy = from;
    while (sy < to) {
      const sh = Math.min(to - sy, 4 + rng.next() * 16);
      const fill = rng.pick([zari, d.ground, d.border, zari, d.accent]);
      parts.push(`<rect x="${x}" y="${f(sy)}" width="${w}" height="${f(sh)}" fill="${fill}"/>`);
      sy += sh + 2 + rng.next() * 6;
    }
  };
  const rowY = y + h * 0.3;
  const rowH = h * 0.4;
  stripes(y, rowY - 6);
  parts.push(
    `<defs><pattern id="${id}-p" width="${f(rowH * 0.9)}" height="${f(rowH)}" patternUnits="userSpaceOnUse" x="${x}" y="${f(rowY)}">` +
      placed(d.style === 'bandhani' ? 'flower' : 'paisley', rowH * 0.45, rowH / 2, rowH * 0.8, zari, d.border) +
      `</pattern></defs>`,
    `<rect x="${x}" y="${f(rowY)}" width="${w}" height="${f(rowH)}" fill="url(#${id}-p)"/>`,
  );
  stripes(rowY + rowH + 6, y + h);
  return parts.join('');
}

/** Light and shade across the width: pleats of a draped saree. */
function pleats(rng: Random, id: string, strength: number): string {
  const stops: string[] = [];
  let at = 0;
  let dark = rng.chance(0.5);
  while (at <= 1) {
    stops.push(`<stop offset="${f(at * 100)}%" stop-color="${dark ? '#000' : '#fff'}" stop-opacity="${f(dark ? strength : strength * 0.45)}"/>`);
    at += 0.04 + rng.next() * 0.07;
    dark = !dark;
  }
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.08">${stops.join('')}</linearGradient>`;
}

const SHARED_DEFS = (metal: 'gold' | 'silver') =>
  (metal === 'gold'
    ? `<linearGradient id="zari" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8e39a"/><stop offset=".45" stop-color="#c8932c"/><stop offset=".7" stop-color="#e9c763"/><stop offset="1" stop-color="#a8741c"/></linearGradient>`
    : `<linearGradient id="zari" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f4f4"/><stop offset=".5" stop-color="#a9adb3"/><stop offset="1" stop-color="#e2e4e8"/></linearGradient>`) +
  `<pattern id="weave" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="1.3" fill="#000" opacity=".07"/><rect width="1.3" height="4" fill="#fff" opacity=".05"/></pattern>` +
  `<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>`;

export function textileSvg(d: TextileDesign, view: TextileView): string {
  const W = IMAGE_WIDTH;
  const H = IMAGE_HEIGHT;
  const rng = createRandom(d.seed * 7 + TEXTILE_VIEWS.indexOf(view));
  const c: Ctx = { d, rng, zari: 'url(#zari)', zariFlat: d.metal === 'gold' ? '#d4a63a' : '#c5c8cc' };
  const defs: string[] = [SHARED_DEFS(d.metal)];
  const body: string[] = [];

  if (view === 'drape' && d.style === 'lehenga') {
    // A flared skirt on a warm backdrop, the hem border following the flare.
    const skirt = `M205 70 L395 70 Q470 380 575 730 Q300 790 25 730 Q130 380 205 70z`;
    defs.push(bodyPattern(c, 'ground', 0.9), pleats(rng, 'pleats', 0.3), `<clipPath id="skirt"><path d="${skirt}"/></clipPath>`);
    body.push(
      `<rect width="${W}" height="${H}" fill="#f3e6d2"/><ellipse cx="300" cy="770" rx="290" ry="26" fill="#000" opacity=".12"/>`,
      `<g clip-path="url(#skirt)"><rect width="${W}" height="${H}" fill="url(#ground)"/>${borderBand(c, 'hem', 0, 600, W, 190)}`,
      `<rect y="70" width="${W}" height="26" fill="${c.zari}"/><rect width="${W}" height="${H}" fill="url(#pleats)"/><rect width="${W}" height="${H}" fill="url(#weave)"/></g>`,
    );
  } else if (view === 'drape' && d.style === 'blockprint') {
    // A kurti laid flat: yoke, sleeves and an A-line hem with a printed border.
    const kurti =
      'M232 58 Q300 120 368 58 L452 86 L552 262 L494 292 L430 196 L476 742 Q300 772 124 742 L170 196 L106 292 L48 262 L148 86z';
    defs.push(bodyPattern(c, 'ground', 0.8), pleats(rng, 'pleats', 0.12), `<clipPath id="kurti"><path d="${kurti}"/></clipPath>`);
    body.push(
      `<rect width="${W}" height="${H}" fill="#efe4d3"/><ellipse cx="300" cy="765" rx="200" ry="16" fill="#000" opacity=".1"/>`,
      `<g clip-path="url(#kurti)"><rect width="${W}" height="${H}" fill="url(#ground)"/>${borderBand(c, 'hem', 0, 680, W, 90)}`,
      `<path d="M232 58 Q300 120 368 58" fill="none" stroke="${d.border}" stroke-width="14"/>`,
      `<path d="M540 240 L482 272 M60 240 L118 272" stroke="${d.border}" stroke-width="22"/>`,
      `<rect width="${W}" height="${H}" fill="url(#pleats)"/></g>`,
    );
  } else if (view === 'drape') {
    defs.push(bodyPattern(c, 'ground', 1), pleats(rng, 'pleats', 0.26));
    body.push(
      pallu(c, 'pallu', 0, 0, W, H * 0.3),
      `<rect y="${H * 0.3}" width="${W}" height="${H * 0.5}" fill="url(#ground)"/>`,
      borderBand(c, 'border', 0, H * 0.8, W, H * 0.2),
      `<rect width="${W}" height="${H}" fill="url(#pleats)"/>`,
    );
  } else if (view === 'body') {
    defs.push(bodyPattern(c, 'ground', 2.1));
    body.push(`<rect width="${W}" height="${H}" fill="url(#ground)"/>`);
  } else if (view === 'border') {
    // The border seen close, laid at a slant across the body.
    defs.push(bodyPattern(c, 'ground', 1.4));
    body.push(
      `<g transform="rotate(-8 300 400)"><rect x="-130" y="-110" width="860" height="1020" fill="url(#ground)"/>${borderBand(c, 'border', -130, 300, 860, 260)}</g>`,
    );
  } else {
    defs.push(bodyPattern(c, 'ground', 1.2));
    body.push(pallu(c, 'pallu', 0, 0, W, H * 0.72), `<rect y="${H * 0.72}" width="${W}" height="${H * 0.28}" fill="url(#ground)"/>`);
    // A tasselled edge: the pallu's loose warp threads.
    for (let x = 6; x < W; x += 12) body.push(`<rect x="${x}" y="${H * 0.72 - 3}" width="3" height="14" fill="${c.zariFlat}" opacity=".8"/>`);
  }
  body.push(`<rect width="${W}" height="${H}" fill="url(#weave)"/>`, `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}
