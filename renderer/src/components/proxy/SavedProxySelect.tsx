import type { savedProxySchema } from '@facet/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useProxyOptions } from '../../queries/proxies';

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
  const [host, setHost] = useState<string | null>(null);
  const [selected, setSelected] = useState<SavedProxy | null>(null);
  useDebouncedSearch(input, setHost, 250);

  // The chosen proxy may be outside the first page: find it by scanning the list once.
  const lookup = useProxyOptions({ page: 1, pageSize: 500 }, !!value && selected?.id !== value);
  useEffect(() => {
    if (!value || selected?.id === value || !lookup.data) return;
    setSelected(lookup.data.list.find((p) => p.id === value) ?? null);
  }, [value, selected?.id, lookup.data]);

  // Asked after the first pause, as the typed host changes.
  const search = useProxyOptions({ page: 1, pageSize: 50, ...(host ? { host } : {}) }, host !== null);
  const options: SavedProxy[] = search.isError ? [] : (search.data?.list ?? []);
  const loading = search.isFetching;

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
