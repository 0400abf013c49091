import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from './FormFields';
import type { Field } from './use-field';

/** Calling codes offered by the phone fields (numbers, not translated). */
export const COUNTRY_CODES = [
  '86',
  '852',
  '853',
  '886',
  '1',
  '44',
  '7',
  '49',
  '33',
  '39',
  '34',
  '55',
  '81',
  '82',
  '84',
  '66',
  '90',
  '91',
  '380',
];

export function PhoneFields({
  phone,
  countryCode,
  setCountryCode,
}: {
  phone: Field;
  countryCode: string;
  setCountryCode: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      <TextField
        select
        label={t('form.countryCode')}
        value={countryCode}
        onChange={(e) => setCountryCode(e.target.value)}
        sx={{ width: 112, flexShrink: 0 }}
      >
        {COUNTRY_CODES.map((c) => (
          <MenuItem key={c} value={c}>
            +{c}
          </MenuItem>
        ))}
      </TextField>
      <CheckedTextField field={phone} label={t('form.phone')} autoComplete="tel" inputMode="numeric" />
    </Stack>
  );
}
