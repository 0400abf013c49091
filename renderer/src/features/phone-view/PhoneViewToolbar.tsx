import type { PhoneKey } from '@facet/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ScreenRotationIcon from '@mui/icons-material/ScreenRotation';
import SyncIcon from '@mui/icons-material/Sync';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneView } from './use-phone-view';

const KEY_BUTTONS: Array<[PhoneKey, ReactNode]> = [
  ['back', <ArrowBackIcon key="back" />],
  ['home', <RadioButtonUncheckedIcon key="home" />],
  ['recents', <CropSquareIcon key="recents" />],
  ['volumeUp', <VolumeUpIcon key="volumeUp" />],
  ['volumeDown', <VolumeDownIcon key="volumeDown" />],
  ['power', <PowerSettingsNewIcon key="power" />],
];

function Tool(p: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  pressed?: boolean;
  disabled?: boolean;
  color?: 'default' | 'primary' | 'error';
}) {
  return (
    <Tooltip title={p.label}>
      <span>
        <IconButton
          aria-label={p.label}
          aria-pressed={p.pressed}
          onClick={p.onClick}
          disabled={p.disabled}
          color={p.color ?? (p.pressed ? 'primary' : 'default')}
          data-testid={p.testId}
          size="small"
        >
          {p.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The phone's keys, rotate, screenshot, reconnect, auto paste, the phone's clipboard (scrcpy mode) and close. */
export function PhoneViewToolbar(p: {
  view: PhoneView;
  autoPaste: { on: boolean; toggle: () => void };
  phoneClipboard?: { text: string | null; copy: () => Promise<void> };
}) {
  const { t } = useTranslation();
  const v = p.view;
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: 0.25, p: 0.5 }}
      data-testid="phone-toolbar"
    >
      {KEY_BUTTONS.map(([key, icon]) => (
        <Tool key={key} label={t(`phoneView.key.${key}`)} onClick={() => void v.key(key)} testId={`phone-key-${key}`}>
          {icon}
        </Tool>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool label={t('phoneView.rotate')} onClick={() => void v.rotate()} testId="phone-rotate">
        <ScreenRotationIcon />
      </Tool>
      <Tool label={t('phoneView.screenshot')} onClick={() => void v.screenshot()} testId="phone-screenshot">
        <PhotoCameraIcon />
      </Tool>
      <Tool label={t('phoneView.reconnect')} onClick={() => void v.reconnect()} testId="phone-reconnect">
        <SyncIcon />
      </Tool>
      <Tool
        label={t(p.autoPaste.on ? 'phoneView.autoPasteOn' : 'phoneView.autoPasteOff')}
        onClick={p.autoPaste.toggle}
        pressed={p.autoPaste.on}
        testId="phone-auto-paste"
      >
        <ContentPasteIcon />
      </Tool>
      {p.phoneClipboard && (
        <Tool
          label={t('phoneView.copyFromPhone')}
          onClick={() => void p.phoneClipboard?.copy().catch(() => undefined)}
          disabled={p.phoneClipboard.text === null}
          testId="phone-copy-clipboard"
        >
          <ContentCopyIcon />
        </Tool>
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool
        label={t('phoneView.close')}
        onClick={() => void v.close()}
        disabled={v.closing}
        color="error"
        testId="phone-view-close"
      >
        <CloseIcon />
      </Tool>
    </Paper>
  );
}
