import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A PIN as India Post lists it: `state` is one of INDIAN_STATES' names, `states` it and any other the PIN is also in. */
export interface PinPlace {
  pin: string;
  district: string;
  state: string;
  states: string[];
}

const FILE = join('data', 'pin-directory.txt');

/** apps/api/data, found by walking up from this file: from src/modules/delivery in development, from dist/ or dist/chunks/ compiled (decision 013). */
export function pinDirectoryFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FILE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new Error(`Cannot find ${FILE} (scripts/build-pin-directory.mjs writes it)`);
    dir = up;
  }
}

interface Directory {
  states: string[];
  districts: { state: number; name: string }[];
  /** Sorted; `districtOf[i]` is the district of `pins[i]`. */
  pins: Int32Array;
  districtOf: Uint16Array;
  alsoIn: Map<number, number[]>;
}

/** The format is written by scripts/build-pin-directory.mjs (decision 037). */
export function parsePinDirectory(text: string): Directory {
  const states: string[] = [];
  const districts: Directory['districts'] = [];
  const pins: number[] = [];
  const districtOf: number[] = [];
  const alsoIn = new Map<number, number[]>();
  let pin = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('S ')) states.push(line.slice(2));
    else if (line.startsWith('D ')) {
      const space = line.indexOf(' ', 2);
      districts.push({ state: Number(line.slice(2, space)), name: line.slice(space + 1) });
    } else {
      const colon = line.indexOf(':');
      const district = Number(line.slice(0, colon));
      for (const step of line.slice(colon + 1).split(',')) {
        const [delta, ...also] = step.split('+');
        pin += Number(delta);
        pins.push(pin);
        districtOf.push(district);
        if (also.length) alsoIn.set(pin, also.map(Number));
      }
    }
  }
  return { states, districts, pins: Int32Array.from(pins), districtOf: Uint16Array.from(districtOf), alsoIn };
}

let directory: Directory | undefined;
const load = () => (directory ??= parsePinDirectory(readFileSync(pinDirectoryFile(), 'utf8')));

/** The PIN's district and state from India Post's directory, or undefined for a PIN it does not list. `pin` is six digits. */
export function lookupPin(pin: string): PinPlace | undefined {
  if (!/^[1-9]\d{5}$/.test(pin)) return undefined;
  const d = load();
  const n = Number(pin);
  let lo = 0;
  let hi = d.pins.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = d.pins[mid]!;
    if (at < n) lo = mid + 1;
    else if (at > n) hi = mid - 1;
    else {
      const district = d.districts[d.districtOf[mid]!]!;
      const state = d.states[district.state]!;
      const also = (d.alsoIn.get(n) ?? []).map((s) => d.states[s]!);
      return { pin, district: district.name, state, states: [state, ...also] };
    }
  }
  return undefined;
}
