import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { issueText } from './messages';

type ImportAnswer = CallResult<'profileImport'>;

/** The server's answer: how many were imported, or every bad row with its sheet row number. */
export function ImportResult({ answer, moveError }: { answer: ImportAnswer; moveError?: string }) {
  const { t, i18n } = useTranslation();
  if (!answer.errors.length)
    return (
      <>
        <Alert severity="success" data-testid="import-success">
          {t('browserImport.result.imported', { count: answer.count })}
        </Alert>
        {moveError && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="import-move-failed">
            {t('browserImport.result.moveFailed', { reason: moveError })}
          </Alert>
        )}
      </>
    );
  const badRows = new Set(answer.errors.map((e) => e.row)).size;
  return (
    <>
      <Alert severity="error" data-testid="import-refused" sx={{ mb: 1.5 }}>
        {t('browserImport.result.refused', { count: badRows })}
      </Alert>
      <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="import-errors">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>{t('browserImport.col.row')}</TableCell>
              <TableCell sx={{ width: 160 }}>{t('browserImport.col.field')}</TableCell>
              <TableCell>{t('browserImport.col.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.errors.map((e) => {
              const { column, text } = issueText(i18n, e);
              return (
                <TableRow key={`${e.row}-${e.field}-${e.key}`} data-testid={`import-error-row-${e.row}`}>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{e.row}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{column}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
