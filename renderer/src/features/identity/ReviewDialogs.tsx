import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GenericDialog } from '../../components/GenericDialog';
import { useAdminIdentityDocument, useReviewIdentity } from '../../queries/identity';
import { notifySuccess } from '../../stores/notice';
import { useIdentityErrorText } from './error-text';

export type ReviewRow = CallResult<'adminIdentityList'>['list'][number];
type Doc = ReviewRow['documents'][number];

/** The reason the user will read; rejecting needs one. */
export function RejectDialog({ row, onClose }: { row: ReviewRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useReviewIdentity();
  const errorText = useIdentityErrorText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form per row.
  useEffect(() => {
    setReason('');
    setError(null);
  }, [row?.id]);
  const send = async () => {
    if (!row) return;
    if (!reason.trim()) return setError(t('identity.errors.reasonRequired'));
    try {
      await review.mutateAsync({ id: row.id, approve: false, reason: reason.trim() });
      notifySuccess(t('identity.admin.rejected'));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e) : String(e));
    }
  };
  return (
    <GenericDialog
      open={!!row}
      title={t('identity.admin.rejectTitle', { name: row?.username ?? '' })}
      confirmText={t('identity.admin.reject')}
      loading={review.isPending}
      onClose={onClose}
      onConfirm={send}
    >
      <TextField
        label={t('identity.admin.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        sx={{ mt: 1 }}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': 'identity-reject-reason', maxLength: 500 } }}
      />
    </GenericDialog>
  );
}

/** One uploaded document as the operator checks it: an image shown, a PDF embedded, both downloadable. */
export function DocumentDialog({ doc, onClose }: { doc: Doc | null; onClose: () => void }) {
  const { t } = useTranslation();
  const file = useAdminIdentityDocument(doc?.id ?? null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!doc || !(file.data instanceof Blob)) return setUrl(null);
    const u = URL.createObjectURL(file.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [doc, file.data]);
  return (
    <GenericDialog
      open={!!doc}
      closeOnly
      maxWidth="md"
      title={t('identity.admin.preview', { name: doc?.fileName ?? '' })}
      onClose={onClose}
      onConfirm={onClose}
    >
      {file.isError && <Alert severity="error">{t('identity.admin.loadFailed')}</Alert>}
      {url && doc && (
        <Box sx={{ textAlign: 'center' }}>
          {doc.contentType.startsWith('image/') ? (
            <Box
              component="img"
              src={url}
              alt={doc.fileName}
              sx={{ maxWidth: '100%', maxHeight: '60vh' }}
              data-testid="identity-doc-image"
            />
          ) : (
            <Box component="object" data={url} type={doc.contentType} sx={{ width: '100%', height: '60vh' }} />
          )}
          <Button href={url} download={doc.fileName} sx={{ mt: 1 }}>
            {t('identity.admin.download')}
          </Button>
        </Box>
      )}
    </GenericDialog>
  );
}
