import { PROXY_AGREEMENT_TYPES, type ProxyAgreementType } from '@facet/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useUpdateProxies } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';

type Field = 'proxyAgreementType' | 'proxyUserName' | 'proxyPassword' | 'remark';

function Row({
  on,
  onToggle,
  label,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, alignItems: 'center' }}>
      <FormControlLabel control={<Checkbox checked={on} onChange={onToggle} />} label={label} />
      <Box sx={{ opacity: on ? 1 : 0.5 }}>{children}</Box>
    </Box>
  );
}

/** Batch update: the ticked fields get the same value on every selected proxy (one transaction). */
export function BatchUpdateDialog({
  ids,
  onClose,
  onSaved,
}: {
  ids: number[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [on, setOn] = useState<Record<Field, boolean>>({
    proxyAgreementType: false,
    proxyUserName: false,
    proxyPassword: false,
    remark: false,
  });
  const [type, setType] = useState<ProxyAgreementType>('http');
  const [user, setUser] = useState('');
  const [pass, setPass] = useState('');
  const [remark, setRemark] = useState('');
  const update = useUpdateProxies();
  const toggle = (f: Field) => setOn((s) => ({ ...s, [f]: !s[f] }));
  const any = Object.values(on).some(Boolean);

  const save = async () => {
    if (!any) return;
    try {
      const r = await update.mutateAsync({
        ids,
        data: {
          ...(on.proxyAgreementType ? { proxyAgreementType: type } : {}),
          ...(on.proxyUserName ? { proxyUserName: user } : {}),
          ...(on.proxyPassword ? { proxyPassword: pass } : {}),
          ...(on.remark ? { remark } : {}),
        },
      });
      notifySuccess(t('proxy.batchUpdate.done', { count: r.count }));
      onSaved();
      onClose();
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <GenericDialog
      open
      maxWidth="sm"
      title={t('proxy.batchUpdate.title', { count: ids.length })}
      onClose={onClose}
      onConfirm={save}
      loading={update.isPending}
      confirmDisabled={!any}
      confirmText={t('common.save')}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('proxy.batchUpdate.help')}
        </Typography>
        <Row on={on.proxyAgreementType} onToggle={() => toggle('proxyAgreementType')} label={t('proxy.form.type')}>
          <TextField
            select
            fullWidth
            size="small"
            value={type}
            disabled={!on.proxyAgreementType}
            onChange={(e) => setType(e.target.value as ProxyAgreementType)}
            slotProps={{ htmlInput: { 'aria-label': t('proxy.form.type') } }}
          >
            {PROXY_AGREEMENT_TYPES.map((x) => (
              <MenuItem key={x} value={x}>
                {x.toUpperCase()}
              </MenuItem>
            ))}
          </TextField>
        </Row>
        <Row on={on.proxyUserName} onToggle={() => toggle('proxyUserName')} label={t('proxy.form.userName')}>
          <TextField
            fullWidth
            size="small"
            value={user}
            disabled={!on.proxyUserName}
            onChange={(e) => setUser(e.target.value)}
            placeholder={t('proxy.batchUpdate.emptyClears')}
            slotProps={{ htmlInput: { 'aria-label': t('proxy.form.userName'), maxLength: 500 } }}
          />
        </Row>
        <Row on={on.proxyPassword} onToggle={() => toggle('proxyPassword')} label={t('proxy.form.password')}>
          <TextField
            fullWidth
            size="small"
            value={pass}
            disabled={!on.proxyPassword}
            onChange={(e) => setPass(e.target.value)}
            placeholder={t('proxy.batchUpdate.emptyClears')}
            autoComplete="off"
            slotProps={{ htmlInput: { 'aria-label': t('proxy.form.password'), maxLength: 500 } }}
          />
        </Row>
        <Row on={on.remark} onToggle={() => toggle('remark')} label={t('proxy.form.remark')}>
          <TextField
            fullWidth
            size="small"
            value={remark}
            disabled={!on.remark}
            onChange={(e) => setRemark(e.target.value)}
            placeholder={t('proxy.batchUpdate.emptyClears')}
            slotProps={{ htmlInput: { 'aria-label': t('proxy.form.remark'), maxLength: 500 } }}
          />
        </Row>
      </Stack>
    </GenericDialog>
  );
}
