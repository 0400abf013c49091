import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCookies, isHeaderCookies } from './cookie-check';

interface Props {
  text: string;
  domain: string;
  onText: (v: string) => void;
  onDomain: (v: string) => void;
  /** The server's word on these cookies (a 400 at `cookie`), shown over the client's. */
  serverError?: string | undefined;
}

const MAX_FILE_BYTES = 2_000_000;

/**
 * Cookies pasted or read from a file: Cookie-Editor / EditThisCookie JSON, Netscape
 * cookies.txt, or a `name=value; …` header string with its domain. Checked as the user types.
 */
export function CookieInput({ text, domain, onText, onDomain, serverError }: Props) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const check = checkCookies(text, domain);
  const header = isHeaderCookies(text);
  const readFile = async (f: File | undefined) => {
    if (!f) return;
    setTooLarge(f.size > MAX_FILE_BYTES);
    if (f.size <= MAX_FILE_BYTES) onText(await f.text());
  };
  return (
    <Stack sx={{ gap: 1.5 }}>
      <TextField
        label={t('browserForm.cookies.text')}
        value={text}
        onChange={(e) => {
          setTooLarge(false);
          onText(e.target.value);
        }}
        placeholder={t('browserForm.cookies.placeholder')}
        multiline
        minRows={4}
        maxRows={12}
        slotProps={{
          htmlInput: {
            spellCheck: false,
            'data-testid': 'cookie-text',
            style: { fontFamily: 'monospace', fontSize: 13 },
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {(header || domain) && (
          <TextField
            size="small"
            label={t('browserForm.cookies.domain')}
            value={domain}
            onChange={(e) => onDomain(e.target.value.trim())}
            placeholder=".example.com"
            error={check.state === 'needsDomain'}
            helperText={t('browserForm.cookies.domainHelp')}
            sx={{ flex: '1 1 220px' }}
            slotProps={{ htmlInput: { 'data-testid': 'cookie-domain', spellCheck: false } }}
          />
        )}
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => file.current?.click()}>
          {t('browserForm.cookies.fromFile')}
        </Button>
        <input
          ref={file}
          type="file"
          hidden
          accept=".txt,.json,text/plain,application/json"
          onChange={(e) => {
            void readFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Box>
      <Box aria-live="polite" data-testid="cookie-check">
        {tooLarge ? (
          <Alert severity="error">{t('browserForm.cookies.tooLarge')}</Alert>
        ) : serverError ? (
          <Alert severity="error">{serverError}</Alert>
        ) : check.state === 'ok' ? (
          <Alert severity="success">
            {t('browserForm.cookies.recognised', {
              count: check.count,
              domains: check.domains.slice(0, 5).join(', ') + (check.domains.length > 5 ? ' …' : ''),
            })}
          </Alert>
        ) : check.state === 'needsDomain' ? (
          <Alert severity="warning">{t('browserForm.cookies.needsDomain')}</Alert>
        ) : check.state === 'error' ? (
          <Alert severity="error">
            {check.line > 0
              ? t('browserForm.cookies.lineError', { line: check.line, reason: check.reason })
              : t('browserForm.cookies.error', { reason: check.reason })}
          </Alert>
        ) : null}
      </Box>
    </Stack>
  );
}
