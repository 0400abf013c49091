import type { SiteList } from '@facet/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The sites: pasted one a line, or read from a .txt/.csv file; what was read, and bad lines. */
export function SitesField(p: { text: string; list: SiteList; error?: string; onText: (text: string) => void }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const { list } = p;
  const bad = list.invalid.slice(0, 5).map((l) => t('cookieRobot.badLine', { line: l.line, text: l.text }));
  if (list.invalid.length > 5) bad.push(t('cookieRobot.moreBad', { n: list.invalid.length - 5 }));
  // One bad line a line.
  const error = bad.length
    ? bad.map((b) => (
        <Box component="span" key={b} sx={{ display: 'block' }}>
          {b}
        </Box>
      ))
    : p.error;
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}
      >
        <Typography variant="subtitle2">{t('cookieRobot.sites')}</Typography>
        <Button size="small" startIcon={<UploadFileIcon />} onClick={() => file.current?.click()}>
          {t('cookieRobot.file')}
        </Button>
        <input
          ref={file}
          hidden
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          data-testid="robot-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void f.text().then(p.onText);
          }}
        />
      </Stack>
      <TextField
        multiline
        minRows={5}
        maxRows={12}
        value={p.text}
        onChange={(e) => p.onText(e.target.value)}
        placeholder={'example.com\nhttps://news.example.org/'}
        error={!!error}
        helperText={
          error ??
          t('cookieRobot.summary', { n: list.sites.length, dup: list.duplicates }) +
            (list.over ? ` ${t('cookieRobot.over', { n: list.over })}` : '')
        }
        slotProps={{
          htmlInput: { 'data-testid': 'robot-sites', spellCheck: false, 'aria-label': t('cookieRobot.sites') },
          formHelperText: { 'data-testid': 'robot-sites-help' } as object,
        }}
      />
    </Stack>
  );
}
