import type { ProfileSummary } from '@facet/shared';
import type { CSSProperties, ReactNode } from 'react';
import type { ColumnDef } from './grid-columns';
import type { GridSort } from './grid-filters';
import type { Selection } from './selection';

export const CHECK_WIDTH = 48;
export const DRAG_WIDTH = 32;
export const STAR_WIDTH = 40;
export const ACTIONS_WIDTH = 150;

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
  /** The actions column stays in view while scrolling sideways (not on phones, where it would hide the name). */
  stickyActions?: boolean;
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
