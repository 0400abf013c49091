import type { ProfileSummary } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useProfileGroups } from '../../queries/profiles';
import { useUserStore } from '../../stores/user';
import { ImportCookiesDialog } from '../browser-form/ImportCookiesDialog';
import { ImportProfilesDialog } from '../browser-import/ImportProfilesDialog';
import { BatchDialogHost } from './BatchDialogHost';
import { BatchToolbar } from './BatchToolbar';
import { BATCH_DIALOGS, type BatchDialogAction, MAX_BATCH } from './batch-actions';
import { ClientHelp } from './ClientHelp';
import { renderDataCell } from './cells';
import { CookieRobotDialog } from './cookie-robot/CookieRobotDialog';
import { RobotProgress, RobotRowStatus } from './cookie-robot/RobotProgress';
import { useCookieRobot } from './cookie-robot/use-cookie-robot';
import { EngineReminder } from './EngineReminder';
import { ExportDialog } from './ExportDialog';
import { FilterBar } from './FilterBar';
import { FingerprintCheckDialog } from './FingerprintCheckDialog';
import { GridEmpty } from './GridEmpty';
import { GroupPanel } from './GroupPanel';
import { visibleColumns } from './grid-columns';
import { EMPTY_FILTERS } from './grid-filters';
import { ROW_HEIGHTS } from './grid-prefs';
import { OpenProgressDialog } from './OpenProgressDialog';
import { PageToolbar } from './PageToolbar';
import { PreferencesDialog } from './PreferencesDialog';
import { ProfileGrid } from './ProfileGrid';
import { RowMenu, type RowMenuState } from './RowMenu';
import { NameCell, RowActions, StarButton } from './row-cells';
import { rowMenuActions } from './row-menu';
import { SortControls } from './SortControls';
import { EMPTY_SELECTION, selectAllMatching, toggleSelected } from './selection';
import { useBatch } from './use-batch';
import { useFingerprintCheckDialog } from './use-fingerprint-check';
import { useGridView } from './use-grid-view';
import { useOpenInClient } from './use-open-in-client';
import { useRowEdits } from './use-row-edits';

/**
 * Browser profiles: the virtualized grid with filters, groups, selection and batch actions.
 * The batch actions that ask in a dialog are one table (batch-actions.ts); opening profiles in
 * the desktop client is use-open-in-client.ts.
 */
export default function BrowserPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const can = {
    update: usePermission(['browser:update']),
    delete: usePermission(['browser:delete']),
    deleteForever: usePermission(['browser:delete:forever']),
    cookie: usePermission(['browser:cookie']),
    open: usePermission(['browser:open']),
    share: usePermission(['browser:share']),
    groups: usePermission(['group:list']),
    extensions: usePermission(['browser:update', 'extension:list']),
  };

  const view = useGridView();
  const { rows, selection, setSelection, count, sort, filters, setFilters, filterError } = view;
  const groupsQuery = useProfileGroups(can.groups);
  const groups = groupsQuery.data ?? (groupsQuery.isError ? [] : null);
  const client = useOpenInClient(rows);
  const batch = useBatch(view, client);
  const edits = useRowEdits(view);
  const fingerprintCheck = useFingerprintCheckDialog(rows.refresh);
  const robot = useCookieRobot();
  const [rowMenu, setRowMenu] = useState<RowMenuState | null>(null);
  const checkFingerprint = can.open && client.bridge ? fingerprintCheck.start : undefined;
  const menuActions = rowMenuActions(can, { checkFingerprint: !!checkFingerprint });

  const refresh = () => {
    rows.refresh();
    if (can.groups) void groupsQuery.refetch();
  };
  const draggable = can.update && sort.field === 'sort' && sort.order === 'asc';
  const columns = visibleColumns(view.layout);
  const defaultGroupId = groups?.find((g) => g.isDefault)?.id ?? null;
  const showGrid = rows.total === null ? !rows.error && !filterError : rows.total > 0;

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: { md: 'calc(100vh - 112px)' }, minHeight: 0 }}
    >
      <PageToolbar
        total={rows.total}
        onRefresh={refresh}
        windows={{
          show: can.open,
          bridge: client.bridge,
          selectedCount: count,
          selectedIds: () => batch.ids(MAX_BATCH),
          needClient: client.needClient,
        }}
        layout={view.layout}
        onLayout={view.changeLayout}
        onPrefs={() => batch.open('prefs')}
        onImport={() => batch.open('import')}
      />

      <FilterBar
        filters={filters}
        error={filterError}
        onChange={setFilters}
        actions={
          <SortControls
            sort={sort}
            onSort={view.setSort}
            onResetOrder={draggable ? () => batch.open('resetOrder') : undefined}
          />
        }
      />

      {client.clientHelp && !client.bridge && <ClientHelp onClose={client.hideClientHelp} />}
      <EngineReminder
        enabled={can.update}
        onUpgradeAll={() => {
          setSelection(selectAllMatching());
          batch.open('upgrade');
        }}
      />

      <BatchToolbar
        count={count}
        total={view.total}
        allMatching={selection.all}
        onSelectAll={() => setSelection(selectAllMatching())}
        onClear={() => setSelection(EMPTY_SELECTION)}
        onAction={(a) => void batch.run(a)}
      />
      {robot.task && <RobotProgress task={robot.task} onDismiss={robot.clear} />}

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
            <GridEmpty
              hasFilter={view.hasFilter}
              onClearFilters={() => setFilters(EMPTY_FILTERS)}
              onImport={() => batch.open('import')}
            />
          )}
          {showGrid && (
            <Box sx={{ flex: 1, minHeight: 0 }} aria-busy={rows.total === null}>
              <ProfileGrid
                total={rows.total ?? 8}
                rowAt={rows.rowAt}
                columns={columns}
                rowHeight={ROW_HEIGHTS[view.prefs.density]}
                selection={selection}
                selectedCount={count}
                sort={sort}
                draggable={draggable}
                resetKey={view.resetKey}
                renderCell={(row, c) =>
                  c.id === 'name' ? (
                    <>
                      <NameCell row={row} isOpen={client.isOpen(row)} canRename={can.update} edits={edits} />
                      <RobotRowStatus status={robot.statusOf(row.id)} />
                    </>
                  ) : (
                    renderDataCell(row, c.id, t, zone, defaultGroupId)
                  )
                }
                renderStar={(row) => (
                  <StarButton row={row} disabled={!can.update} onToggle={(r) => void edits.toggleStar(r)} />
                )}
                renderActions={(row) => (
                  <RowActions
                    row={row}
                    can={can}
                    client={client}
                    onMenu={menuActions.length > 0 ? (anchor, r) => setRowMenu({ anchor, row: r }) : undefined}
                  />
                )}
                onToggle={(id) => setSelection((s) => toggleSelected(s, id))}
                onHeaderCheck={() => setSelection(count > 0 ? EMPTY_SELECTION : selectAllMatching())}
                onSort={view.toggleSort}
                onRange={rows.setRange}
                onReorder={(a, b) => void edits.moveRow(a, b)}
              />
            </Box>
          )}
        </Box>
      </Box>

      <RowMenu
        menu={rowMenu}
        actions={menuActions}
        onClose={() => setRowMenu(null)}
        onRename={edits.startRename}
        onToggleStar={(row: ProfileSummary) => void edits.toggleStar(row)}
        onDialog={batch.open}
        onCheckFingerprint={checkFingerprint}
      />
      <FingerprintCheckDialog {...fingerprintCheck.dialog} />
      <OpenProgressDialog
        state={client.progress.state}
        cancelling={client.progress.cancelling}
        nameOf={rows.nameOf}
        onCancel={client.progress.cancel}
        onClose={client.progress.close}
      />
      <PreferencesDialog
        open={batch.dialog === 'prefs'}
        prefs={view.prefs}
        onClose={batch.close}
        onSave={(p) => {
          view.changePrefs(p);
          batch.close();
        }}
      />
      {(Object.keys(BATCH_DIALOGS) as BatchDialogAction[]).map((action) => (
        <BatchDialogHost
          key={action}
          entry={BATCH_DIALOGS[action]}
          open={batch.dialog === action}
          count={batch.targetCount}
          target={batch.target}
          ids={batch.ids}
          onClose={batch.close}
          onDone={batch.done}
        />
      ))}
      <ImportCookiesDialog
        open={batch.dialog === 'cookies'}
        profileId={batch.target?.id ?? null}
        onClose={batch.close}
        onImported={(n) => batch.done(t('browser.cookies.done', { count: n }))}
      />
      <ExportDialog
        open={batch.dialog === 'exportXlsx'}
        count={batch.exportCount}
        onClose={batch.close}
        onExport={batch.exportXlsx}
      />
      <CookieRobotDialog
        open={batch.dialog === 'cookieRobot'}
        count={batch.targetCount}
        ids={batch.ids}
        onClose={batch.close}
        onStarted={(task) => {
          robot.started(task);
          batch.done(t('cookieRobot.started', { n: task.counts.total }));
        }}
      />
      <ImportProfilesDialog open={batch.dialog === 'import'} onClose={batch.close} onImported={refresh} />
    </Box>
  );
}
