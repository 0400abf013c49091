import { Code } from '@facet/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useSetRiskLevel } from '../../queries/accounts-admin';
import { notifySuccess } from '../../stores/notice';

/**
 * Sets an account's risk level with the reason the operation log keeps. The level the operator
 * saw goes along: when another operator changed it meanwhile the server refuses silently (16187)
 * and the account shows the level it has now; a closed account's refusal (16024) is shown here.
 */
export function RiskDialog(p: {
  open: boolean;
  account: { id: number; username: string; riskLevel: number };
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetRiskLevel();
  const fields = useFieldErrors('accountsAdmin.errors');
  const [level, setLevel] = useState(p.account.riskLevel);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setLevel(p.account.riskLevel ? 0 : 1);
    setReason('');
    setTried(false);
    fields.reset();
  }, [p.open]);

  const reasonError = fields.errors.reason ?? (tried && !reason.trim() ? t('accountsAdmin.reasonRequired') : undefined);
  const submit = async () => {
    setTried(true);
    if (!reason.trim()) return;
    try {
      await save.mutateAsync({ id: p.account.id, from: p.account.riskLevel, riskLevel: level, reason: reason.trim() });
      notifySuccess(t('accountsAdmin.riskSaved', { user: p.account.username }));
      p.onClose();
    } catch (e) {
      if (e instanceof ApiError && Number(e.code) === Code.SILENT_B) p.onStale();
      else fields.take(e);
    }
  };

  return (
    <GenericDialog
      open={p.open}
      title={t('accountsAdmin.riskTitle', { user: p.account.username })}
      confirmText={t('accountsAdmin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('accountsAdmin.riskExplain')}
      </Typography>
      <RadioGroup value={String(level)} onChange={(e) => setLevel(Number(e.target.value))}>
        {[0, 1].map((l) => (
          <FormControlLabel
            key={l}
            value={String(l)}
            control={<Radio size="small" />}
            label={
              <>
                <Typography variant="body2">{t(`accountsAdmin.risk.level${l}`)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`accountsAdmin.risk.level${l}Hint`)}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
          />
        ))}
      </RadioGroup>
      <TextField
        fullWidth
        multiline
        minRows={2}
        label={t('accountsAdmin.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={!!reasonError}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'risk-reason' } }}
      />
      {fields.errors.id && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="risk-refused">
          {fields.errors.id}
        </Alert>
      )}
    </GenericDialog>
  );
}
