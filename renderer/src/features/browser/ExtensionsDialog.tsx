import { EXTENSIONS_PER_PROFILE_MAX, type Extension, SUB_ACCOUNT_USER_TYPE } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { GenericDialog } from '../../components/GenericDialog';
import { useUserStore } from '../../stores/user';
import { ExtensionAvatar } from '../extensions/ExtensionAvatar';
import { ExtensionPermissions } from '../extensions/ExtensionPermissions';
import { useExtensionOptions } from '../extensions/use-extension-options';
import { type BatchDialogProps, useBusy } from './batch-dialog';

export type ExtensionMode = 'add' | 'remove';
export interface ExtensionChoice {
  extendIds: number[];
  mode: ExtensionMode;
}

/** Adds the ticked extensions to the selected profiles, or takes them off (extensionAssign). */
export function ExtensionsDialog(p: BatchDialogProps<ExtensionChoice>) {
  const { t } = useTranslation();
  const { list, failed } = useExtensionOptions(p.open);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<ExtensionMode>('add');
  const { busy, run } = useBusy();
  useEffect(() => {
    if (p.open) {
      setPicked(new Set());
      setMode('add');
    }
  }, [p.open]);
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (!n.delete(id)) n.add(id);
      return n;
    });
  // A sub-account adds only what an admin allowed (it may take any off).
  const restricted = useUserStore((s) => s.userType === SUB_ACCOUNT_USER_TYPE);
  const blocked = (e: Extension) => restricted && mode === 'add' && !e.membersMayAssign;
  const chosen = (list ?? []).filter((e) => picked.has(e.id) && !blocked(e)).map((e) => e.id);
  const tooMany = chosen.length > EXTENSIONS_PER_PROFILE_MAX;
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.extensions.title', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm({ extendIds: chosen, mode }))}
      loading={busy}
      confirmDisabled={chosen.length === 0 || tooMany}
      confirmText={mode === 'add' ? t('browser.extensions.add') : t('browser.extensions.remove')}
      maxWidth="sm"
    >
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as ExtensionMode)} sx={{ mb: 0.5 }}>
        <FormControlLabel value="add" control={<Radio />} label={t('browser.extensions.add')} />
        <FormControlLabel value="remove" control={<Radio />} label={t('browser.extensions.remove')} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {mode === 'add' ? t('browser.extensions.addHint') : t('browser.extensions.removeHint')}
      </Typography>
      {failed && <Alert severity="warning">{t('browser.extensions.loadFailed')}</Alert>}
      {!list && !failed && <CircularProgress size={24} />}
      {list?.length === 0 && !failed && (
        <Alert severity="info">
          {t('browser.extensions.none')}{' '}
          <Link component={RouterLink} to="/extensions" onClick={p.onClose}>
            {t('browser.extensions.manage')}
          </Link>
        </Alert>
      )}
      {!!list?.length && (
        <>
          <Box
            sx={{ maxHeight: 300, overflow: 'auto', display: 'flex', flexDirection: 'column' }}
            data-testid="extension-choices"
          >
            {list.map((e) => (
              <FormControlLabel
                key={e.id}
                sx={{ mr: 0, py: 0.25, alignItems: 'center', '& .MuiFormControlLabel-label': { minWidth: 0, flex: 1 } }}
                control={
                  <Checkbox
                    disabled={blocked(e)}
                    checked={picked.has(e.id) && !blocked(e)}
                    onChange={() => toggle(e.id)}
                    slotProps={{ input: { 'aria-label': e.name } }}
                  />
                }
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <ExtensionAvatar icon={e.icon} size={24} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {e.name}{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {e.version}
                        </Typography>
                      </Typography>
                      <ExtensionPermissions ext={e} />
                      {blocked(e) && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('browserForm.extensions.notAssignable')}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                }
              />
            ))}
          </Box>
          <Typography
            variant="body2"
            color={tooMany ? 'error' : 'text.secondary'}
            sx={{ mt: 1 }}
            data-testid="extension-picked"
          >
            {tooMany
              ? t('browser.extensions.tooMany', { max: EXTENSIONS_PER_PROFILE_MAX })
              : t('browser.extensions.picked', { count: chosen.length })}
          </Typography>
        </>
      )}
    </GenericDialog>
  );
}
