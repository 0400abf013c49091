import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadApk } from '../../queries/phone-apps';
import { notifySuccess } from '../../stores/notice';
import { showRefusal } from './refusal';
import { UploadProgress } from './UploadProgress';
import { useFileUpload } from './use-file-upload';

/** Upload APKs (the user's own, or the operator's into a kind) with the progress of each. */
export function UploadApkButton(p: { target: 'own' | 'market'; kindId?: number | undefined; onUploaded?: () => void }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadApk(p.target);
  const { sending, run, busy } = useFileUpload(
    (file, onProgress) => upload.mutateAsync({ file, kindId: p.kindId, onProgress }),
    (_file, e) => showRefusal(t, (k) => i18n.exists(k), e),
  );
  const choose = async (files: FileList | null) => {
    const done = await run([...(files ?? [])]);
    if (input.current) input.current.value = '';
    for (const app of done) notifySuccess(t('phoneApps.market.added', { name: app.label, version: app.versionName }));
    if (done.length) p.onUploaded?.();
  };
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <UploadProgress sending={sending} />
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="apk-upload"
      >
        {t('phoneApps.market.uploadApk')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".apk,application/vnd.android.package-archive"
        multiple
        hidden
        data-testid="apk-input"
        onChange={(e) => void choose(e.target.files)}
      />
    </Stack>
  );
}
