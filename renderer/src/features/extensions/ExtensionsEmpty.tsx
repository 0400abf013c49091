import ExtensionIcon from '@mui/icons-material/Extension';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** No extension: why one would upload one (and the button), or that the search found none. */
export function ExtensionsEmpty({ searched, upload }: { searched: boolean; upload: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="extensions-empty">
      <ExtensionIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography sx={{ mt: 1, fontWeight: 500 }}>
        {searched ? t('extensions.empty.noMatch') : t('extensions.empty.title')}
      </Typography>
      {!searched && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mt: 0.5 }}>
            {t('extensions.empty.hint')}
          </Typography>
          {upload && <Box sx={{ mt: 2 }}>{upload}</Box>}
        </>
      )}
    </Box>
  );
}
