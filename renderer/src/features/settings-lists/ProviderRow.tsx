import type { CallResult, ProxyProvider } from '@facet/shared';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type GlobalProxy = CallResult<'globalProxyFindList'>[number];

/** One provider: its saved gateway and account (password masked until shown), and Edit. */
export function ProviderRow(p: { provider: ProxyProvider; first: boolean; saved?: GlobalProxy; onEdit?: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const g = p.saved?.host ? p.saved : undefined;
  const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;
  return (
    <Box
      data-testid={`provider-${p.provider}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 1.25,
        borderTop: p.first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 600, width: { xs: 'auto', sm: 120 } }}>{p.provider}</Typography>
      <Chip
        size="small"
        variant="outlined"
        color={g ? 'success' : 'default'}
        label={g ? g.proxyAgreementType.toUpperCase() : t('settingsLists.proxy.notSet')}
      />
      {g && (
        <>
          <Typography sx={mono} data-testid="provider-gateway">{`${g.host}:${g.port ?? ''}`}</Typography>
          {g.userName && (
            <Typography sx={mono} color="text.secondary">
              {g.userName}
            </Typography>
          )}
          {g.password && (
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography sx={mono} color="text.secondary" data-testid="provider-password">
                {shown ? g.password : '••••••••'}
              </Typography>
              <IconButton
                size="small"
                aria-label={t(shown ? 'settingsLists.hide' : 'settingsLists.reveal')}
                onClick={() => setShown((v) => !v)}
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </Box>
          )}
        </>
      )}
      <Box sx={{ flex: 1 }} />
      {p.onEdit && (
        <Button size="small" startIcon={<EditIcon />} onClick={p.onEdit} data-testid={`edit-${p.provider}`}>
          {t('settingsLists.proxy.edit')}
        </Button>
      )}
    </Box>
  );
}
