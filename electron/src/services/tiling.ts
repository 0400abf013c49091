/** A window's place on the screen, in CSS pixels of the screen (what CDP's Browser.Bounds uses). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TileArea {
  x?: number | undefined;
  y?: number | undefined;
  width: number;
  height: number;
  /** Windows per row; by default the grid is as square as it gets (columns ≥ rows). */
  columns?: number | undefined;
  /** Pixels between neighbouring windows. */
  gap?: number | undefined;
}

/**
 * Tiles `count` windows over an area, row by row, left to right. Every cell has the same size;
 * a last row that is not full keeps that size (no stretched windows).
 */
export function tileRects(count: number, a: TileArea): Rect[] {
  if (count <= 0) return [];
  const columns = Math.max(1, Math.min(count, Math.floor(a.columns ?? Math.ceil(Math.sqrt(count)))));
  const rows = Math.ceil(count / columns);
  const gap = Math.max(0, Math.floor(a.gap ?? 0));
  const x = Math.floor(a.x ?? 0);
  const y = Math.floor(a.y ?? 0);
  const width = Math.max(1, Math.floor((a.width - gap * (columns - 1)) / columns));
  const height = Math.max(1, Math.floor((a.height - gap * (rows - 1)) / rows));
  return Array.from({ length: count }, (_, i) => ({
    left: x + (i % columns) * (width + gap),
    top: y + Math.floor(i / columns) * (height + gap),
    width,
    height,
  }));
}
