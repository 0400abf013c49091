import type { CheckContextResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { contextName } from './fingerprint-contexts';

/** The first column stays in view while a narrow screen scrolls the contexts sideways. */
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;
const cell = { fontFamily: 'monospace', fontSize: 12, verticalAlign: 'top', overflowWrap: 'anywhere' } as const;

/**
 * What the probe read in each context: a row per value, a column per context that ran; a value
 * that differs from the first context's (the page's) is marked. A context that did not run is
 * listed above with its error.
 */
export function FingerprintValuesTable({ contexts }: { contexts: CheckContextResult[] }) {
  const { t } = useTranslation();
  const ran = contexts.filter((c) => c.ran);
  const failed = contexts.filter((c) => !c.ran);
  const names = [...new Set(ran.flatMap((c) => Object.keys(c.values)))];
  const first = ran[0];
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="fp-check-values">
      {failed.map((c) => (
        <Alert
          key={c.context}
          severity="warning"
          data-testid="fp-check-context-error"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {t('fingerprintCheck.contextError', {
            context: contextName(t, c.context),
            error: c.error || t('fingerprintCheck.failedUnknown'),
          })}
        </Alert>
      ))}
      {ran.length > 0 && (
        <Box sx={{ overflow: 'auto', maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={t('fingerprintCheck.showValues')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...sticky, zIndex: 3 }}>{t('fingerprintCheck.valueName')}</TableCell>
                {ran.map((c) => (
                  <TableCell key={c.context} sx={{ whiteSpace: 'nowrap' }}>
                    {contextName(t, c.context)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {names.map((name) => (
                <TableRow key={name} data-testid="fp-check-value-row">
                  <TableCell component="th" scope="row" sx={{ ...cell, ...sticky, fontWeight: 600, maxWidth: 180 }}>
                    {name}
                  </TableCell>
                  {ran.map((c) => {
                    const value = c.values[name];
                    const differs = c !== first && value !== first?.values[name];
                    return (
                      <TableCell
                        key={c.context}
                        sx={{
                          ...cell,
                          minWidth: 120,
                          maxWidth: 280,
                          ...(differs ? { color: 'warning.main', fontWeight: 600 } : {}),
                        }}
                      >
                        {value ?? '—'}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
