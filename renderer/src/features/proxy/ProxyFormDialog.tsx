import { PROXY_AGREEMENT_TYPES, type ProxyAgreementType, savedProxyInputSchema } from '@facet/shared';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealAdornment } from '../../components/form/RevealAdornment';
import { GenericDialog } from '../../components/GenericDialog';
import { ProxyCheckButton, parseProxyText } from '../../components/proxy';
import { useCreateProxy, useUpdateProxies } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';
import type { SavedProxy } from './types';

interface Draft {
  proxyAgreementType: ProxyAgreementType;
  host: string;
  port: string;
  proxyUserName: string;
  proxyPassword: string;
  remark: string;
}
type DraftField = keyof Draft;

const draftOf = (p?: SavedProxy): Draft => ({
  proxyAgreementType: (p?.proxyAgreementType as ProxyAgreementType | undefined) ?? 'http',
  host: p?.host ?? '',
  port: p ? String(p.port) : '',
  proxyUserName: p?.proxyUserName ?? '',
  proxyPassword: p?.proxyPassword ?? '',
  remark: p?.remark ?? '',
});

/** Error keys per field (under `proxy.form.errors.`), from the shared saved-proxy schema. */
function draftErrors(d: Draft): Partial<Record<DraftField, string>> {
  const port = /^\d+$/.test(d.port.trim()) ? Number(d.port) : Number.NaN;
  const parsed = savedProxyInputSchema.safeParse({ ...d, port });
  const errors: Partial<Record<DraftField, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const f = issue.path[0] as DraftField | undefined;
      if (!f || errors[f]) continue;
      if (f === 'host') errors.host = d.host.trim() ? 'hostInvalid' : 'hostRequired';
      else if (f === 'port') errors.port = d.port.trim() ? 'portInvalid' : 'portRequired';
      else errors[f] = 'tooLong';
    }
  return errors;
}

export interface ProxyFormDialogProps {
  /** Edit this proxy; create a new one when absent. */
  proxy?: SavedProxy;
  onClose: () => void;
}

/** Create or edit one saved proxy, with paste-to-fill and a check before saving. */
export function ProxyFormDialog(p: ProxyFormDialogProps) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(() => draftOf(p.proxy));
  const [shown, setShown] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [paste, setPaste] = useState('');
  const [pasteError, setPasteError] = useState('');
  const updateProxies = useUpdateProxies();
  const createProxy = useCreateProxy();
  const errors = draftErrors(d);
  const err = (f: DraftField) => (shown && errors[f] ? t(`proxy.form.errors.${errors[f]}`) : undefined);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const applyPaste = (text: string) => {
    setPaste(text);
    if (!text.trim()) return setPasteError('');
    const r = parseProxyText(text);
    if ('error' in r) return setPasteError(t('proxy.form.pasteInvalid'));
    setPasteError('');
    set({
      ...(r.proxyType ? { proxyAgreementType: r.proxyType } : {}),
      host: r.host,
      port: String(r.port),
      proxyUserName: r.proxyUserName,
      proxyPassword: r.proxyPassword,
    });
  };

  const save = async () => {
    setShown(true);
    if (Object.keys(errors).length) return;
    const data = { ...d, host: d.host.trim(), port: Number(d.port) };
    try {
      if (p.proxy) await updateProxies.mutateAsync({ ids: [p.proxy.id], data });
      else await createProxy.mutateAsync(data);
      notifySuccess(p.proxy ? t('proxy.form.updated') : t('proxy.form.created'));
      p.onClose();
    } catch {
      // The client showed the server's notice naming the field.
    }
  };

  const complete = !errors.host && !errors.port;
  return (
    <GenericDialog
      open
      maxWidth="sm"
      title={p.proxy ? t('proxy.form.editTitle') : t('proxy.form.createTitle')}
      onClose={p.onClose}
      onConfirm={save}
      loading={updateProxies.isPending || createProxy.isPending}
      confirmText={t('common.save')}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          label={t('proxy.form.paste')}
          value={paste}
          onChange={(e) => applyPaste(e.target.value)}
          placeholder="socks5://user:pass@1.2.3.4:1080"
          error={!!pasteError}
          helperText={pasteError || t('proxy.form.pasteHelp')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <ContentPasteIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '140px 2fr 1fr' } }}>
          <TextField
            select
            label={t('proxy.form.type')}
            value={d.proxyAgreementType}
            onChange={(e) => set({ proxyAgreementType: e.target.value as ProxyAgreementType })}
          >
            {PROXY_AGREEMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type.toUpperCase()}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('proxy.form.host')}
            name="host"
            value={d.host}
            onChange={(e) => set({ host: e.target.value })}
            error={!!err('host')}
            helperText={err('host')}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label={t('proxy.form.port')}
            name="port"
            value={d.port}
            onChange={(e) => set({ port: e.target.value.replace(/\D/g, '') })}
            error={!!err('port')}
            helperText={err('port')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('proxy.form.userName')}
            name="proxyUserName"
            value={d.proxyUserName}
            onChange={(e) => set({ proxyUserName: e.target.value })}
            error={!!err('proxyUserName')}
            helperText={err('proxyUserName')}
            autoComplete="off"
          />
          <TextField
            label={t('proxy.form.password')}
            name="proxyPassword"
            type={revealed ? 'text' : 'password'}
            value={d.proxyPassword}
            onChange={(e) => set({ proxyPassword: e.target.value })}
            error={!!err('proxyPassword')}
            helperText={err('proxyPassword')}
            autoComplete="new-password"
            slotProps={{
              input: {
                endAdornment: (
                  <RevealAdornment
                    shown={revealed}
                    onToggle={() => setRevealed(!revealed)}
                    showLabel={t('proxyFields.showPassword')}
                    hideLabel={t('proxyFields.hidePassword')}
                  />
                ),
              },
            }}
          />
        </Box>
        <TextField
          label={t('proxy.form.remark')}
          name="remark"
          value={d.remark}
          onChange={(e) => set({ remark: e.target.value })}
          error={!!err('remark')}
          helperText={err('remark')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <ProxyCheckButton
          disabled={!complete}
          proxy={
            complete
              ? {
                  proxyMethod: 1,
                  proxyType: d.proxyAgreementType,
                  proxyAgreementType: d.proxyAgreementType,
                  host: d.host.trim(),
                  port: Number(d.port),
                  proxyUserName: d.proxyUserName,
                  proxyPassword: d.proxyPassword,
                  isGlobalProxyInfo: false,
                  country: '',
                  province: '',
                  city: '',
                  session: '',
                  sessionMinutes: 0,
                  agentIpId: null,
                }
              : undefined
          }
        />
      </Stack>
    </GenericDialog>
  );
}
