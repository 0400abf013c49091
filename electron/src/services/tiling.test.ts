import { describe, expect, it } from 'vitest';
import { tileRects } from './tiling.js';

describe('tiling windows over an area', () => {
  it('makes a square-ish grid by default', () => {
    expect(tileRects(4, { width: 2000, height: 1000 })).toEqual([
      { left: 0, top: 0, width: 1000, height: 500 },
      { left: 1000, top: 0, width: 1000, height: 500 },
      { left: 0, top: 500, width: 1000, height: 500 },
      { left: 1000, top: 500, width: 1000, height: 500 },
    ]);
    expect(tileRects(5, { width: 900, height: 600 }).map((r) => [r.left, r.top])).toEqual([
      [0, 0],
      [300, 0],
      [600, 0],
      [0, 300],
      [300, 300],
    ]);
  });

  it('honours origin, columns and gap', () => {
    expect(tileRects(3, { x: 100, y: 50, width: 1010, height: 400, columns: 2, gap: 10 })).toEqual([
      { left: 100, top: 50, width: 500, height: 195 },
      { left: 610, top: 50, width: 500, height: 195 },
      { left: 100, top: 255, width: 500, height: 195 },
    ]);
  });

  it('never makes more columns than windows, nor empty or negative cells', () => {
    expect(tileRects(2, { width: 800, height: 600, columns: 5 }).map((r) => r.width)).toEqual([400, 400]);
    expect(tileRects(0, { width: 800, height: 600 })).toEqual([]);
    expect(tileRects(3, { width: 2, height: 2, gap: 10 }).every((r) => r.width >= 1 && r.height >= 1)).toBe(true);
  });
});
