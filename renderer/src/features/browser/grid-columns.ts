import type { ProfileSortField } from './grid-filters';

/** The data columns a user can show, hide and order; selection, drag and actions are always there. */
export const COLUMN_IDS = [
  'serialNumber',
  'name',
  'group',
  'proxy',
  'exitIp',
  'remark',
  'tags',
  'os',
  'account',
  'openStatus',
  'cookieCount',
  'createdTime',
  'lastOpenTime',
  'updateTime',
  'closeTime',
  'operTime',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface ColumnDef {
  id: ColumnId;
  width: number;
  /** The server-side sort this column's header switches to. */
  sortField?: ProfileSortField;
  /** Cannot be hidden (the grid would lose what identifies a row). */
  required?: boolean;
}

export const COLUMNS: Record<ColumnId, ColumnDef> = {
  serialNumber: { id: 'serialNumber', width: 76, sortField: 'serialNumber' },
  name: { id: 'name', width: 180, sortField: 'name', required: true },
  group: { id: 'group', width: 130 },
  proxy: { id: 'proxy', width: 180 },
  exitIp: { id: 'exitIp', width: 150 },
  remark: { id: 'remark', width: 170 },
  tags: { id: 'tags', width: 160 },
  os: { id: 'os', width: 100 },
  account: { id: 'account', width: 190 },
  openStatus: { id: 'openStatus', width: 96 },
  cookieCount: { id: 'cookieCount', width: 84 },
  createdTime: { id: 'createdTime', width: 160, sortField: 'createdTime' },
  lastOpenTime: { id: 'lastOpenTime', width: 160, sortField: 'lastOpenTime' },
  updateTime: { id: 'updateTime', width: 160, sortField: 'updateTime' },
  closeTime: { id: 'closeTime', width: 160 },
  operTime: { id: 'operTime', width: 160 },
};

export interface ColumnLayout {
  order: ColumnId[];
  hidden: ColumnId[];
}

export const DEFAULT_LAYOUT: ColumnLayout = {
  order: [...COLUMN_IDS],
  hidden: ['os', 'account', 'cookieCount', 'lastOpenTime', 'updateTime', 'closeTime', 'operTime'],
};

const isColumn = (v: unknown): v is ColumnId =>
  typeof v === 'string' && (COLUMN_IDS as ReadonlyArray<string>).includes(v);

/**
 * A stored layout made safe: unknown ids dropped, duplicates removed, columns added since it was
 * saved appended (visible), required columns never hidden.
 */
export function normalizeLayout(raw: unknown): ColumnLayout {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_LAYOUT;
  const r = raw as { order?: unknown; hidden?: unknown };
  const order = [...new Set(Array.isArray(r.order) ? r.order.filter(isColumn) : [])];
  for (const id of COLUMN_IDS) if (!order.includes(id)) order.push(id);
  const hidden = [...new Set(Array.isArray(r.hidden) ? r.hidden.filter(isColumn) : [])].filter(
    (id) => !COLUMNS[id].required,
  );
  return { order, hidden };
}

export const visibleColumns = (layout: ColumnLayout): ColumnDef[] =>
  layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => COLUMNS[id]);

export function toggleColumn(layout: ColumnLayout, id: ColumnId): ColumnLayout {
  if (COLUMNS[id].required) return layout;
  const hidden = layout.hidden.includes(id) ? layout.hidden.filter((h) => h !== id) : [...layout.hidden, id];
  return { ...layout, hidden };
}

export function moveColumn(layout: ColumnLayout, id: ColumnId, delta: -1 | 1): ColumnLayout {
  const i = layout.order.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= layout.order.length) return layout;
  const order = [...layout.order];
  [order[i], order[j]] = [order[j]!, order[i]!];
  return { ...layout, order };
}

/** Per user, so two accounts on one machine keep their own grids. */
export const layoutStorageKey = (userId: number | string) => `facet.browserGrid.columns.${userId}`;

export function loadLayout(storage: Pick<Storage, 'getItem'>, userId: number | string): ColumnLayout {
  try {
    const text = storage.getItem(layoutStorageKey(userId));
    return text ? normalizeLayout(JSON.parse(text)) : DEFAULT_LAYOUT;
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function saveLayout(storage: Pick<Storage, 'setItem'>, userId: number | string, layout: ColumnLayout): void {
  try {
    storage.setItem(layoutStorageKey(userId), JSON.stringify(normalizeLayout(layout)));
  } catch {
    // A full or blocked storage only costs the layout after a reload.
  }
}
