/**
 * How the money's tables fit a phone (360 px): secondary columns hide below `sm` and their
 * values show as a second line in a kept cell instead; cells are narrower there.
 */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** A second line inside a cell, shown only where its own column is hidden. */
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;
/** The table's cells on a phone: less padding, so three or four columns fit. */
export const compactCells = { '& th, & td': { px: { xs: 0.75, sm: 2 } } } as const;
/** Amounts: one line, digits of equal width so they line up in a column. */
export const amountCell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
