import type { CheckContextResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { contextName } from './fingerprint-contexts';

/** The first column stays in view while a narrow screen scrolls the contexts sideways. */
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  // The dialog's paper is lighter in dark mode (its elevation overlay): the cell takes the same.
  backgroundImage: 'var(--Paper-overlay)',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;
/** The header row keeps the sticky header's own background, the corner cell too. */
const stickyHead = { zIndex: 3, bgcolor: 'background.default', backgroundImage: 'none' } as const;
// Whole-pixel rows: on a fractional height the sticky column's next cell paints over a row's border.
const cell = { fontFamily: 'monospace', fontSize: 12, lineHeight: '18px', verticalAlign: 'top' } as const;

/** A value's name may wrap after a dot, never inside a word. */
function DottedName({ name }: { name: string }) {
  let at = 0;
  return name.split(/(?<=\.)/).map((part) => {
    const key = at;
    at += part.length;
    return (
      <Fragment key={key}>
        {part}
        <wbr />
      </Fragment>
    );
  });
}

/**
 * What the probe read in each context: a row per value, a column per context that ran; a value
 * that differs from the first context's (the page's) is marked, one a context does not have
 * shows a dash. A context that did not run is listed above with its error.
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
                <TableCell sx={{ ...sticky, ...stickyHead }}>{t('fingerprintCheck.valueName')}</TableCell>
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
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ ...cell, ...sticky, fontWeight: 600, minWidth: { xs: 110, sm: 150 }, maxWidth: 200 }}
                  >
                    <DottedName name={name} />
                  </TableCell>
                  {ran.map((c) => {
                    const value = c.values[name];
                    const theirs = first?.values[name];
                    // A value one kind of context does not have (webdriver in a worker) is no mismatch.
                    const differs = c !== first && value !== undefined && theirs !== undefined && value !== theirs;
                    return (
                      <TableCell
                        key={c.context}
                        sx={{
                          ...cell,
                          minWidth: { xs: 160, sm: 200 },
                          maxWidth: 320,
                          overflowWrap: 'anywhere',
                          ...(differs ? { color: 'warning.main', fontWeight: 600 } : {}),
                        }}
                        data-differs={differs ? 'true' : undefined}
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
