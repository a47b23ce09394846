import { COLOUR_NAMES } from '@shop/shared/colour-names';

// Products store colours as hex; shoppers and screen readers need words. The nearest of the names an
// import reads is close enough to tell swatches apart ("Maroon", "Gold"), which is all a label needs.
const NAMES: readonly [string, number, number, number][] = Object.entries(COLOUR_NAMES).map(([name, hex]) => [
  name,
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
]);

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
