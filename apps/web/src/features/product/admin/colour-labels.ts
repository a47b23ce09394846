import { colourName } from '../../../lib/colour-name';

/** Each colour's name, with its hex where two colours share a name, so every label stays unique. */
export function colourLabels(colors: readonly string[]): Map<string, string> {
  const names = colors.map((c) => colourName(c));
  return new Map(
    colors.map((c, i) => {
      const name = names[i]!;
      return [c, names.filter((n) => n === name).length > 1 ? `${name} ${c}` : name];
    }),
  );
}
