import { precheckRow, SheetError, unknownGroups } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { downloadCall } from '../../api/download';
import { usePermission } from '../../components/PermissionGate';
import { type ProfileGroup, useImportProfiles, useMoveProfilesQuietly, useProfileGroups } from '../../queries/profiles';
import { readBase64 } from './files';
import { DoneStep, PickStep, ProgressStep } from './ImportSteps';
import { FROM_FILE, type Phase } from './import-phase';
import { sheetProblemText } from './messages';
import { PreviewStep } from './PreviewStep';
import { readSheetBytes } from './sheet';

export interface ImportProfilesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after profiles were imported, so the grid reloads. */
  onImported: () => void;
}

const NO_GROUPS: ProfileGroup[] = [];

/**
 * The profile import wizard: template, file (xlsx or csv, dropped or chosen), preview, target
 * group, import, per-row result. The server imports the whole file in one transaction: any bad
 * row refuses the file and nothing is imported, so the user fixes the file and imports again.
 */
export function ImportProfilesDialog(p: ImportProfilesDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const canListGroups = usePermission(['group:list']);
  const canMove = usePermission(['browser:update']);
  // Asked again each time the dialog opens (staleness 0), for the names the file may use.
  const groupsQuery = useProfileGroups(p.open && canListGroups);
  const groups = groupsQuery.data ?? NO_GROUPS;
  const importCall = useImportProfiles();
  const moveCall = useMoveProfilesQuietly();
  const [groupId, setGroupId] = useState<string>(FROM_FILE);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);

  useEffect(() => {
    if (!p.open) return;
    setPhase({ kind: 'pick' });
    setGroupId(FROM_FILE);
    setOnlyProblems(false);
  }, [p.open]);

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
      const answer = await importCall.mutateAsync({ fileName: file.name, content });
      let moveError: string | undefined;
      if (!answer.errors.length && groupId !== FROM_FILE && answer.ids.length) {
        // The import call has no group parameter; the move is a second, separate step.
        try {
          await moveCall.mutateAsync({ ids: answer.ids, groupId: Number(groupId) });
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
  /** Every row was flagged: the server would refuse the file, so there is nothing to send. */
  const noneValid = phase.kind === 'preview' && problems.length === phase.rows.length;
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
          <PickStep
            error={phase.kind === 'pick' ? phase.error : undefined}
            parsing={phase.kind === 'parsing'}
            templateBusy={templateBusy}
            onTemplate={downloadTemplate}
            onFile={chooseFile}
          />
        )}
        {phase.kind === 'preview' && (
          <PreviewStep
            phase={phase}
            problems={problems}
            missingGroups={missingGroups}
            groups={groups}
            canListGroups={canListGroups}
            canMove={canMove}
            groupId={groupId}
            onGroup={setGroupId}
            onlyProblems={onlyProblems}
            onOnlyProblems={setOnlyProblems}
          />
        )}
        {phase.kind === 'importing' && <ProgressStep phase={phase} />}
        {phase.kind === 'done' && <DoneStep phase={phase} />}
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
            disabled={noneValid}
            data-testid="import-start"
          >
            {t('browserImport.action.import', { count: phase.kind === 'preview' ? phase.rows.length : phase.count })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
