import { PHONE_FILE_MAX_BYTES } from '@facet/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneChoices, useUploadPhoneFile } from '../../queries/phone-apps';
import { notifySuccess } from '../../stores/notice';
import { formatSize, showRefusal } from './refusal';
import { UploadProgress } from './UploadProgress';
import { useFileUpload } from './use-file-upload';

/** Choose files and environments, then send each file in turn; the table below shows the pushes. */
export function FileUploadPanel() {
  const { t, i18n } = useTranslation();
  const envs = usePhoneChoices(true);
  const [envIds, setEnvIds] = useState<number[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoneFile();
  const { sending, run, busy } = useFileUpload(
    (file, onProgress) => upload.mutateAsync({ file, envIds, onProgress }),
    (_file, e) => showRefusal(t, (k) => i18n.exists(k), e),
  );
  const options = envs.data ?? [];
  const send = async () => {
    const done = await run(files);
    if (done.length) {
      notifySuccess(
        t('phoneApps.files.queued', {
          files: t('phoneApps.fileCount', { count: done.length }),
          envs: t('phoneApps.envCount', { count: envIds.length }),
        }),
      );
      setFiles([]);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack sx={{ gap: 1.5 }}>
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={options.filter((e) => envIds.includes(e.id))}
          onChange={(_, v) => setEnvIds(v.map((e) => e.id))}
          getOptionLabel={(e) => e.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('phoneApps.files.environments')}
              placeholder={t('phoneApps.files.pickEnvs')}
            />
          )}
          data-testid="file-envs"
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<AttachFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {t('phoneApps.files.choose')}
          </Button>
          {files.map((f) => (
            <Chip
              key={`${f.name}-${f.size}`}
              label={`${f.name} · ${formatSize(f.size, i18n.language)}`}
              onDelete={busy ? undefined : () => setFiles((all) => all.filter((x) => x !== f))}
              sx={{ maxWidth: '100%' }}
            />
          ))}
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="file-input"
            onChange={(e) => {
              // Read before clearing: the FileList empties with the input's value.
              const picked = [...(e.target.files ?? [])];
              e.target.value = '';
              setFiles((all) => [...all, ...picked]);
            }}
          />
        </Stack>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={<CloudUploadIcon />}
            disabled={busy || files.length === 0 || envIds.length === 0}
            onClick={() => void send()}
            data-testid="file-upload"
          >
            {t('phoneApps.files.upload')}
          </Button>
          <UploadProgress sending={sending} />
          <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {t('phoneApps.files.limit', { size: formatSize(PHONE_FILE_MAX_BYTES, i18n.language) })}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
