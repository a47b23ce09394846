// Products store colours as hex; a file from another shop (a Shopify export) names them. These names,
// with the colour each stands for, let an import read "Maroon" as a swatch.

export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  Black: '#000000',
  Charcoal: '#36454f',
  Grey: '#808080',
  Silver: '#c0c0c0',
  White: '#ffffff',
  Ivory: '#fbf7f0',
  Cream: '#fff3d6',
  Beige: '#e1c699',
  Brown: '#784828',
  Maroon: '#7a1f2b',
  Wine: '#5e1630',
  Red: '#c81e28',
  Crimson: '#dc143c',
  'Rani Pink': '#d62976',
  Pink: '#f5a0be',
  Peach: '#ffc8a0',
  Coral: '#ff7f50',
  Orange: '#f07814',
  Saffron: '#f49628',
  Mustard: '#d2aa28',
  Gold: '#e0a526',
  Yellow: '#fadc28',
  Lime: '#aad23c',
  Green: '#228b22',
  'Bottle Green': '#005a32',
  Olive: '#6e7828',
  Mint: '#a0e1be',
  Teal: '#0f6e6e',
  'Peacock Blue': '#006994',
  Turquoise: '#40c8c8',
  'Sky Blue': '#82beeb',
  Blue: '#1e50c8',
  Navy: '#141e5a',
  Indigo: '#3c2882',
  Purple: '#6e288c',
  Lavender: '#beaae6',
  Magenta: '#c81e96',
};

const BY_LOWER_NAME = new Map(Object.entries(COLOUR_NAMES).map(([name, hex]) => [name.toLowerCase(), hex]));

/** "#AA2233" or a name above ("navy blue" is not one) as lowercase hex; null when neither. */
export function colourHex(text: string): string | null {
  const t = text.trim();
  if (/^#[0-9a-f]{6}$/i.test(t)) return t.toLowerCase();
  return BY_LOWER_NAME.get(t.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}
