import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** An environment's name and remark, each with its refusal under it (create and edit). */
export function NameRemarkFields(p: {
  name: string;
  remark: string;
  onName: (v: string) => void;
  onRemark: (v: string) => void;
  errors: Record<string, string | undefined>;
  clear: (field: string) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        label={t('phone.edit.name')}
        value={p.name}
        onChange={(e) => {
          p.onName(e.target.value);
          p.clear('name');
        }}
        error={!!p.errors.name}
        helperText={p.errors.name || ' '}
        slotProps={{ htmlInput: { maxLength: 20, 'data-testid': `${p.testIdPrefix}-name` } }}
      />
      <TextField
        size="small"
        label={t('phone.edit.remark')}
        value={p.remark}
        onChange={(e) => {
          p.onRemark(e.target.value);
          p.clear('remark');
        }}
        multiline
        minRows={2}
        error={!!p.errors.remark}
        helperText={p.errors.remark || ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </>
  );
}
