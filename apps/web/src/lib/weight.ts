/** A weight as people read it: 750 g, 1 kg, 1.25 kg. */
export function gramsText(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${Number((grams / 1000).toFixed(2))} kg`;
}
