// Products store colours as hex; shoppers and screen readers need words. The nearest of
// these names is close enough to tell swatches apart ("Maroon", "Gold"), which is all a label needs.
const NAMES: readonly [string, number, number, number][] = [
  ['Black', 0, 0, 0],
  ['Charcoal', 54, 69, 79],
  ['Grey', 128, 128, 128],
  ['Silver', 192, 192, 192],
  ['White', 255, 255, 255],
  ['Ivory', 251, 247, 240],
  ['Cream', 255, 243, 214],
  ['Beige', 225, 198, 153],
  ['Brown', 120, 72, 40],
  ['Maroon', 122, 31, 43],
  ['Wine', 94, 22, 48],
  ['Red', 200, 30, 40],
  ['Crimson', 220, 20, 60],
  ['Rani Pink', 214, 41, 118],
  ['Pink', 245, 160, 190],
  ['Peach', 255, 200, 160],
  ['Coral', 255, 127, 80],
  ['Orange', 240, 120, 20],
  ['Saffron', 244, 150, 40],
  ['Mustard', 210, 170, 40],
  ['Gold', 224, 165, 38],
  ['Yellow', 250, 220, 40],
  ['Lime', 170, 210, 60],
  ['Green', 34, 139, 34],
  ['Bottle Green', 0, 90, 50],
  ['Olive', 110, 120, 40],
  ['Mint', 160, 225, 190],
  ['Teal', 15, 110, 110],
  ['Peacock Blue', 0, 105, 148],
  ['Turquoise', 64, 200, 200],
  ['Sky Blue', 130, 190, 235],
  ['Blue', 30, 80, 200],
  ['Navy', 20, 30, 90],
  ['Indigo', 60, 40, 130],
  ['Purple', 110, 40, 140],
  ['Lavender', 190, 170, 230],
  ['Magenta', 200, 30, 150],
];

/** A readable name for a `#rrggbb` colour: the nearest named colour (redmean distance). */
export function colourName(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return hex;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16)) as [number, number, number];
  let best = NAMES[0]![0];
  let bestDistance = Infinity;
  for (const [name, nr, ng, nb] of NAMES) {
    const mean = (r + nr) / 2;
    const distance =
      (2 + mean / 256) * (r - nr) ** 2 + 4 * (g - ng) ** 2 + (2 + (255 - mean) / 256) * (b - nb) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  return best;
}
