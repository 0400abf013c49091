import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../components/list/ListTable';
import { wide } from '../../components/list/responsive-columns';
import { cstToZone } from '../../lib/format';
import type { Phone } from '../../queries/phones';
import { daysLeft } from './phone-state';
import { type RowAction, RowActions } from './RowActions';
import { StateChip } from './StateChip';

export interface ColumnDeps {
  t: TFunction;
  zone: string | null;
  onStar: (p: Phone) => void;
  onAction: (a: RowAction, p: Phone) => void;
  busyId: number | null;
}

const proxyText = (p: Phone, t: TFunction) =>
  p.proxy.proxyType === 'http' ? `${p.proxy.host}:${p.proxy.port}` : t('phone.proxy.none');

function Expiry({ p, t, zone }: { p: Phone; t: TFunction; zone: string | null }) {
  const left = daysLeft(p.expireTime);
  return (
    <Stack sx={{ gap: 0.25, alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {p.expireTime ? cstToZone(p.expireTime, zone).slice(0, 16) : '—'}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
        {left !== null && (
          <Typography variant="caption" color={left <= 3 ? 'warning.main' : 'text.secondary'} data-testid="days-left">
            {t('phone.daysLeft', { count: left })}
          </Typography>
        )}
        {p.trial && <Chip size="small" label={t('phone.trialMark')} data-testid="trial-mark" />}
      </Stack>
    </Stack>
  );
}

function NameCell({ p, onStar, t, expiry }: { p: Phone; onStar: () => void; t: TFunction; expiry: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <IconButton
        size="small"
        onClick={onStar}
        aria-label={t(p.mostCommon ? 'phone.unstar' : 'phone.star')}
        aria-pressed={p.mostCommon}
        data-testid="phone-star"
      >
        {p.mostCommon ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="phone-name">
          {p.name}
        </Typography>
        {p.groupName && (
          <Typography
            variant="caption"
            color="primary"
            sx={{ display: 'block', wordBreak: 'break-word' }}
            data-testid="phone-group"
          >
            {p.groupName}
          </Typography>
        )}
        {p.remark && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
            {p.remark}
          </Typography>
        )}
        {/* Phones: the state, where it runs and when it ends under the name. */}
        <Stack sx={{ display: { xs: 'flex', md: 'none' }, gap: 0.5, mt: 0.5 }}>
          <StateChip state={p.state} reason={p.stateReason} openedBy={p.openedBy} />
          <Typography variant="caption">
            {p.region} · Android {p.androidVersion}
          </Typography>
          {expiry}
        </Stack>
      </Box>
    </Stack>
  );
}

const device = (p: Phone) => [p.brand, p.model].filter(Boolean).join(' ') || '—';

/** The environment list's columns; below `md` the secondary ones become one summary cell. */
export function phoneColumns(d: ColumnDeps): ListColumn<Phone>[] {
  const { t, zone } = d;
  return [
    {
      key: 'name',
      label: t('phone.col.name'),
      render: (p) => <NameCell p={p} t={t} onStar={() => d.onStar(p)} expiry={<Expiry p={p} t={t} zone={zone} />} />,
      sx: { minWidth: { xs: 130, md: 160 }, maxWidth: 260 },
    },
    wide({
      key: 'state',
      label: t('phone.col.state'),
      render: (p) => <StateChip state={p.state} reason={p.stateReason} openedBy={p.openedBy} />,
    }),
    wide({
      key: 'device',
      label: t('phone.col.device'),
      render: (p) => (
        <>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {p.region} · Android {p.androidVersion}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {device(p)}
          </Typography>
        </>
      ),
    }),
    wide({ key: 'expiry', label: t('phone.col.expiry'), render: (p) => <Expiry p={p} t={t} zone={zone} /> }),
    wide({ key: 'proxy', label: t('phone.col.proxy'), render: (p) => proxyText(p, t), sx: { whiteSpace: 'nowrap' } }),
    {
      key: 'actions',
      label: t('phone.col.actions'),
      align: 'right',
      render: (p) => <RowActions phone={p} busy={d.busyId === p.id} onAction={(a) => d.onAction(a, p)} />,
    },
  ];
}
