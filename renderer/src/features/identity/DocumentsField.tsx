import { type CallResult, IDENTITY_DOC_MAX_COUNT } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useDeleteIdentityDocument, useUploadIdentityDocument } from '../../queries/identity';
import { useIdentityErrorText } from './error-text';

type Doc = CallResult<'identityCertificationStatus'>['documents'][number];

/** The documents waiting for the next submission, and the upload of one more of `kind`. */
export function DocumentsField({ kind, documents }: { kind: 'idPhoto' | 'licence'; documents: Doc[] }) {
  const { t } = useTranslation();
  const upload = useUploadIdentityDocument();
  const remove = useDeleteIdentityDocument();
  const errorText = useIdentityErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ file, kind, fileName: file.name });
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e) : String(e));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography variant="subtitle2">{t('identity.documents.title')}</Typography>
      {documents.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('identity.documents.none')}
        </Typography>
      )}
      {documents.map((d) => (
        <Stack key={d.id} direction="row" sx={{ alignItems: 'center', gap: 1 }} data-testid="identity-document">
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {t(`identity.documents.${d.kind}`)}: {d.fileName}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('identity.documents.remove', { name: d.fileName })}
            onClick={() => void remove.mutateAsync({ id: d.id }).catch(() => undefined)}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,application/pdf"
        data-testid={`identity-upload-${kind}`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={upload.isPending || documents.length >= IDENTITY_DOC_MAX_COUNT}
          onClick={() => input.current?.click()}
        >
          {t('identity.documents.upload', { kind: t(`identity.documents.${kind}`) })}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('identity.documents.hint')}
        </Typography>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
