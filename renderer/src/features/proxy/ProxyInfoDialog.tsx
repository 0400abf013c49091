import type { CallResult } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { countryName } from '../../components/proxy';
import { cstToZone } from '../../lib/format';
import { useBindProxy, useBoundProfiles } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ProfileSelectTable } from '../groups/ProfileSelectTable';
import { checkStatus } from './check-outcome';
import type { SavedProxy } from './types';

type Profile = CallResult<'profileGetByAgentIpId'>[number];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere', fontSize: 14 }}>{children}</Box>
    </>
  );
}

export interface ProxyInfoDialogProps {
  proxy: SavedProxy;
  initialTab: 'info' | 'bind';
  onClose: () => void;
}

/**
 * Proxy info (every field, the last check, the profiles using it — getByAgentIpId) and binding:
 * choose profiles and bind the proxy to them (proxyMethod 3, agentIpId).
 */
export function ProxyInfoDialog(p: ProxyInfoDialogProps) {
  const { t, i18n } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canBind = usePermission(['proxy:update', 'browser:update']);
  const canList = usePermission(['browser:list']);
  const [tab, setTab] = useState<'info' | 'bind'>(p.initialTab === 'bind' && canBind ? 'bind' : 'info');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [showPass, setShowPass] = useState(false);
  const px = p.proxy;
  const boundRead = useBoundProfiles(px.id, canList);
  // A failed read shows as no profiles: the transport has told why.
  const bound: Profile[] | null = boundRead.isError ? [] : (boundRead.data ?? null);
  const binding = useBindProxy();

  const bind = async () => {
    try {
      const r = await binding.mutateAsync({ id: px.id, browserIds: [...selected] });
      notifySuccess(t('proxy.bind.done', { count: r.count, proxy: `${px.host}:${px.port}` }));
      setSelected(new Set());
      setTab('info');
    } catch {
      // The client showed the server's notice.
    }
  };

  const last = checkStatus(px);
  return (
    <Dialog open onClose={p.onClose} fullWidth maxWidth="md">
      <DialogTitle sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {px.proxyAgreementType.toUpperCase()} {px.host}:{px.port}
        <IconButton
          aria-label={t('common.close')}
          onClick={p.onClose}
          size="small"
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="info" label={t('proxy.info.tab')} />
        {canBind && canList && <Tab value="bind" label={t('proxy.bind.tab')} />}
      </Tabs>
      <DialogContent sx={{ minHeight: 360 }}>
        {tab === 'info' ? (
          <>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '110px 1fr', sm: '140px 1fr 140px 1fr' },
                columnGap: 2,
                rowGap: 1.25,
                alignItems: 'center',
                py: 1,
              }}
            >
              <Field label={t('proxy.columns.type')}>{px.proxyAgreementType.toUpperCase()}</Field>
              <Field label={t('proxy.columns.address')}>
                {px.host}:{px.port}
              </Field>
              <Field label={t('proxy.form.userName')}>{px.proxyUserName || '—'}</Field>
              <Field label={t('proxy.form.password')}>
                {px.proxyPassword ? (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    {showPass ? px.proxyPassword : '••••••••'}
                    <IconButton
                      size="small"
                      aria-label={showPass ? t('proxy.info.hidePassword') : t('proxy.info.showPassword')}
                      onClick={() => setShowPass((s) => !s)}
                    >
                      {showPass ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                    </IconButton>
                  </Box>
                ) : (
                  '—'
                )}
              </Field>
              <Field label={t('proxy.columns.exitIp')}>{px.exitIp || '—'}</Field>
              <Field label={t('proxy.columns.country')}>
                {px.country ? countryName(px.country, i18n.language) : '—'}
              </Field>
              <Field label={t('proxy.columns.lastCheck')}>
                {last === 'never'
                  ? t('proxy.check.never')
                  : `${
                      last === 'ok'
                        ? t('proxy.check.okShort', { ms: px.latencyMs ?? 0 })
                        : t('proxy.check.failedShort', { reason: px.checkError })
                    } · ${cstToZone(px.checkedTime, zone)}`}
              </Field>
              <Field label={t('proxy.columns.created')}>{cstToZone(px.createdTime, zone) || '—'}</Field>
              <Field label={t('proxy.columns.remark')}>{px.remark || '—'}</Field>
            </Box>
            <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
              {t('proxy.info.boundProfiles', { count: bound?.length ?? px.boundCount })}
            </Typography>
            {!canList ? (
              <Typography color="text.secondary" variant="body2">
                {t('proxy.info.noProfileAccess')}
              </Typography>
            ) : bound === null ? (
              <LinearProgress />
            ) : bound.length === 0 ? (
              <Typography color="text.secondary" variant="body2">
                {t('proxy.info.noneBound')}
              </Typography>
            ) : (
              <Box sx={{ maxHeight: 260, overflow: 'auto' }}>
                <Table size="small" stickyHeader data-testid="bound-profiles">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('groups.profiles.serial')}</TableCell>
                      <TableCell>{t('groups.profiles.name')}</TableCell>
                      <TableCell>{t('groups.profiles.group')}</TableCell>
                      <TableCell>{t('groups.profiles.remark')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {bound.map((b) => (
                      <TableRow key={b.id}>
                        <TableCell>{b.serialNumber}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.name}</TableCell>
                        <TableCell>{b.groupName}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.remark}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('proxy.bind.help')}
            </Typography>
            <ProfileSelectTable showGroup selected={selected} onSelectedChange={setSelected} maxHeight={320} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={p.onClose}>
          {t('common.close')}
        </Button>
        {tab === 'bind' && (
          <Button variant="contained" onClick={bind} loading={binding.isPending} disabled={selected.size === 0}>
            {t('proxy.bind.confirm', { count: selected.size })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
