import { RELEASE_NOTES_KEYS, type ReleaseNotesKey, releaseNoteLines, releaseVersionRule } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useAdminReleaseNotes, useSaveReleaseNotes } from '../../queries/releases';
import { notifyError, notifySuccess } from '../../stores/notice';

/**
 * One version's notes files, a language at a time, with what the upgrade dialog will list
 * (docs/client.md, Release notes per language). `version` null: the operator names it first.
 */
export function ReleaseNotesDialog({ version, onClose }: { version: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const valid = releaseVersionRule.safeParse(typed.trim()).success;
  const current = version ?? (valid ? typed.trim() : null);
  const notes = useAdminReleaseNotes(current);
  const save = useSaveReleaseNotes();
  const errors = useFieldErrors('releasesAdmin.errors');
  const [key, setKey] = useState<ReleaseNotesKey>('en');
  const [text, setText] = useState('');
  const saved = notes.data?.notes[key] ?? '';
  // Another language shows its own saved text, even when it equals the last one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key changes what `saved` names.
  useEffect(() => setText(saved), [saved, key]);
  const lines = releaseNoteLines(text)
    .split('\n')
    .filter((l) => l);

  const submit = async () => {
    if (!current) return void errors.show([{ field: 'version', key: 'releaseVersion' }]);
    try {
      await save.mutateAsync({ version: current, key, text });
      notifySuccess(t('releasesAdmin.saved'));
    } catch (x) {
      const folderKey = x instanceof ApiError ? x.errors.find((e) => !e.field)?.key : undefined;
      if (folderKey) notifyError(t(`releasesAdmin.errors.${folderKey}`), 6000);
      else if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="release-notes-dialog">
      <DialogTitle>{version ? t('releasesAdmin.notesOf', { version }) : t('releasesAdmin.notesNew')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mt: 1, mb: 2 }}>
          {!version && (
            <TextField
              label={t('releasesAdmin.version')}
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                errors.clear('version');
              }}
              error={!!errors.errors.version}
              helperText={errors.errors.version ?? t('releasesAdmin.versionHint')}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'release-notes-version' } }}
            />
          )}
          <TextField
            select
            label={t('releasesAdmin.language')}
            value={key}
            onChange={(e) => setKey(e.target.value as ReleaseNotesKey)}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'release-notes-key' } }}
          >
            {RELEASE_NOTES_KEYS.map((k) => (
              <MenuItem key={k} value={k} data-testid={`release-notes-key-${k}`}>
                {t(`releasesAdmin.key.${k}`)} {notes.data?.notes[k] ? '✓' : ''}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          fullWidth
          multiline
          minRows={8}
          maxRows={18}
          label={t('releasesAdmin.notes')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            errors.clear('text');
          }}
          error={!!errors.errors.text}
          helperText={errors.errors.text ?? t('releasesAdmin.notesHint')}
          slotProps={{ htmlInput: { maxLength: 20_000, 'data-testid': 'release-notes-text' } }}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('releasesAdmin.preview')}
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, pl: 3, color: 'text.secondary' }} data-testid="release-notes-preview">
          {lines.length === 0 ? (
            <Typography component="li" variant="body2" sx={{ listStyle: 'none', ml: -3 }}>
              {t('releasesAdmin.previewEmpty')}
            </Typography>
          ) : (
            lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same change may be listed twice.
              <Typography component="li" variant="body2" key={i}>
                {l}
              </Typography>
            ))
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('releasesAdmin.close')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={text === saved}
          data-testid="release-notes-save"
        >
          {t('releasesAdmin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
