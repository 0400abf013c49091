import type { ProfileSummary } from '@facet/shared';
import type { CSSProperties, ReactNode } from 'react';
import type { ColumnDef } from './grid-columns';
import type { GridSort } from './grid-filters';
import type { Selection } from './selection';

/** The widths of the columns every row has; on phones tighter, and the actions are three icon buttons (RowActions' compact form). */
export interface FixedWidths {
  check: number;
  drag: number;
  star: number;
  actions: number;
}
const DESKTOP: FixedWidths = { check: 48, drag: 32, star: 40, actions: 150 };
const PHONE: FixedWidths = { check: 40, drag: 28, star: 36, actions: 108 };
export const fixedWidths = (phone: boolean | undefined): FixedWidths => (phone ? PHONE : DESKTOP);
/** On phones the name comes first and takes at least this much, so it stays beside the actions. */
export const NAME_WIDTH_PHONE = 120;

export interface GridCallbacks {
  renderCell: (row: ProfileSummary, column: ColumnDef) => ReactNode;
  renderStar: (row: ProfileSummary) => ReactNode;
  renderActions: (row: ProfileSummary) => ReactNode;
  onToggle: (id: number) => void;
  onHeaderCheck: () => void;
  onSort: (field: NonNullable<ColumnDef['sortField']>) => void;
  onRange: (first: number, last: number) => void;
  /** Drop of the row at `from` onto the row at `to` (grid indices). */
  onReorder: (from: number, to: number) => void;
}

export interface GridProps extends GridCallbacks {
  /**
   * Phone width: the name is the first column and the actions are compact, so both stay in view
   * beside the checkbox and the star; the other columns scroll sideways under the actions.
   */
  phone?: boolean;
  total: number;
  rowAt: (index: number) => ProfileSummary | undefined;
  columns: ColumnDef[];
  rowHeight: number;
  selection: Selection;
  selectedCount: number;
  sort: GridSort;
  /** Rows can be dragged (custom order). */
  draggable: boolean;
  /** Changes when the list starts over (filter, sort): the grid scrolls back up. */
  resetKey: string;
}

export function cellSx(width: number, grow = false): CSSProperties {
  return {
    flex: `${grow ? 1 : 0} 0 ${width}px`,
    width,
    minWidth: width,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    padding: '0 8px',
    display: 'flex',
    alignItems: 'center',
  };
}

export const HEADER_HEIGHT = 44;
