import { Code, IP_WHITELIST_MAX_ENTRIES } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useIpWhitelist, useSetIpWhitelist } from '../../queries/settings';
import { notifySuccess } from '../../stores/notice';
import { ConfirmAction } from '../security/ConfirmAction';
import { reportQuietFailure } from '../security/errors';
import { listAllows, parseIpLines } from './ip-list';
import { NoAccess } from './NoAccess';
import { PageHeader } from './PageHeader';

type Ask = { kind: 'excludes'; entries: string[] } | { kind: 'clear' } | null;

/**
 * Settings → IP whitelist (docs/team.md, IP whitelist): the addresses the account and its sub-accounts may
 * sign in and call from. A list without the caller's own address needs a second yes.
 */
export default function IpWhitelistPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:ipWhitelist']);
  const [saved, setSaved] = useState<string[] | null>(null);
  const [currentIp, setCurrentIp] = useState('');
  const [text, setText] = useState('');
  const [ask, setAsk] = useState<Ask>(null);
  const read = useIpWhitelist(allowed);
  const saving = useSetIpWhitelist();
  const busy = saving.isPending;

  // The form starts from the first answer; a save sets it from the server's reply.
  useEffect(() => {
    if (saved !== null) return;
    if (read.isError) return setSaved([]);
    if (!read.data) return;
    setSaved(read.data.entries);
    setCurrentIp(read.data.currentIp);
    setText(read.data.entries.join('\n'));
  }, [read.data, read.isError, saved]);

  const parsed = useMemo(() => parseIpLines(text), [text]);
  const dirty = saved !== null && parsed.entries.join('\n') !== saved.join('\n');
  const excludesMe = !!currentIp && !listAllows(parsed.entries, currentIp);
  const hasMe = !!currentIp && parsed.entries.length > 0 && !excludesMe;

  if (!allowed) return <NoAccess />;

  const store = async (entries: string[], confirm: boolean) => {
    try {
      const r = await saving.mutateAsync({ entries, confirm });
      setSaved(r.entries);
      setCurrentIp(r.currentIp);
      setText(r.entries.join('\n'));
      setAsk(null);
      notifySuccess(r.entries.length ? t('settings.ip.saved', { count: r.entries.length }) : t('settings.ip.cleared'));
    } catch (err) {
      // The server decides what holds the caller; if it disagrees with our hint, ask now.
      if (reportQuietFailure(t, err) === Code.IP_WHITELIST_EXCLUDES_CALLER) setAsk({ kind: 'excludes', entries });
      else setAsk(null);
    }
  };

  const save = () => {
    if (parsed.invalid.length || parsed.tooMany) return;
    if (parsed.entries.length && excludesMe) setAsk({ kind: 'excludes', entries: parsed.entries });
    else void store(parsed.entries, false);
  };

  const addMine = () => {
    if (!currentIp || parsed.entries.includes(currentIp)) return;
    setText((v) => `${v.replace(/\s+$/, '')}${v.trim() ? '\n' : ''}${currentIp}`);
  };

  const errorText = parsed.invalid.length
    ? t('settings.ip.invalidLines', {
        lines: parsed.invalid
          .slice(0, 5)
          .map((l) => `${l.line} (${l.text})`)
          .join(', '),
      })
    : parsed.tooMany
      ? t('settings.ip.tooMany', { max: IP_WHITELIST_MAX_ENTRIES })
      : t('settings.ip.help', { count: parsed.entries.length, max: IP_WHITELIST_MAX_ENTRIES });

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.ipWhitelist')} intro={t('settings.ip.intro')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('settings.ip.yourIp')}
          </Typography>
          <Chip
            label={currentIp || '…'}
            size="small"
            sx={{ fontFamily: 'monospace' }}
            data-testid="current-ip"
            color={hasMe ? 'success' : 'default'}
          />
          <Button size="small" startIcon={<AddIcon />} onClick={addMine} disabled={!currentIp || hasMe}>
            {t('settings.ip.addMine')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Chip
            size="small"
            variant="outlined"
            color={saved?.length ? 'success' : 'default'}
            label={saved?.length ? t('settings.ip.statusOn', { count: saved.length }) : t('settings.ip.statusOff')}
            data-testid="whitelist-status"
          />
        </Stack>
        {saved === null ? (
          <Skeleton variant="rectangular" height={220} />
        ) : (
          <TextField
            label={t('settings.ip.listLabel')}
            placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/32'}
            multiline
            minRows={8}
            maxRows={20}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={parsed.invalid.length > 0 || parsed.tooMany}
            helperText={errorText}
            slotProps={{
              htmlInput: { spellCheck: false, 'data-testid': 'ip-list', style: { fontFamily: 'monospace' } },
            }}
          />
        )}
        {parsed.entries.length > 0 && excludesMe && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="excludes-me">
            {t('settings.ip.excludesMe', { ip: currentIp })}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button color="error" disabled={busy || !saved?.length} onClick={() => setAsk({ kind: 'clear' })}>
            {t('settings.ip.clear')}
          </Button>
          <Button
            variant="contained"
            onClick={save}
            loading={busy && ask === null}
            disabled={!dirty || parsed.invalid.length > 0 || parsed.tooMany}
            data-testid="ip-save"
          >
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
      <ConfirmAction
        open={ask !== null}
        loading={busy}
        title={ask?.kind === 'clear' ? t('settings.ip.clear') : t('settings.ip.confirmTitle')}
        confirmText={ask?.kind === 'clear' ? t('settings.ip.clear') : t('settings.ip.saveAnyway')}
        message={
          ask?.kind === 'clear' ? t('settings.ip.confirmClear') : t('settings.ip.confirmExcludes', { ip: currentIp })
        }
        onCancel={() => setAsk(null)}
        onConfirm={() => (ask?.kind === 'clear' ? store([], false) : store(ask?.entries ?? [], true))}
      />
    </Box>
  );
}
