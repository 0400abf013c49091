import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, useBatchData, useBatchProxy, useBatchRemark } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { NO_PROXY, type ProxyDraft, ProxyFields, proxyBody } from './ProxyFields';
import { type DataRow, dataFromJson, dataFromRows, rowsFromData } from './phone-data';

interface Props {
  phones: Phone[];
  onClose: () => void;
}

/** Runs a batch change, says how many it changed, and closes; a refusal stays in the dialog. */
function useBatchSave(onClose: () => void) {
  const { t } = useTranslation();
  return async (run: () => Promise<{ count: number }>) => {
    try {
      const r = await run();
      notifySuccess(t('phone.batch.done', { count: r.count }));
      onClose();
    } catch {
      // The transport said why.
    }
  };
}

export function RemarkDialog({ phones, onClose }: Props) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState(phones.length === 1 ? phones[0]!.remark : '');
  const m = useBatchRemark();
  const save = useBatchSave(onClose);
  return (
    <GenericDialog
      open
      title={t('phone.batch.remarkTitle')}
      onClose={onClose}
      onConfirm={() => save(() => m.mutateAsync({ ids: phones.map((p) => p.id), remark }))}
      loading={m.isPending}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={t('phone.edit.remark')}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'batch-remark' } }}
        sx={{ mt: 1 }}
      />
    </GenericDialog>
  );
}

export function BatchProxyDialog({ phones, onClose }: Props) {
  const { t } = useTranslation();
  const [proxy, setProxy] = useState<ProxyDraft>(NO_PROXY);
  const fe = useFieldErrors();
  const m = useBatchProxy();
  const save = async () => {
    fe.reset();
    try {
      const r = await m.mutateAsync({ ids: phones.map((p) => p.id), proxy: proxyBody(proxy) });
      notifySuccess(t('phone.batch.done', { count: r.count }));
      onClose();
    } catch (e) {
      fe.take(e);
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.batch.proxyTitle')}
      onClose={onClose}
      onConfirm={save}
      loading={m.isPending}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <Stack sx={{ pt: 1 }}>
        <ProxyFields value={proxy} onChange={setProxy} errors={fe.errors} />
      </Stack>
    </GenericDialog>
  );
}

/** Free-form data kept with environments: as key/value rows, or as a JSON object. */
export function DataDialog({ phones, onClose }: Props) {
  const { t } = useTranslation();
  const first = phones.length === 1 ? phones[0]!.data : {};
  const [tab, setTab] = useState<'rows' | 'json'>('rows');
  const [rows, setRows] = useState<DataRow[]>(rowsFromData(first));
  const [json, setJson] = useState(JSON.stringify(first, null, 2));
  const m = useBatchData();
  const save = useBatchSave(onClose);
  const parsed = tab === 'json' ? dataFromJson(json) : { data: dataFromRows(rows), error: '' };
  const switchTo = (next: 'rows' | 'json') => {
    if (next === 'json') setJson(JSON.stringify(dataFromRows(rows), null, 2));
    else if (!parsed.error && parsed.data) setRows(rowsFromData(parsed.data));
    setTab(next);
  };
  const setRow = (i: number, patch: Partial<DataRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <GenericDialog
      open
      title={t('phone.batch.dataTitle')}
      onClose={onClose}
      onConfirm={async () => {
        const data = parsed.data;
        if (data) await save(() => m.mutateAsync({ ids: phones.map((p) => p.id), data }));
      }}
      loading={m.isPending}
      confirmDisabled={!parsed.data}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <Tabs value={tab} onChange={(_, v) => switchTo(v)} sx={{ mb: 1 }}>
        <Tab value="rows" label={t('phone.data.rows')} />
        <Tab value="json" label="JSON" disabled={tab === 'json' && !!parsed.error} />
      </Tabs>
      {tab === 'json' ? (
        <TextField
          fullWidth
          multiline
          minRows={6}
          value={json}
          onChange={(e) => setJson(e.target.value)}
          error={!!parsed.error}
          helperText={parsed.error ? t('phone.data.invalidJson') : t('phone.data.jsonHint')}
          slotProps={{
            htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' }, 'data-testid': 'data-json' },
          }}
        />
      ) : (
        <Stack sx={{ gap: 1 }}>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are only appended and removed
            <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('phone.data.key')}
                value={r.key}
                onChange={(e) => setRow(i, { key: e.target.value })}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t('phone.data.value')}
                value={r.value}
                onChange={(e) => setRow(i, { value: e.target.value })}
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={t('phone.data.removeRow')}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Button onClick={() => setRows([...rows, { key: '', value: '' }])} sx={{ alignSelf: 'flex-start' }}>
            {t('phone.data.addRow')}
          </Button>
          {phones.length > 1 && <Alert severity="info">{t('phone.data.replaces')}</Alert>}
        </Stack>
      )}
    </GenericDialog>
  );
}
