import { type CallResult, precheckRow, SheetError, unknownGroups } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/calls';
import { downloadCall } from '../../api/download';
import { usePermission } from '../../components/PermissionGate';
import { formatFileSize } from '../../lib/format';
import { FilePicker } from './FilePicker';
import { readBase64 } from './files';
import { ImportResult } from './ImportResult';
import { sheetProblemText } from './messages';
import { type PreviewRow, PreviewTable } from './PreviewTable';
import { readSheetBytes } from './sheet';

export interface ImportProfilesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after profiles were imported, so the grid reloads. */
  onImported: () => void;
}

type Group = CallResult<'groupList'>[number];
type Answer = CallResult<'profileImport'>;

type Phase =
  | { kind: 'pick'; error?: string }
  | { kind: 'parsing'; file: File }
  | { kind: 'preview'; file: File; rows: PreviewRow[]; hasGroupColumn: boolean; error?: string }
  | { kind: 'importing'; file: File; count: number; stage: 'reading' | 'sending'; fraction: number }
  | { kind: 'done'; file: File; answer: Answer; moveError?: string };

/** "As in the file": the group column when there is one, else the default group. */
const FROM_FILE = 'file';

/**
 * The profile import wizard: template, file (xlsx or csv, dropped or chosen), preview, target
 * group, import, per-row result. The server imports the whole file in one transaction: any bad
 * row refuses the file and nothing is imported, so the user fixes the file and imports again.
 */
export function ImportProfilesDialog(p: ImportProfilesDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [groups, setGroups] = useState<Group[]>([]);
  const [groupId, setGroupId] = useState<string>(FROM_FILE);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const canListGroups = usePermission(['group:list']);
  const canMove = usePermission(['browser:update']);

  useEffect(() => {
    if (!p.open) return;
    setPhase({ kind: 'pick' });
    setGroupId(FROM_FILE);
    setOnlyProblems(false);
    if (canListGroups) api.groupList(undefined, { noPrompt: true }).then(setGroups, () => setGroups([]));
  }, [p.open, canListGroups]);

  const busy = phase.kind === 'importing' || phase.kind === 'parsing';
  const close = () => {
    if (!busy) p.onClose();
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadCall('profileDownloadTpl', undefined, 'profiles-template.xlsx');
    } catch {
      // The call showed the server's reason as a notice.
    } finally {
      setTemplateBusy(false);
    }
  };

  const chooseFile = async (file: File) => {
    setPhase({ kind: 'parsing', file });
    try {
      const sheet = await readSheetBytes(file.name, new Uint8Array(await file.arrayBuffer()));
      const rows = sheet.rows.map((s) => ({ sheet: s, issues: precheckRow(s) }));
      setOnlyProblems(false);
      setPhase({ kind: 'preview', file, rows, hasGroupColumn: sheet.header.includes('group') });
    } catch (e) {
      setPhase({
        kind: 'pick',
        error: e instanceof SheetError ? sheetProblemText(t, e.problem) : t('browserImport.problem.unreadable'),
      });
    }
  };

  const runImport = async () => {
    if (phase.kind !== 'preview') return;
    const { file, rows } = phase;
    const base = { kind: 'importing' as const, file, count: rows.length };
    setPhase({ ...base, stage: 'reading', fraction: 0 });
    try {
      const content = await readBase64(file, (fraction) => setPhase({ ...base, stage: 'reading', fraction }));
      setPhase({ ...base, stage: 'sending', fraction: 1 });
      const answer = await api.profileImport({ fileName: file.name, content }, { kind: 'upload', noPrompt: true });
      let moveError: string | undefined;
      if (!answer.errors.length && groupId !== FROM_FILE && answer.ids.length) {
        // The import call has no group parameter; the move is a second, separate step.
        try {
          await api.groupMoveProfiles({ ids: answer.ids, groupId: Number(groupId) }, { noPrompt: true });
        } catch (e) {
          moveError = e instanceof Error ? e.message : String(e);
        }
      }
      setPhase({ kind: 'done', file, answer, moveError });
      if (!answer.errors.length) p.onImported();
    } catch (e) {
      const reason = e instanceof ApiError || e instanceof Error ? e.message : String(e);
      setPhase({ ...phase, error: t('browserImport.result.failed', { reason }) });
    }
  };

  const problems = phase.kind === 'preview' ? phase.rows.filter((r) => r.issues.length) : [];
  const missingGroups = useMemo(
    () =>
      phase.kind === 'preview' && phase.hasGroupColumn && groupId === FROM_FILE
        ? unknownGroups(
            phase.rows.map((r) => r.sheet),
            new Set(groups.map((g) => g.name)),
          )
        : [],
    [phase, groups, groupId],
  );

  return (
    <Dialog open={p.open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title" sx={{ pr: 6 }}>
        {t('browserImport.title')}
        <IconButton
          aria-label={t('common.close')}
          onClick={close}
          disabled={busy}
          size="small"
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {(phase.kind === 'pick' || phase.kind === 'parsing') && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('browserImport.pick.intro')}
            </Typography>
            <Box>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={downloadTemplate}
                loading={templateBusy}
                data-testid="import-download-template"
              >
                {t('browserImport.pick.template')}
              </Button>
            </Box>
            {phase.kind === 'pick' && phase.error && (
              <Alert severity="error" data-testid="import-file-error">
                {phase.error}
              </Alert>
            )}
            <FilePicker onFile={chooseFile} disabled={phase.kind === 'parsing'} />
            {phase.kind === 'parsing' && <LinearProgress aria-label={t('browserImport.pick.reading')} />}
            <Typography variant="caption" color="text.secondary">
              {t('browserImport.pick.rules', { max: 1000 })}
            </Typography>
          </Stack>
        )}

        {phase.kind === 'preview' && (
          <Stack spacing={2}>
            <FileLine file={phase.file} rows={phase.rows.length} />
            {phase.error && (
              <Alert severity="error" data-testid="import-server-error">
                {phase.error}
              </Alert>
            )}
            {problems.length > 0 && (
              <Alert severity="warning" data-testid="import-precheck-warning">
                {t('browserImport.preview.problems', { count: problems.length })}
              </Alert>
            )}
            {missingGroups.length > 0 && (
              <Alert severity="info">
                {t('browserImport.preview.missingGroups', { groups: missingGroups.join(', ') })}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              {canListGroups && (
                <TextField
                  select
                  size="small"
                  label={t('browserImport.preview.group')}
                  value={groupId}
                  onChange={(e) => setGroupId(e.target.value)}
                  sx={{ minWidth: 260 }}
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
                  data-testid="import-group"
                >
                  <MenuItem value={FROM_FILE}>
                    {phase.hasGroupColumn
                      ? t('browserImport.preview.groupFromFile')
                      : t('browserImport.preview.groupDefault')}
                  </MenuItem>
                  {canMove &&
                    groups.map((g) => (
                      <MenuItem key={g.id} value={String(g.id)}>
                        {g.isDefault ? t('browserImport.preview.groupDefault') : g.name}
                      </MenuItem>
                    ))}
                </TextField>
              )}
              {problems.length > 0 && (
                <FormControlLabel
                  control={<Switch checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />}
                  label={t('browserImport.preview.onlyProblems')}
                />
              )}
            </Stack>
            <PreviewTable rows={onlyProblems ? problems : phase.rows} showGroup={phase.hasGroupColumn} />
          </Stack>
        )}

        {phase.kind === 'importing' && (
          <Stack spacing={1.5} sx={{ py: 2 }} data-testid="import-progress">
            <FileLine file={phase.file} rows={phase.count} />
            <Typography>
              {phase.stage === 'reading'
                ? t('browserImport.progress.reading', { percent: Math.round(phase.fraction * 100) })
                : t('browserImport.progress.sending', { count: phase.count })}
            </Typography>
            <LinearProgress
              variant={phase.stage === 'reading' ? 'determinate' : 'indeterminate'}
              value={phase.fraction * 100}
              aria-label={t('browserImport.progress.label')}
            />
            <Typography variant="body2" color="text.secondary">
              {t('browserImport.progress.atomic')}
            </Typography>
          </Stack>
        )}

        {phase.kind === 'done' && (
          <Stack spacing={2}>
            <FileLine file={phase.file} />
            <ImportResult answer={phase.answer} moveError={phase.moveError} />
            {phase.answer.errors.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('browserImport.result.fixHint')}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {(phase.kind === 'preview' || phase.kind === 'done') && (
          <Button onClick={() => setPhase({ kind: 'pick' })} sx={{ mr: 'auto' }} data-testid="import-another">
            {phase.kind === 'done' && !phase.answer.errors.length
              ? t('browserImport.action.importAnother')
              : t('browserImport.action.chooseAnother')}
          </Button>
        )}
        <Button color="inherit" onClick={close} disabled={busy}>
          {phase.kind === 'done' ? t('common.close') : t('common.cancel')}
        </Button>
        {(phase.kind === 'preview' || phase.kind === 'importing') && (
          <Button
            variant="contained"
            onClick={runImport}
            loading={phase.kind === 'importing'}
            data-testid="import-start"
          >
            {t('browserImport.action.import', { count: phase.kind === 'preview' ? phase.rows.length : phase.count })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function FileLine({ file, rows }: { file: File; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <InsertDriveFileOutlinedIcon color="action" fontSize="small" />
      <Typography noWrap sx={{ fontWeight: 500, minWidth: 0 }} data-testid="import-file-name">
        {file.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {formatFileSize(file.size)}
        {rows !== undefined && ` · ${t('browserImport.preview.rows', { count: rows })}`}
      </Typography>
    </Stack>
  );
}
