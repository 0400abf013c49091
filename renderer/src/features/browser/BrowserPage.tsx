import type { CallResult, ProfileSummary } from '@facet/shared';
import { NOTICE_TIMEOUT_MS, nameRule } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/calls';
import { downloadCall } from '../../api/download';
import { useBridge } from '../../bridge';
import { GenericDialog } from '../../components/GenericDialog';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { notifySuccess, useNoticeStore } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ImportCookiesDialog } from '../browser-form/ImportCookiesDialog';
import { ImportProfilesDialog } from '../browser-import/ImportProfilesDialog';
import {
  DeleteDialog,
  ExtensionsDialog,
  MoveGroupDialog,
  ProxyDialog,
  RemarkDialog,
  ShareDialog,
} from './BatchDialogs';
import { type BatchAction, BatchToolbar } from './BatchToolbar';
import { ClientHelp } from './ClientHelp';
import { ColumnChooser } from './ColumnChooser';
import { renderDataCell } from './cells';
import { FilterBar } from './FilterBar';
import { GroupPanel } from './GroupPanel';
import { type ColumnLayout, loadLayout, saveLayout, visibleColumns } from './grid-columns';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersToQuery,
  fromSearchParams,
  type GridFilters,
  type GridSort,
  type ProfileSortField,
  toSearchParams,
} from './grid-filters';
import { type GridPrefs, loadPrefs, ROW_HEIGHTS, savePrefs } from './grid-prefs';
import { reorderSorts } from './grid-window';
import { OpenProgressDialog } from './OpenProgressDialog';
import { type OpenQueueState, startOpenQueue } from './open-queue';
import { PreferencesDialog } from './PreferencesDialog';
import { ProfileGrid } from './ProfileGrid';
import {
  EMPTY_SELECTION,
  resolveSelection,
  type Selection,
  selectAllMatching,
  selectedCount,
  toggleSelected,
} from './selection';
import { useDebounced } from './use-debounced';
import { useOpenState } from './use-open-state';
import { useProfileRows } from './use-profile-rows';
import { WindowsMenu } from './WindowsMenu';

type Group = CallResult<'groupList'>[number];
type Dialog =
  | 'proxy'
  | 'remark'
  | 'group'
  | 'share'
  | 'extensions'
  | 'delete'
  | 'deleteForever'
  | 'cookies'
  | 'prefs'
  | 'import'
  | 'resetOrder'
  | null;

/** Limits of the batch calls (idsBody, share body): bigger selections are refused, never split. */
const MAX_BATCH = 10_000;
const MAX_SHARE = 1000;

const warn = (text: string) =>
  useNoticeStore.getState().push({ severity: 'warning', text, durationMs: NOTICE_TIMEOUT_MS });

/** Browser profiles (§2, issue 4): the virtualized grid with filters, groups, selection and batch actions. */
export default function BrowserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useUserStore((s) => s.userInfo?.id ?? 0);
  const zone = useUserStore((s) => s.timezone);
  const can = {
    create: usePermission(['browser:create']),
    update: usePermission(['browser:update']),
    delete: usePermission(['browser:delete']),
    deleteForever: usePermission(['browser:delete:forever']),
    cookie: usePermission(['browser:cookie']),
    open: usePermission(['browser:open']),
    share: usePermission(['browser:share']),
    groups: usePermission(['group:list']),
    extensions: usePermission(['browser:update', 'extension:list']),
  };

  const [prefs, setPrefs] = useState<GridPrefs>(() => loadPrefs(localStorage, userId));
  const [layout, setLayout] = useState<ColumnLayout>(() => loadLayout(localStorage, userId));
  useEffect(() => {
    setPrefs(loadPrefs(localStorage, userId));
    setLayout(loadLayout(localStorage, userId));
  }, [userId]);
  const changeLayout = (l: ColumnLayout) => {
    setLayout(l);
    saveLayout(localStorage, userId, l);
  };

  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => fromSearchParams(params, prefs.defaultSort));
  const [filters, setFilters] = useState<GridFilters>(initial.filters);
  const [sort, setSort] = useState<GridSort>(initial.sort);
  const typed = useDebounced(filters, 350);
  // The group applies at once; typed fields wait until typing pauses.
  const applied = useMemo(() => ({ ...typed, groupId: filters.groupId }), [typed, filters.groupId]);
  const { query, error: filterError } = useMemo(() => filtersToQuery(applied), [applied]);
  const listQuery = filterError ? null : query;
  useEffect(() => {
    setParams(toSearchParams(applied, sort, prefs.defaultSort), { replace: true });
  }, [applied, sort, prefs.defaultSort, setParams]);

  const rows = useProfileRows({ query: listQuery, sort, mostCommonFirst: prefs.mostCommonFirst });
  const total = rows.total ?? 0;
  const resetKey = JSON.stringify([listQuery, sort, prefs.mostCommonFirst]);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or sort is a new list.
  useEffect(() => setSelection(EMPTY_SELECTION), [resetKey]);
  const count = selectedCount(selection, total);

  const [groups, setGroups] = useState<Group[] | null>(null);
  const loadGroups = useCallback(() => {
    if (can.groups) api.groupList(undefined, { noPrompt: true }).then(setGroups, () => setGroups([]));
  }, [can.groups]);
  useEffect(loadGroups, [loadGroups]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  const [rowMenu, setRowMenu] = useState<{ anchor: HTMLElement; row: ProfileSummary } | null>(null);
  /** The row a row action works on (share, delete from its menu); null: the selection. */
  const [target, setTarget] = useState<ProfileSummary | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; value: string; error: string } | null>(null);

  const targetCount = target ? 1 : count;
  const ids = async (max: number): Promise<number[] | null> => {
    if (target) return [target.id];
    if (count > max) {
      warn(t('browser.batch.tooMany', { max }));
      return null;
    }
    const list = await resolveSelection(selection, rows.allIds);
    return list.length ? list : null;
  };
  const done = (text: string, clear = false) => {
    notifySuccess(text);
    rows.refresh();
    loadGroups();
    setDialog(null);
    setTarget(null);
    if (clear) setSelection(EMPTY_SELECTION);
  };
  const openDialog = (d: Dialog, row: ProfileSummary | null = null) => {
    setTarget(row);
    setDialog(d);
  };

  // ---- open / close through the desktop client --------------------------------------------------
  const bridge = useBridge();
  const openHere = useOpenState(bridge, rows);
  const [clientHelp, setClientHelp] = useState(false);
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const [queue, setQueue] = useState<OpenQueueState | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const queueControl = useRef<{ cancel: () => void } | null>(null);
  /** Names of the rows seen, for messages about a profile by id. */
  const names = useRef(new Map<number, string>());
  const nameOf = (id: number) => names.current.get(id) ?? `#${id}`;
  const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : t('browser.open.failed'));
  useEffect(() => {
    if (bridge) setClientHelp(false);
  }, [bridge]);
  const needClient = () => {
    warn(t('browser.open.clientNeeded'));
    setClientHelp(true);
  };
  const withPending = async (id: number, fn: () => Promise<void>) => {
    setPending((s) => new Set(s).add(id));
    try {
      await fn();
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
      rows.refresh();
    }
  };
  const openRow = (row: ProfileSummary) => {
    if (!bridge) return needClient();
    return withPending(row.id, async () => {
      try {
        const [r] = await bridge.openProfiles({ ids: [row.id] });
        if (r && !r.ok) warn(t('client.open.failed', { name: row.name, message: r.error || t('browser.open.failed') }));
      } catch (e) {
        warn(t('client.open.failed', { name: row.name, message: messageOf(e) }));
      }
    });
  };
  const closeRow = (row: ProfileSummary) => {
    if (!bridge) return needClient();
    if (!openHere.has(row.id)) {
      warn(t('client.close.notHere', { name: row.name, device: row.openDevice || '—' }));
      return;
    }
    return withPending(row.id, async () => {
      try {
        await bridge.closeProfile({ id: row.id });
      } catch (e) {
        warn(t('client.close.failed', { name: row.name, message: messageOf(e) }));
      }
    });
  };
  const batchOpen = (list: number[]) => {
    if (!bridge) return;
    setCancelling(false);
    const run = startOpenQueue(bridge, list, setQueue);
    queueControl.current = run;
    void run.finished.then(() => {
      queueControl.current = null;
      rows.refresh();
    });
  };
  const batchClose = async (list: number[]) => {
    if (!bridge) return;
    const here = list.filter((id) => openHere.has(id));
    if (!here.length) {
      warn(t('client.batchClose.noneOpen'));
      return;
    }
    let closed = 0;
    for (const id of here) {
      try {
        await bridge.closeProfile({ id });
        closed += 1;
      } catch (e) {
        warn(t('client.close.failed', { name: nameOf(id), message: messageOf(e) }));
      }
    }
    if (closed) notifySuccess(t('client.batchClose.done', { count: closed }));
    rows.refresh();
  };

  const batch = async (action: BatchAction) => {
    switch (action) {
      case 'open':
      case 'close': {
        if (!bridge) {
          needClient();
          return;
        }
        const list = await ids(MAX_BATCH);
        if (!list) return;
        if (action === 'open') batchOpen(list);
        else await batchClose(list);
        return;
      }
      case 'exportXlsx':
      case 'exportCookiesJson':
      case 'exportCookiesNetscape':
        return exportFile(action);
      default:
        openDialog(action);
    }
  };

  const exportFile = async (kind: 'exportXlsx' | 'exportCookiesJson' | 'exportCookiesNetscape') => {
    const unfiltered =
      selection.all && selection.ids.size === 0 && activeFilterCount(applied) === 0 && !applied.groupId;
    if (kind === 'exportXlsx') {
      const list = unfiltered ? undefined : await ids(100_000);
      if (list === null) return;
      await downloadCall('profileExport', list ? { ids: list } : {}, 'profiles.xlsx');
      return;
    }
    const list = await ids(MAX_BATCH);
    if (!list) return;
    const format = kind === 'exportCookiesJson' ? 'json' : 'netscape';
    await downloadCall(
      'profileExportCookieText',
      { ids: list, format },
      `cookies.${format === 'json' ? 'json' : 'txt'}`,
    );
  };

  // ---- row actions ----------------------------------------------------------------------------
  const toggleStar = async (row: ProfileSummary) => {
    await api.profileSetMostCommon({ ids: [row.id], isMostCommon: !row.isMostCommon });
    rows.patchRow(row.id, { isMostCommon: !row.isMostCommon });
    if (prefs.mostCommonFirst || applied.mostCommon) rows.refresh();
  };
  const saveName = async () => {
    if (!renaming) return;
    const parsed = nameRule.safeParse(renaming.value.trim());
    if (!parsed.success) {
      setRenaming({ ...renaming, error: t(`validation.${parsed.error.issues[0]?.message ?? 'nameSchema'}`) });
      return;
    }
    try {
      await api.profileUpdateName({ id: renaming.id, name: parsed.data }, { noPrompt: true });
      rows.patchRow(renaming.id, { name: parsed.data });
      setRenaming(null);
    } catch (e) {
      setRenaming({ ...renaming, error: e instanceof ApiError ? e.message : t('browser.rename.failed') });
    }
  };

  const onSort = (field: ProfileSortField) =>
    setSort((s) =>
      s.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' },
    );
  const draggable = can.update && sort.field === 'sort' && sort.order === 'asc';
  const onReorder = async (from: number, to: number) => {
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    const list: ProfileSummary[] = [];
    for (let i = lo; i <= hi; i++) {
      const r = rows.rowAt(i);
      if (!r) return;
      list.push(r);
    }
    // With "most common first" the two kinds are two lists; a row cannot cross between them.
    if (prefs.mostCommonFirst && list[0]!.isMostCommon !== list[list.length - 1]!.isMostCommon) return;
    const changes = reorderSorts(list, from - lo, to - lo);
    if (!changes.length) return;
    await api.profileBatchUpdateSort({ list: changes });
    rows.refresh();
  };

  const columns = visibleColumns(layout);
  const defaultGroupId = groups?.find((g) => g.isDefault)?.id ?? null;
  const renderCell = (row: ProfileSummary, c: (typeof columns)[number]) => {
    if (c.id === 'name' && renaming?.id === row.id)
      return (
        <TextField
          size="small"
          autoFocus
          value={renaming.value}
          error={!!renaming.error}
          onChange={(e) => setRenaming({ ...renaming, value: e.target.value, error: '' })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void saveName();
            if (e.key === 'Escape') setRenaming(null);
          }}
          onBlur={() => void saveName()}
          slotProps={{ htmlInput: { 'aria-label': t('browser.rename.label'), 'data-testid': 'rename-input' } }}
          sx={{ width: '100%', '& input': { py: 0.5 } }}
        />
      );
    if (c.id === 'name')
      return (
        <>
          {(openHere.has(row.id) || row.openStatus === 1) && (
            <Tooltip
              title={row.openDevice ? `${t('browser.status.open')} · ${row.openDevice}` : t('browser.status.open')}
            >
              <Box
                component="span"
                role="img"
                aria-label={t('browser.status.open')}
                data-testid="name-open-dot"
                sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', flex: 'none', mr: 1 }}
              />
            </Tooltip>
          )}
          <Box
            component="span"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 500 }}
            title={renaming?.id === row.id ? undefined : row.name}
            onDoubleClick={() => can.update && setRenaming({ id: row.id, value: row.name, error: '' })}
            data-testid="profile-name"
          >
            {row.name}
          </Box>
        </>
      );
    return renderDataCell(row, c.id, t, zone, defaultGroupId);
  };
  const renderStar = (row: ProfileSummary) => (
    <IconButton
      size="small"
      disabled={!can.update}
      onClick={() => void toggleStar(row)}
      aria-label={row.isMostCommon ? t('browser.row.unstar') : t('browser.row.star')}
      aria-pressed={row.isMostCommon}
      data-testid="row-star"
    >
      {row.isMostCommon ? (
        <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
      ) : (
        <StarBorderIcon fontSize="small" />
      )}
    </IconButton>
  );
  const renderActions = (row: ProfileSummary) => {
    names.current.set(row.id, row.name);
    const isOpen = openHere.has(row.id) || row.openStatus === 1;
    return (
      <>
        {can.open && (
          <Button
            size="small"
            variant={isOpen ? 'outlined' : 'contained'}
            color={isOpen ? 'warning' : 'primary'}
            loading={pending.has(row.id)}
            onClick={() => void (isOpen ? closeRow(row) : openRow(row))}
            sx={{ minWidth: 64, mr: 0.5 }}
            data-testid="row-open"
            data-open={isOpen ? 'true' : 'false'}
          >
            {isOpen ? t('browser.row.close') : t('browser.row.open')}
          </Button>
        )}
        {can.update && (
          <Tooltip title={t('browser.row.edit')}>
            <IconButton
              size="small"
              onClick={() => navigate(`/browser/edit/${row.id}`)}
              aria-label={t('browser.row.edit')}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <IconButton
          size="small"
          onClick={(e) => setRowMenu({ anchor: e.currentTarget, row })}
          aria-label={t('browser.row.more')}
          data-testid="row-more"
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </>
    );
  };

  const rowHeight = ROW_HEIGHTS[prefs.density];
  const hasFilter = activeFilterCount(applied) > 0 || !!applied.groupId;
  const sortSelect = (
    <TextField
      select
      size="small"
      label={t('browser.sort.label')}
      value={sort.field}
      onChange={(e) => setSort({ field: e.target.value as ProfileSortField, order: 'asc' })}
      sx={{ minWidth: 160 }}
      data-testid="sort-select"
    >
      {(['sort', 'serialNumber', 'name', 'createdTime', 'lastOpenTime', 'updateTime'] as const).map((f) => (
        <MenuItem key={f} value={f}>
          {t(`browser.sortFields.${f}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: { md: 'calc(100vh - 112px)' }, minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mr: 1 }}>
          {t('browser.title')}
        </Typography>
        {rows.total !== null && (
          <Typography color="text.secondary" data-testid="profile-total">
            {t('browser.totalCount', { count: rows.total })}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('browser.toolbar.refresh')}>
          <IconButton
            onClick={() => {
              rows.refresh();
              loadGroups();
            }}
            aria-label={t('browser.toolbar.refresh')}
          >
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {can.open && (
          <WindowsMenu
            bridge={bridge}
            selectedCount={count}
            selectedIds={() => ids(MAX_BATCH)}
            needClient={needClient}
            warn={warn}
          />
        )}
        <Tooltip title={t('browser.columnChooser.title')}>
          <IconButton
            onClick={(e) => setColumnsAnchor(e.currentTarget)}
            aria-label={t('browser.columnChooser.title')}
            data-testid="columns-button"
          >
            <ViewColumnIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('browser.prefs.title')}>
          <IconButton
            onClick={() => setDialog('prefs')}
            aria-label={t('browser.prefs.title')}
            data-testid="prefs-button"
          >
            <SettingsIcon />
          </IconButton>
        </Tooltip>
        <PermissionGate codes={['browser:import', 'browser:create']}>
          <Button
            variant="outlined"
            startIcon={<FileUploadIcon />}
            onClick={() => setDialog('import')}
            data-testid="import-button"
          >
            {t('browser.toolbar.import')}
          </Button>
        </PermissionGate>
        <PermissionGate codes={['browser:create']}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate('/browser/create')}
            data-testid="new-profile"
          >
            {t('browser.toolbar.new')}
          </Button>
        </PermissionGate>
      </Box>

      <FilterBar
        filters={filters}
        error={filterError}
        onChange={setFilters}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {sortSelect}
            {draggable && (
              <Button color="inherit" onClick={() => setDialog('resetOrder')} data-testid="reset-order">
                {t('browser.sort.reset')}
              </Button>
            )}
          </Box>
        }
      />

      {clientHelp && !bridge && <ClientHelp onClose={() => setClientHelp(false)} />}

      <BatchToolbar
        count={count}
        total={total}
        allMatching={selection.all}
        onSelectAll={() => setSelection(selectAllMatching())}
        onClear={() => setSelection(EMPTY_SELECTION)}
        onAction={(a) => void batch(a)}
      />

      <Box sx={{ display: 'flex', gap: 1.5, flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
        {can.groups && (
          <GroupPanel
            groups={groups}
            selected={filters.groupId}
            onSelect={(g) => setFilters((f) => ({ ...f, groupId: g }))}
          />
        )}
        <Box
          sx={{
            // On phones the grid gets a fixed height (the page scrolls, the grid scrolls inside).
            flex: { xs: 'none', md: 1 },
            minWidth: 0,
            minHeight: 0,
            height: { xs: 520, md: 'auto' },
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {rows.error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={rows.refresh}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('browser.loadFailed')}
            </Alert>
          )}
          {filterError && <Alert severity="warning">{t(`browser.filters.errors.${filterError.key}`)}</Alert>}
          {rows.total === 0 && !rows.error && (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="grid-empty">
              <Typography variant="h6">{hasFilter ? t('browser.empty.noMatch') : t('browser.empty.title')}</Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {hasFilter ? t('browser.empty.noMatchHint') : t('browser.empty.hint')}
              </Typography>
              {hasFilter ? (
                <Button onClick={() => setFilters(EMPTY_FILTERS)}>{t('browser.filters.clear')}</Button>
              ) : (
                can.create && (
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
                    <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/browser/create')}>
                      {t('browser.toolbar.new')}
                    </Button>
                    <PermissionGate codes={['browser:import']}>
                      <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => setDialog('import')}>
                        {t('browser.toolbar.import')}
                      </Button>
                    </PermissionGate>
                  </Box>
                )
              )}
            </Paper>
          )}
          {(rows.total === null ? !rows.error && !filterError : rows.total > 0) && (
            <Box sx={{ flex: 1, minHeight: 0 }} aria-busy={rows.total === null}>
              <ProfileGrid
                total={rows.total ?? 8}
                rowAt={rows.rowAt}
                columns={columns}
                rowHeight={rowHeight}
                selection={selection}
                selectedCount={count}
                sort={sort}
                draggable={draggable}
                resetKey={resetKey}
                renderCell={renderCell}
                renderStar={renderStar}
                renderActions={renderActions}
                onToggle={(id) => setSelection((s) => toggleSelected(s, id))}
                onHeaderCheck={() => setSelection(count > 0 ? EMPTY_SELECTION : selectAllMatching())}
                onSort={onSort}
                onRange={rows.setRange}
                onReorder={(a, b) => void onReorder(a, b)}
              />
            </Box>
          )}
        </Box>
      </Box>

      <Menu anchorEl={rowMenu?.anchor} open={!!rowMenu} onClose={() => setRowMenu(null)}>
        {can.update && (
          <MenuItem
            onClick={() => {
              if (rowMenu) setRenaming({ id: rowMenu.row.id, value: rowMenu.row.name, error: '' });
              setRowMenu(null);
            }}
          >
            <ListItemText primary={t('browser.row.rename')} />
          </MenuItem>
        )}
        {can.update && (
          <MenuItem
            onClick={() => {
              if (rowMenu) void toggleStar(rowMenu.row);
              setRowMenu(null);
            }}
          >
            <ListItemText primary={rowMenu?.row.isMostCommon ? t('browser.row.unstar') : t('browser.row.star')} />
          </MenuItem>
        )}
        {can.share && (
          <MenuItem
            onClick={() => {
              openDialog('share', rowMenu?.row ?? null);
              setRowMenu(null);
            }}
          >
            <ListItemText primary={t('browser.batch.share')} />
          </MenuItem>
        )}
        {can.extensions && (
          <MenuItem
            onClick={() => {
              openDialog('extensions', rowMenu?.row ?? null);
              setRowMenu(null);
            }}
          >
            <ListItemText primary={t('browser.batch.extensions')} />
          </MenuItem>
        )}
        {can.update && can.cookie && (
          <MenuItem
            onClick={() => {
              openDialog('cookies', rowMenu?.row ?? null);
              setRowMenu(null);
            }}
          >
            <ListItemText primary={t('browser.row.importCookies')} />
          </MenuItem>
        )}
        {can.delete && (
          <MenuItem
            onClick={() => {
              openDialog('delete', rowMenu?.row ?? null);
              setRowMenu(null);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemText primary={t('browser.row.delete')} />
          </MenuItem>
        )}
        {can.deleteForever && (
          <MenuItem
            onClick={() => {
              openDialog('deleteForever', rowMenu?.row ?? null);
              setRowMenu(null);
            }}
            sx={{ color: 'error.main' }}
            data-testid="row-delete-forever"
          >
            <ListItemText primary={t('browser.row.deleteForever')} />
          </MenuItem>
        )}
      </Menu>

      <OpenProgressDialog
        state={queue}
        cancelling={cancelling}
        nameOf={nameOf}
        onCancel={() => {
          setCancelling(true);
          queueControl.current?.cancel();
        }}
        onClose={() => setQueue(null)}
      />
      <ColumnChooser
        anchor={columnsAnchor}
        layout={layout}
        onChange={changeLayout}
        onClose={() => setColumnsAnchor(null)}
      />
      <PreferencesDialog
        open={dialog === 'prefs'}
        prefs={prefs}
        onClose={() => setDialog(null)}
        onSave={(p) => {
          if (p.defaultSort.field !== prefs.defaultSort.field || p.defaultSort.order !== prefs.defaultSort.order)
            setSort(p.defaultSort);
          setPrefs(p);
          savePrefs(localStorage, userId, p);
          setDialog(null);
        }}
      />
      <ProxyDialog
        open={dialog === 'proxy'}
        count={targetCount}
        onClose={() => setDialog(null)}
        onConfirm={async (proxy) => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.profileBatchUpdateProxy({ ids: list, proxy });
          done(t('browser.batch.proxyDone', { count: r.count }));
        }}
      />
      <RemarkDialog
        open={dialog === 'remark'}
        count={targetCount}
        onClose={() => setDialog(null)}
        onConfirm={async (remark) => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.profileBatchUpdateRemark({ ids: list, remark });
          done(t('browser.batch.remarkDone', { count: r.count }));
        }}
      />
      <MoveGroupDialog
        open={dialog === 'group'}
        count={targetCount}
        groups={groups ?? []}
        onClose={() => setDialog(null)}
        onConfirm={async (groupId) => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.groupMoveProfiles({ ids: list, groupId });
          done(t('browser.batch.groupDone', { count: r.count }));
        }}
      />
      <ShareDialog
        open={dialog === 'share'}
        count={targetCount}
        singleId={target?.id ?? null}
        onClose={() => {
          setDialog(null);
          setTarget(null);
        }}
        onConfirm={async (userIds, mode) => {
          const list = await ids(MAX_SHARE);
          if (!list) return;
          const r = await api.shareProfiles({ ids: list, userIds, mode });
          done(t('browser.share.done', { count: r.count }));
        }}
      />
      <ExtensionsDialog
        open={dialog === 'extensions'}
        count={targetCount}
        onClose={() => {
          setDialog(null);
          setTarget(null);
        }}
        onConfirm={async (extendIds, mode) => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.extensionAssign({ browserIds: list, extendIds, mode });
          done(
            mode === 'add'
              ? t('browser.extensions.added', { count: r.count })
              : t('browser.extensions.removed', { count: r.count }),
          );
        }}
      />
      <DeleteDialog
        open={dialog === 'delete'}
        count={targetCount}
        onClose={() => {
          setDialog(null);
          setTarget(null);
        }}
        onConfirm={async () => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.profileDelete({ ids: list });
          done(t('browser.delete.done', { count: r.count }), true);
        }}
      />
      <DeleteDialog
        forever
        open={dialog === 'deleteForever'}
        count={targetCount}
        onClose={() => {
          setDialog(null);
          setTarget(null);
        }}
        onConfirm={async () => {
          const list = await ids(MAX_BATCH);
          if (!list) return;
          const r = await api.profileDeleteForever({ ids: list });
          done(t('browser.deleteForever.done', { count: r.count }), true);
        }}
      />
      <ImportCookiesDialog
        open={dialog === 'cookies'}
        profileId={target?.id ?? null}
        onClose={() => {
          setDialog(null);
          setTarget(null);
        }}
        onImported={(count) => done(t('browser.cookies.done', { count }))}
      />
      <GenericDialog
        open={dialog === 'resetOrder'}
        title={t('browser.sort.reset')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await api.profileUpdateAllSort();
          done(t('browser.sort.resetDone'));
        }}
      >
        <Typography>{t('browser.sort.resetMessage')}</Typography>
      </GenericDialog>
      <ImportProfilesDialog
        open={dialog === 'import'}
        onClose={() => setDialog(null)}
        onImported={() => {
          rows.refresh();
          loadGroups();
        }}
      />
    </Box>
  );
}
