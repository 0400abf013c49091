import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { notifySuccess, useNoticeStore } from '../../stores/notice';
import { EXTRACT_FORMATS, type ExtractFormat, proxyLines } from './proxy-lines';
import type { SavedProxy } from './types';

const FORMAT_SAMPLE: Record<ExtractFormat, string> = {
  url: 'scheme://user:pass@host:port',
  hostPortUserPass: 'host:port:user:pass',
  hostPort: 'host:port',
  userPassAtHostPort: 'user:pass@host:port',
};

/** Batch extract: the selected proxies as text lines in a chosen format, to copy or download. */
export function ExtractDialog({ proxies, onClose }: { proxies: SavedProxy[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExtractFormat>('url');
  const text = proxyLines(proxies, format);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(t('proxy.extract.copied', { count: proxies.length }));
    } catch {
      // No clipboard permission (plain http): the text stays selectable in the box.
      useNoticeStore
        .getState()
        .push({ severity: 'info', text: t('proxy.extract.selectManually'), durationMs: 5000, position: 'bottom' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `proxies-${proxies.length}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <GenericDialog
      open
      maxWidth="md"
      title={t('proxy.extract.title', { count: proxies.length })}
      onClose={onClose}
      onConfirm={copy}
      confirmText={t('proxy.extract.copy')}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          select
          label={t('proxy.extract.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as ExtractFormat)}
          sx={{ maxWidth: 360 }}
        >
          {EXTRACT_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {FORMAT_SAMPLE[f]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={6}
          maxRows={16}
          label={t('proxy.extract.lines')}
          value={text}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'extract-text',
              spellCheck: false,
              style: { fontFamily: 'monospace' },
            },
          }}
          onFocus={(e) => e.target.select()}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button startIcon={<DownloadIcon />} onClick={download}>
            {t('proxy.extract.download')}
          </Button>
        </Stack>
      </Stack>
    </GenericDialog>
  );
}
