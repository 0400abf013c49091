import type { ArrangeWindowsBody, ClientBridge } from '@facet/shared';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../stores/notice';

interface Props {
  bridge: ClientBridge | null;
  /** How many profiles are selected (reset works on them). */
  selectedCount: number;
  /** The selected ids, or null when there are none or too many (the caller says why). */
  selectedIds: () => Promise<number[] | null>;
  needClient: () => void;
  warn: (text: string) => void;
}

/** The part of the screen the console's window can use: where the client tiles the profiles' windows. */
export function screenArea(s: Pick<Screen, 'availWidth' | 'availHeight'> & { availLeft?: number; availTop?: number }) {
  return {
    x: Math.round(s.availLeft ?? 0),
    y: Math.round(s.availTop ?? 0),
    width: Math.max(100, Math.round(s.availWidth)),
    height: Math.max(100, Math.round(s.availHeight)),
  } satisfies ArrangeWindowsBody;
}

/**
 * Window placement of the open profiles ("reset window bounds"; the client's bounds/flexable):
 * tile every open window over the screen, or forget the selected profiles' stored size and
 * position so they open at the default next time.
 */
export function WindowsMenu(p: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '—');

  const arrange = async () => {
    setAnchor(null);
    if (!p.bridge) return p.needClient();
    try {
      const placed = await p.bridge.arrangeWindows(screenArea(window.screen));
      if (placed.length === 0) p.warn(t('client.windows.noneOpen'));
      else notifySuccess(t('client.windows.arranged', { count: placed.length }));
    } catch (e) {
      p.warn(t('client.windows.failed', { message: messageOf(e) }));
    }
  };

  const reset = async () => {
    setAnchor(null);
    if (!p.bridge) return p.needClient();
    const ids = await p.selectedIds();
    if (!ids) return;
    try {
      await p.bridge.resetWindowBounds({ ids });
      notifySuccess(t('client.windows.resetDone', { count: ids.length }));
    } catch (e) {
      p.warn(t('client.windows.failed', { message: messageOf(e) }));
    }
  };

  return (
    <>
      <Tooltip title={t('client.windows.menu')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('client.windows.menu')}
          data-testid="windows-menu"
        >
          <ViewQuiltIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void arrange()} data-testid="windows-arrange">
          <ListItemText primary={t('client.windows.arrange')} secondary={t('client.windows.arrangeHint')} />
        </MenuItem>
        <MenuItem onClick={() => void reset()} disabled={p.selectedCount === 0} data-testid="windows-reset">
          <ListItemText primary={t('client.windows.reset')} secondary={t('client.windows.resetHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
