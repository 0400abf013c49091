import type { ProfileSummary } from '@facet/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { cstToZone } from '../../lib/format';
import { profileGroupLabel } from '../groups/use-default-group';
import type { ColumnId } from './grid-columns';
import { OpenStateChip } from './OpenStateChip';

/** The proxy as a short line: "SOCKS5 1.2.3.4:1080", a provider, a saved proxy, or none. */
export function proxyLabel(p: ProfileSummary, t: TFunction): string {
  if (p.proxyMethod === 3) return t('browser.cell.savedProxy', { id: p.agentIpId ?? '' });
  if (p.proxyType === 'noproxy' || (!p.host && p.proxyMethod === 1)) return t('browser.cell.noProxy');
  const endpoint = p.host ? ` ${p.host}${p.port ? `:${p.port}` : ''}` : '';
  return `${p.proxyType.toUpperCase()}${endpoint}`;
}

const muted = (text: string): ReactNode => (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    {text}
  </Box>
);
const ellipsis = (text: string): ReactNode => (
  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={text}>
    {text}
  </Box>
);

/** One data cell; the name cell (inline rename) is the page's. */
export function renderDataCell(
  p: ProfileSummary,
  id: ColumnId,
  t: TFunction,
  zone: string,
  defaultGroupId: number | null,
): ReactNode {
  switch (id) {
    case 'serialNumber':
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{p.serialNumber}</span>;
    case 'name':
      return ellipsis(p.name);
    case 'group':
      return ellipsis(profileGroupLabel(p, defaultGroupId, t));
    case 'proxy':
      return ellipsis(proxyLabel(p, t));
    case 'exitIp': {
      const ip = p.lastIp || p.ip;
      if (!ip) return muted('—');
      return ellipsis(p.lastCountry ? `${ip} · ${p.lastCountry}` : ip);
    }
    case 'remark':
      return p.remark ? ellipsis(p.remark) : muted('—');
    case 'tags':
      return p.tags.length ? (
        <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
          {p.tags.slice(0, 3).map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" />
          ))}
          {p.tags.length > 3 && <Chip label={`+${p.tags.length - 3}`} size="small" />}
        </Box>
      ) : (
        muted('—')
      );
    case 'os':
      return (
        <Tooltip title={p.userAgent}>
          <span>{p.os ? t(`browser.os.${p.os}`, { defaultValue: p.os }) : '—'}</span>
        </Tooltip>
      );
    case 'account':
      return p.siteUrl || p.accountUsername
        ? ellipsis([p.accountUsername, p.siteUrl].filter(Boolean).join(' @ '))
        : muted('—');
    case 'openStatus':
      return p.openStatus === 1 ? (
        <OpenStateChip p={p} />
      ) : (
        <Chip label={t('browser.status.closed')} size="small" variant="outlined" data-testid="open-state" />
      );
    case 'cookieCount':
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{p.cookieCount}</span>;
    case 'createdTime':
      return cstToZone(p.createdTime, zone) || muted('—');
    case 'lastOpenTime':
      return cstToZone(p.lastOpenTime, zone) || muted('—');
    case 'updateTime':
      return cstToZone(p.updateTime, zone) || muted('—');
    case 'closeTime':
      return cstToZone(p.closeTime, zone) || muted('—');
    case 'operTime':
      return cstToZone(p.operTime, zone) || muted('—');
  }
}
