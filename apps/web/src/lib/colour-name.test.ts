import { describe, expect, it } from 'vitest';
import { colourName } from './colour-name';

describe('colourName', () => {
  it.each([
    ['#7a1f2b', 'Maroon'],
    ['#e0a526', 'Gold'],
    ['#0f6e6e', 'Teal'],
    ['#FFFFFF', 'White'],
    ['#000000', 'Black'],
    ['#2050d0', 'Blue'],
    ['#d62976', 'Rani Pink'],
  ])('names %s %s', (hex, name) => {
    expect(colourName(hex)).toBe(name);
  });

  it('gives back text it cannot read', () => {
    expect(colourName('red')).toBe('red');
  });
});
