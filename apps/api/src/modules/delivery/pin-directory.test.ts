import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATE_NAMES } from '@shop/shared';
import { METRO_DISTRICTS, REMOTE_STATES } from './estimate.ts';
import { lookupPin, parsePinDirectory, pinDirectoryFile } from './pin-directory.ts';

const directory = parsePinDirectory(readFileSync(pinDirectoryFile(), 'utf8'));
const districtsOf = (state: string) => directory.districts.filter((d) => directory.states[d.state] === state).map((d) => d.name);

describe('the PIN directory', () => {
  it('finds a PIN’s district and state as India Post lists them', () => {
    expect(lookupPin('400050')).toEqual({ pin: '400050', district: 'Mumbai Suburban', state: 'Maharashtra', states: ['Maharashtra'] });
    expect(lookupPin('110001')).toEqual({ pin: '110001', district: 'New Delhi', state: 'Delhi', states: ['Delhi'] });
    expect(lookupPin('560001')).toMatchObject({ district: 'Bengaluru Urban', state: 'Karnataka' });
    expect(lookupPin('504273')).toMatchObject({ district: 'Kumuram Bheem Asifabad', state: 'Telangana' });
    expect(lookupPin('793001')).toMatchObject({ district: 'East Khasi Hills', state: 'Meghalaya' });
    expect(lookupPin('396210')).toMatchObject({ state: 'Dadra and Nagar Haveli and Daman and Diu' });
  });

  it('knows nothing of a PIN India Post does not list, nor of a malformed one', () => {
    expect(lookupPin('123456')).toBeUndefined();
    expect(lookupPin('999999')).toBeUndefined();
    expect(lookupPin('040005')).toBeUndefined();
    expect(lookupPin('40005')).toBeUndefined();
    expect(lookupPin('400 050')).toBeUndefined();
  });

  it('lists every PIN of the directory, in order, each in one of the states of packages/shared', () => {
    expect(directory.pins.length).toBe(19_586);
    expect(directory.pins.every((p, i) => i === 0 || p > directory.pins[i - 1]!)).toBe(true);
    expect(directory.states).toEqual(STATE_NAMES);
    expect(lookupPin(String(directory.pins[0]))).toBeDefined();
    expect(lookupPin(String(directory.pins.at(-1)))).toBeDefined();
  });

  it('accepts the other state of a PIN India Post lists in two, the majority first', () => {
    const [pin, also] = [...directory.alsoIn][0]!;
    const place = lookupPin(String(pin))!;
    expect(place.states).toEqual([place.state, ...also.map((s) => directory.states[s])]);
    expect(place.states.length).toBeGreaterThan(1);
  });

  it('names real districts of the directory as the metro cities and real states as remote', () => {
    for (const [state, districts] of Object.entries(METRO_DISTRICTS)) {
      const known = districtsOf(state);
      if (districts === 'all') expect(known.length, state).toBeGreaterThan(5);
      else for (const d of districts) expect(known, `${d}, ${state}`).toContain(d);
    }
    for (const state of REMOTE_STATES) expect(STATE_NAMES as readonly string[]).toContain(state);
  });

  it('answers a lookup in microseconds once loaded', () => {
    lookupPin('400050');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) lookupPin(String(110_001 + i));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
