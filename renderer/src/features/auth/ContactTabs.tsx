import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';

export type ContactKind = 'phone' | 'email';

/** Phone or email: which one receives the code. */
export function ContactTabs({ value, onChange }: { value: ContactKind; onChange: (v: ContactKind) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs value={value} onChange={(_, v: ContactKind) => onChange(v)} variant="fullWidth" sx={{ mb: 1 }}>
      <Tab value="phone" label={t('form.byPhone')} data-testid="tab-phone" />
      <Tab value="email" label={t('form.byEmail')} data-testid="tab-email" />
    </Tabs>
  );
}
