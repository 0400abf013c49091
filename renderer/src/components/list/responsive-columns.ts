import type { ListColumn } from '../../components/list/ListTable';

/*
 * Phone layout of the operator's lists: from `md` on every column has its cell; below it the
 * secondary columns give way to one summary cell per row, so at 360 px a row reads top to bottom
 * and its actions stay in view instead of scrolling sideways.
 */

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } } as const;
const phoneOnly = { display: { xs: 'table-cell', md: 'none' } } as const;

/** A column shown from `md` on. */
export const wide = <R>(c: ListColumn<R>): ListColumn<R> => ({
  ...c,
  headSx: { ...hideOnPhone, ...(c.headSx as object) },
  sx: { ...hideOnPhone, ...(c.sx as object) },
});

/** The summary cell of phones. */
export const phoneSummary = <R>(label: string, render: ListColumn<R>['render']): ListColumn<R> => ({
  key: 'phone',
  label,
  render,
  headSx: phoneOnly,
  sx: phoneOnly,
});

/** The table is as wide as its columns from `md` on, and as the screen below. */
export const tableWidth = (min: number) => ({ minWidth: { xs: 0, md: min } });
