import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../error-text';
import { cronPreview } from '../schedule-text';

export type ScheduleDraft = { kind: 'now' | 'once' | 'cron'; at: string; cron: string };

/** Now, once at a date and time (this browser's clock), or a cron in the account's time zone with its next firings. */
export function ScheduleFields(p: {
  value: ScheduleDraft;
  onChange: (v: ScheduleDraft) => void;
  zone: string;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const v = p.value;
  const preview = v.kind === 'cron' && v.cron.trim() ? cronPreview(v.cron, p.zone) : null;
  return (
    <Stack spacing={1.5}>
      <RadioGroup
        row
        value={v.kind}
        onChange={(e) => p.onChange({ ...v, kind: e.target.value as ScheduleDraft['kind'] })}
      >
        {(['now', 'once', 'cron'] as const).map((k) => (
          <FormControlLabel
            key={k}
            value={k}
            control={<Radio data-testid={`schedule-kind-${k}`} />}
            label={t(`rpa.schedule.${k}`)}
          />
        ))}
      </RadioGroup>
      {v.kind === 'once' && (
        <TextField
          size="small"
          type="datetime-local"
          label={t('rpa.schedule.at')}
          value={v.at}
          onChange={(e) => p.onChange({ ...v, at: e.target.value })}
          error={!!p.errors['schedule.at']}
          helperText={p.errors['schedule.at']}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-at' } }}
          sx={{ maxWidth: 280 }}
        />
      )}
      {v.kind === 'cron' && (
        <>
          <TextField
            size="small"
            label={t('rpa.schedule.cronLabel')}
            value={v.cron}
            onChange={(e) => p.onChange({ ...v, cron: e.target.value })}
            error={!!p.errors['schedule.cron'] || (!!preview && 'error' in preview)}
            helperText={
              p.errors['schedule.cron'] ??
              (preview && 'error' in preview ? errorText(preview.error) : t('rpa.schedule.cronHint', { zone: p.zone }))
            }
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'schedule-cron', spellCheck: false } }}
            sx={{ maxWidth: 360 }}
          />
          {preview && 'times' in preview && (
            <Alert severity="info" data-testid="cron-preview">
              <Typography variant="body2">{t('rpa.schedule.nextFires', { zone: p.zone })}</Typography>
              {preview.times.map((x) => (
                <Typography key={x} variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {x}
                </Typography>
              ))}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
