import type { PhoneAppView } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../components/list/ListTable';
import { phoneSummary, wide } from '../../components/list/responsive-columns';
import { AppIdentity } from './AppIdentity';
import { formatSize } from './refusal';

export interface MarketActions {
  install: (app: PhoneAppView) => void;
  uninstall: (app: PhoneAppView) => void;
  preinstall: (app: PhoneAppView, on: boolean) => void;
  remove: (app: PhoneAppView) => void;
}

/** The market table's columns: on phones one summary cell with the actions under it. */
export function marketColumns(t: TFunction, language: string, a: MarketActions): ListColumn<PhoneAppView>[] {
  const installed = (app: PhoneAppView) => t('phoneApps.envCount', { count: app.installedOn.length });
  const preinstall = (app: PhoneAppView) => (
    <Switch
      size="small"
      checked={app.preinstalled}
      onChange={(e) => a.preinstall(app, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('phoneApps.market.preinstallNamed', { name: app.label }) } }}
    />
  );
  const actions = (app: PhoneAppView) => (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
      <Button size="small" variant="outlined" onClick={() => a.install(app)}>
        {t('phoneApps.market.install')}
      </Button>
      <Button size="small" disabled={app.installedOn.length === 0} onClick={() => a.uninstall(app)}>
        {t('phoneApps.market.uninstall')}
      </Button>
      {app.source === 'own' && (
        <Button size="small" color="error" onClick={() => a.remove(app)}>
          {t('phoneApps.market.delete')}
        </Button>
      )}
    </Stack>
  );
  return [
    phoneSummary(t('phoneApps.market.app'), (app) => (
      <Box>
        <AppIdentity app={app} />
        <Typography variant="caption" color="text.secondary" component="div" sx={{ my: 0.5 }}>
          {formatSize(app.size, language)} · {t('phoneApps.market.installedOn')}: {installed(app)}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {preinstall(app)}
          <Typography variant="caption">{t('phoneApps.market.preinstall')}</Typography>
        </Stack>
        {actions(app)}
      </Box>
    )),
    wide({ key: 'app', label: t('phoneApps.market.app'), render: (app) => <AppIdentity app={app} /> }),
    wide({
      key: 'size',
      label: t('phoneApps.market.size'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (app) => formatSize(app.size, language),
    }),
    wide({ key: 'installed', label: t('phoneApps.market.installedOn'), render: installed }),
    wide({ key: 'preinstall', label: t('phoneApps.market.preinstall'), render: preinstall }),
    wide({ key: 'actions', label: t('phoneApps.market.actions'), align: 'right', render: actions }),
  ];
}
