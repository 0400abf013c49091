import { GLOBAL_LIST_MAX_ROWS } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { usePermission } from '../../components/PermissionGate';
import { useGlobalValue, useSaveGlobalList } from '../../queries/settings-lists';
import { notifyError, notifySuccess } from '../../stores/notice';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { ListFileButtons } from './ListFileButtons';
import { type Column, RowFields } from './RowFields';
import {
  checkRows,
  moveRow,
  newRow,
  type Row,
  type RowErrors,
  rowErrorsFromServer,
  rowsFromJson,
  rowsToEntries,
  tooManyRows,
} from './rows';

export interface ListScreen<F extends string> {
  type: 'bookmarks' | 'websitesCredentials';
  title: string;
  intro: string;
  columns: readonly Column<F>[];
  entry: z.ZodType;
  aliases?: Partial<Record<F, string>>;
  addLabel: string;
  emptyText: string;
  savedText: string;
  fileName: string;
}

/**
 * A settings screen over one global value that is a list of rows (bookmarks, website
 * credentials; docs/client.md, Console settings for the client). Rows are checked with the
 * entry schema the server and the client use; a refused save keeps every row as typed.
 */
export function GlobalListPage<F extends string>({ screen: s }: { screen: ListScreen<F> }) {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const fields = useMemo(() => s.columns.map((c) => c.field), [s.columns]);
  const read = useGlobalValue(s.type, allowed);
  const saving = useSaveGlobalList();
  const [saved, setSaved] = useState<string | null>(null);
  const [rows, setRows] = useState<Row<F>[] | null>(null);
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<RowErrors>({});

  // The form starts from the first answer; a save sets what is saved from what it sent.
  useEffect(() => {
    if (rows !== null) return;
    if (read.isError) return setRows([]);
    if (read.data === undefined) return;
    setRows(rowsFromJson(read.data, fields, s.aliases) ?? []);
    setSaved(JSON.stringify(rowsToEntries(rowsFromJson(read.data, fields, s.aliases) ?? [], fields)));
  }, [read.data, read.isError, rows, fields, s.aliases]);

  const errors = useMemo(() => (rows ? checkRows(rows, fields, s.entry) : {}), [rows, fields, s.entry]);
  if (!allowed) return <NoAccess />;

  const value = rows ? JSON.stringify(rowsToEntries(rows, fields)) : '';
  const dirty = rows !== null && value !== saved;
  const bad = Object.keys(errors).length;
  const tooMany = rows ? tooManyRows(rows) : false;
  const edit = (next: Row<F>[]) => {
    setRows(next);
    setServerErrors({});
  };

  const save = async () => {
    setShown(true);
    if (!rows || bad || tooMany) return;
    try {
      await saving.mutateAsync({ globalValueType: s.type, globalValue: value, confirm: false });
      setSaved(value);
      setShown(false);
      notifySuccess(s.savedText);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.errors : [];
      const placed = rowErrorsFromServer(rows, fieldErrors);
      setServerErrors(placed);
      if (!Object.keys(placed).length) notifyError(err instanceof Error ? err.message : String(err), 5000);
    }
  };

  const rowErrors = (key: number) => serverErrors[key] ?? (shown ? errors[key] : undefined);
  return (
    <Box sx={{ maxWidth: 980 }}>
      <PageHeader
        title={s.title}
        intro={s.intro}
        actions={
          rows && (
            <ListFileButtons
              fileName={s.fileName}
              entries={rowsToEntries(rows, fields)}
              onImport={(json) => {
                const added = rowsFromJson(json, fields, s.aliases);
                if (added) edit([...rows, ...added]);
                return added?.length ?? null;
              }}
            />
          )
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        {rows === null ? (
          <Skeleton variant="rectangular" height={160} />
        ) : (
          <>
            {rows.length === 0 && (
              <Typography color="text.secondary" sx={{ py: 2 }} data-testid="list-empty">
                {s.emptyText}
              </Typography>
            )}
            {rows.map((row, i) => (
              <Box key={row.key}>
                {i > 0 && <Divider sx={{ display: { sm: 'none' } }} />}
                <RowFields
                  row={row}
                  index={i}
                  count={rows.length}
                  columns={s.columns}
                  errors={rowErrors(row.key)}
                  onChange={(patch) => edit(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))}
                  onMove={(by) => edit(moveRow(rows, i, by))}
                  onRemove={() => edit(rows.filter((r) => r.key !== row.key))}
                />
              </Box>
            ))}
            {shown && (bad > 0 || tooMany) && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="rows-invalid">
                {tooMany
                  ? t('settingsLists.tooMany', { max: GLOBAL_LIST_MAX_ROWS })
                  : t('settingsLists.rowsInvalid', { count: bad })}
              </Alert>
            )}
            <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <Button startIcon={<AddIcon />} onClick={() => edit([...rows, newRow(fields)])} data-testid="row-add">
                {s.addLabel}
              </Button>
              <Button
                variant="contained"
                onClick={save}
                loading={saving.isPending}
                disabled={!dirty}
                data-testid="list-save"
              >
                {t('common.save')}
              </Button>
            </Stack>
          </>
        )}
      </Paper>
    </Box>
  );
}
