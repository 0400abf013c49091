import type { RowIssue, SheetRow } from '@facet/shared';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { issueText } from './messages';

export interface PreviewRow {
  sheet: SheetRow;
  issues: RowIssue[];
}

function proxyText(v: Record<string, string>): string {
  if (!v.host) return v.proxyType && v.proxyType !== 'noproxy' ? v.proxyType : '';
  return `${v.proxyType || 'http'}://${v.host}${v.port ? `:${v.port}` : ''}`;
}

/** The rows of the chosen file as the server will read them, with what the pre-check noticed. */
export function PreviewTable({ rows, showGroup }: { rows: PreviewRow[]; showGroup: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader data-testid="import-preview">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{t('browserImport.col.row')}</TableCell>
            <TableCell>{t('browserImport.col.name')}</TableCell>
            {showGroup && <TableCell>{t('browserImport.col.group')}</TableCell>}
            <TableCell>{t('browserImport.col.proxy')}</TableCell>
            <TableCell>{t('browserImport.col.remark')}</TableCell>
            <TableCell>{t('browserImport.col.check')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ sheet, issues }) => (
            <TableRow key={sheet.row} hover data-testid={`preview-row-${sheet.row}`}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{sheet.row}</TableCell>
              <TableCell sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>{sheet.values.name}</TableCell>
              {showGroup && <TableCell>{sheet.values.group}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{proxyText(sheet.values)}</TableCell>
              <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{sheet.values.remark}</TableCell>
              {/* Wide enough that a problem reads on a line or two; narrow screens scroll the table. */}
              <TableCell sx={{ minWidth: 240 }}>
                {issues.length === 0 ? (
                  <CheckCircleOutlineIcon color="success" fontSize="small" aria-label={t('browserImport.preview.ok')} />
                ) : (
                  <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'error.main' }}>
                    <ErrorOutlineIcon fontSize="small" />
                    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="preview-issues">
                      {issues.map((issue) => {
                        const { column, text } = issueText(i18n, issue);
                        return (
                          <Typography key={`${issue.field}|${issue.key}`} variant="body2" component="li">
                            <Box component="span" sx={{ fontFamily: 'monospace' }}>
                              {column}
                            </Box>
                            : {text}
                          </Typography>
                        );
                      })}
                    </Box>
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
