import { PROXY_AGREEMENT_TYPES, type ProxyAgreementType } from '@facet/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useBatchAddProxies } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';
import { countProxyLines } from './proxy-lines';

type RowError = { row: number; field: string; message: string };

/** The server reads at most this many lines per call (more is refused as a whole). */
const MAX_LINES = 5000;

/**
 * Batch add from text, one proxy per line. The server checks every line; when any is bad it adds
 * nothing and reports each bad line with its number, shown here so the text can be fixed.
 */
export function BatchAddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<ProxyAgreementType>('http');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<RowError[]>([]);
  const batchAdd = useBatchAddProxies();
  const lines = countProxyLines(text);

  const add = async () => {
    if (!lines) {
      setErrors([{ row: 0, field: 'text', message: t('proxy.batchAdd.empty') }]);
      return;
    }
    try {
      const r = await batchAdd.mutateAsync({ text, proxyAgreementType: type, remark });
      if (r.errors.length) {
        setErrors(r.errors.map((e) => ({ row: e.row, field: e.field, message: e.detail ?? e.key })));
        return;
      }
      notifySuccess(t('proxy.batchAdd.done', { count: r.count }));
      onClose();
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <GenericDialog
      open
      maxWidth="md"
      title={t('proxy.batchAdd.title')}
      onClose={onClose}
      onConfirm={add}
      loading={batchAdd.isPending}
      confirmDisabled={lines > MAX_LINES}
      confirmText={t('proxy.batchAdd.confirm', { count: lines })}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('proxy.batchAdd.help')}
        </Typography>
        <Box
          component="pre"
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: 13,
            overflowX: 'auto',
          }}
        >
          {'1.2.3.4:8080\n1.2.3.4:8080:user:pass\nsocks5://user:pass@1.2.3.4:1080'}
        </Box>
        <TextField
          multiline
          minRows={8}
          maxRows={16}
          label={t('proxy.batchAdd.lines')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (errors.length) setErrors([]);
          }}
          helperText={
            lines > MAX_LINES
              ? t('proxy.batchAdd.tooMany', { max: MAX_LINES })
              : t('proxy.batchAdd.lineCount', { count: lines })
          }
          error={lines > MAX_LINES}
          slotProps={{
            htmlInput: { 'data-testid': 'batch-add-text', spellCheck: false, style: { fontFamily: 'monospace' } },
          }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' } }}>
          <TextField
            select
            label={t('proxy.batchAdd.defaultType')}
            value={type}
            onChange={(e) => setType(e.target.value as ProxyAgreementType)}
            helperText={t('proxy.batchAdd.defaultTypeHelp')}
          >
            {PROXY_AGREEMENT_TYPES.map((x) => (
              <MenuItem key={x} value={x}>
                {x.toUpperCase()}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('proxy.batchAdd.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Box>
        {errors.length > 0 && (
          <Alert severity="error" data-testid="batch-add-errors">
            <AlertTitle>{t('proxy.batchAdd.nothingAdded', { count: errors.length })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 180, overflow: 'auto' }}>
              {errors.map((e) => (
                <li key={`${e.row}-${e.field}`}>
                  {e.row > 0 ? t('proxy.batchAdd.lineError', { line: e.row, reason: e.message }) : e.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </Stack>
    </GenericDialog>
  );
}
