import type { CallResult } from '@facet/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useGroupList, useProfilePickerPage } from '../../queries/groups';
import { groupLabel } from '../groups/group-label';

type Group = CallResult<'groupList'>[number];
export type UserShares = CallResult<'userShares'>;
type Profile = CallResult<'profileList'>['list'][number];
interface Option {
  id: number;
  label: string;
}

/** The most profiles offered by name in one list; more are found by typing (the server filters). */
const PROFILE_PAGE = 100;

/** Groups and single profiles a sub-account is given: it sees their profiles and nothing else. */
export function SharePicker({ value, onChange }: { value: UserShares; onChange: (v: UserShares) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  useDebouncedSearch(typed, setQuery);
  const groups: Group[] = useGroupList({ quiet: true }).data ?? [];
  const page = useProfilePickerPage({ page: 1, pageSize: PROFILE_PAGE, name: query || undefined }, { quiet: true });
  const profiles: Profile[] = page.isError ? [] : (page.data?.list ?? []);
  useEffect(() => {
    const list = page.data?.list;
    if (list) setKnown((m) => new Map([...m, ...list.map((p) => [p.id, p.name] as const)]));
  }, [page.data]);

  const groupOptions: Option[] = groups.map((g) => ({ id: g.id, label: `${groupLabel(g, t)} (${g.profileCount})` }));
  const chosenGroupLabel = (id: number) => groupOptions.find((o) => o.id === id)?.label ?? `#${id}`;
  const profileOptions: Option[] = profiles.map((p) => ({ id: p.id, label: p.name }));
  const profileLabel = (id: number) => known.get(id) ?? `#${id}`;

  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('team.users.sharesHint')}
      </Typography>
      <Autocomplete
        multiple
        options={groupOptions}
        value={value.groupIds.map((id) => ({ id, label: chosenGroupLabel(id) }))}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => onChange({ ...value, groupIds: v.map((o) => o.id) })}
        renderInput={(params) => <TextField {...params} label={t('team.users.sharedGroups')} />}
        data-testid="share-groups"
      />
      <Autocomplete
        multiple
        options={profileOptions}
        filterOptions={(o) => o}
        value={value.profileIds.map((id) => ({ id, label: profileLabel(id) }))}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, v, reason) => reason === 'input' && setTyped(v)}
        onChange={(_, v) => onChange({ ...value, profileIds: v.map((o) => o.id) })}
        renderInput={(params) => <TextField {...params} label={t('team.users.sharedProfiles')} />}
        data-testid="share-profiles"
      />
    </Stack>
  );
}
