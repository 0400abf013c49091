import type { savedProxySchema } from '@facet/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../api/calls';

type SavedProxy = z.infer<typeof savedProxySchema>;

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}

export const savedProxyLabel = (p: SavedProxy) => `${p.proxyAgreementType.toUpperCase()} ${p.host}:${p.port}`;

/** Picks a saved proxy (agentIpId), searching the saved list by host on the server. */
export function SavedProxySelect({ value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<SavedProxy[]>([]);
  const [selected, setSelected] = useState<SavedProxy | null>(null);
  const [loading, setLoading] = useState(false);

  // The chosen proxy may be outside the first page: find it by scanning the list once.
  useEffect(() => {
    if (!value || selected?.id === value) return;
    let live = true;
    api
      .proxyList({ page: 1, pageSize: 500 }, { noPrompt: true })
      .then((r) => live && setSelected(r.list.find((p) => p.id === value) ?? null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [value, selected?.id]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      const host = input.trim();
      api
        .proxyList({ page: 1, pageSize: 50, ...(host ? { host } : {}) }, { noPrompt: true })
        .then((r) => live && setOptions(r.list))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input]);

  const current = value ? (selected?.id === value ? selected : (options.find((o) => o.id === value) ?? null)) : null;
  return (
    <Autocomplete
      options={options}
      value={current}
      loading={loading}
      disabled={disabled}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={savedProxyLabel}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_, p) => {
        setSelected(p);
        onChange(p?.id ?? null);
      }}
      noOptionsText={t('proxyFields.saved.none')}
      loadingText={t('proxyFields.saved.loading')}
      renderOption={({ key, ...props }, p) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography variant="body2">{savedProxyLabel(p)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {[p.exitIp && `${p.exitIp} ${p.country}`.trim(), p.remark].filter(Boolean).join(' · ') ||
              t('proxyFields.saved.unchecked')}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('proxyFields.saved.label')}
          placeholder={t('proxyFields.saved.placeholder')}
          error={!!error}
          helperText={error}
        />
      )}
    />
  );
}
