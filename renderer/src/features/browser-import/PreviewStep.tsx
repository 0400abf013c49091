import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '../groups/group-label';
import { FileLine } from './ImportSteps';
import { FROM_FILE, type Phase } from './import-phase';
import { type PreviewRow, PreviewTable } from './PreviewTable';

/** The file's rows as they will be imported, the problems found before sending, the target group. */
export function PreviewStep(p: {
  phase: Extract<Phase, { kind: 'preview' }>;
  problems: PreviewRow[];
  missingGroups: string[];
  groups: CallResult<'groupList'>;
  canListGroups: boolean;
  canMove: boolean;
  groupId: string;
  onGroup: (groupId: string) => void;
  onlyProblems: boolean;
  onOnlyProblems: (only: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FileLine file={p.phase.file} rows={p.phase.rows.length} />
      {p.phase.error && (
        <Alert severity="error" data-testid="import-server-error">
          {p.phase.error}
        </Alert>
      )}
      {p.problems.length > 0 && (
        <Alert severity="warning" data-testid="import-precheck-warning">
          {p.problems.length === p.phase.rows.length
            ? t('browserImport.preview.noneValid')
            : t('browserImport.preview.problems', { count: p.problems.length })}
        </Alert>
      )}
      {p.missingGroups.length > 0 && (
        <Alert severity="info">
          {t('browserImport.preview.missingGroups', { groups: p.missingGroups.join(', ') })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {p.canListGroups && (
          <TextField
            select
            size="small"
            label={t('browserImport.preview.group')}
            value={p.groupId}
            onChange={(e) => p.onGroup(e.target.value)}
            sx={{ minWidth: { sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
            data-testid="import-group"
          >
            <MenuItem value={FROM_FILE}>
              {p.phase.hasGroupColumn ? t('browserImport.preview.groupFromFile') : t('groups.defaultName')}
            </MenuItem>
            {p.canMove &&
              p.groups.map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {groupLabel(g, t)}
                </MenuItem>
              ))}
          </TextField>
        )}
        {p.problems.length > 0 && (
          <FormControlLabel
            control={<Switch checked={p.onlyProblems} onChange={(e) => p.onOnlyProblems(e.target.checked)} />}
            label={t('browserImport.preview.onlyProblems')}
          />
        )}
      </Stack>
      <PreviewTable rows={p.onlyProblems ? p.problems : p.phase.rows} showGroup={p.phase.hasGroupColumn} />
    </Stack>
  );
}
