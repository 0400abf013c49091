import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileNames } from '../../../queries/rpa';
import { ProfileLabel } from '../ProfileLabel';
import { type InputRow, mapRows, rowsFromFile, rowsFromText } from './input-rows';

/**
 * Per-profile inputs: a table pasted or read from a csv/xlsx file, the first line the column
 * names; row n goes to the n-th profile chosen (or by a `profileId` column).
 */
export function InputsSection(p: { profileIds: number[]; rows: InputRow[]; onRows: (rows: InputRow[]) => void }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [paste, setPaste] = useState('');
  const [error, setError] = useState('');
  const names = useProfileNames();
  const mapped = mapRows(p.profileIds, p.rows);
  const columns = [...new Set(p.rows.flatMap((r) => Object.keys(r)))];
  const read = async (f: File) => {
    try {
      p.onRows(await rowsFromFile(f));
      setError('');
    } catch {
      setError(t('rpa.inputs.unreadable'));
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('rpa.inputs.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          label={t('rpa.inputs.paste')}
          placeholder={'email,password\nann@example.com,secret1'}
          value={paste}
          onChange={(e) => {
            setPaste(e.target.value);
            p.onRows(e.target.value.trim() ? rowsFromText(e.target.value) : []);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'inputs-paste', spellCheck: false } }}
        />
        <Button startIcon={<UploadFileIcon />} onClick={() => file.current?.click()} sx={{ flexShrink: 0 }}>
          {t('rpa.inputs.file')}
        </Button>
        <input
          ref={file}
          hidden
          type="file"
          accept=".csv,.xlsx"
          data-testid="inputs-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void read(f);
          }}
        />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {p.rows.length > 0 && (
        <>
          <Typography variant="body2" data-testid="inputs-summary">
            {t('rpa.inputs.summary', { rows: p.rows.length, mapped: mapped.length, profiles: p.profileIds.length })}
          </Typography>
          <Box sx={{ overflowX: 'auto', maxHeight: 260 }}>
            <Table size="small" stickyHeader data-testid="inputs-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('rpa.inputs.profile')}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {mapped.map((m) => (
                  <TableRow key={m.profileId}>
                    <TableCell>
                      <ProfileLabel id={m.profileId} names={names.data} />
                    </TableCell>
                    {columns.map((c) => (
                      <TableCell key={c} sx={{ overflowWrap: 'anywhere' }}>
                        {m.row[c] ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Stack>
  );
}
