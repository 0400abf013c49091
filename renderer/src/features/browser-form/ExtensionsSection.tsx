import { type Extension, SUB_ACCOUNT_USER_TYPE } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePermission } from '../../components/PermissionGate';
import { useUserStore } from '../../stores/user';
import { ExtensionAvatar } from '../extensions/ExtensionAvatar';
import { ExtensionPermissions } from '../extensions/ExtensionPermissions';
import { useExtensionOptions } from '../extensions/use-extension-options';
import type { FormValues } from './form-values';
import { Section } from './Section';

interface Props {
  values: FormValues;
  set: <K extends keyof FormValues>(k: K, v: FormValues[K]) => void;
  err: (path: string) => string | undefined;
}

/** An id the list does not hold (beyond the picker's 1000), kept as it is. */
type Option = Extension | { id: number; unknown: true };
const isKnown = (o: Option): o is Extension => !('unknown' in o);

/**
 * The uploaded extensions the profile loads, in load order (extendIds). Without
 * extension:list the section is not shown and the profile keeps the ones it has.
 */
function ExtensionsSectionView({ values, set, err }: Props) {
  const { t } = useTranslation();
  const canList = usePermission(['extension:list']);
  const { list, failed } = useExtensionOptions(canList);
  const byId = useMemo(() => new Map((list ?? []).map((e) => [e.id, e])), [list]);
  // A sub-account adds only what an admin allowed; what the profile has already stays.
  const restricted = useUserStore((s) => s.userType === SUB_ACCOUNT_USER_TYPE);
  const blocked = (o: Option) => restricted && isKnown(o) && !o.membersMayAssign && !values.extendIds.includes(o.id);
  if (!canList) return null;
  const value: Option[] = values.extendIds.map((id) => byId.get(id) ?? { id, unknown: true });

  const label = (o: Option) =>
    isKnown(o) ? `${o.name} ${o.version}` : t('browserForm.extensions.unknown', { id: o.id });
  const error = err('extendIds');
  return (
    <Section id="extensions" title={t('browserForm.sections.extensions')}>
      {failed && <Alert severity="warning">{t('browserForm.extensions.loadFailed')}</Alert>}
      {list === null && !failed && <Skeleton variant="rounded" height={56} />}
      {list?.length === 0 && !failed && values.extendIds.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="extensions-none">
          {t('browserForm.extensions.none')}{' '}
          <Link component={RouterLink} to="/extensions">
            {t('browserForm.extensions.open')}
          </Link>
        </Typography>
      ) : (
        list !== null && (
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={list as Option[]}
            value={value}
            onChange={(_, v) => set('extendIds', [...new Set(v.map((o) => o.id))])}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionDisabled={blocked}
            getOptionLabel={label}
            filterOptions={(opts, state) => {
              const q = state.inputValue.trim().toLowerCase();
              if (!q) return opts;
              return opts.filter(
                (o) => isKnown(o) && `${o.name} ${o.version} ${o.description}`.toLowerCase().includes(q),
              );
            }}
            noOptionsText={t('browserForm.extensions.noOptions')}
            renderOption={({ key, ...props }, o) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
                {isKnown(o) ? (
                  <>
                    <ExtensionAvatar icon={o.icon} size={28} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {o.name}{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {o.version}
                        </Typography>
                      </Typography>
                      {o.description && (
                        <Typography variant="caption" color="text.secondary" noWrap component="div">
                          {o.description}
                        </Typography>
                      )}
                      <ExtensionPermissions ext={o} />
                      {blocked(o) && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t('browserForm.extensions.notAssignable')}
                        </Typography>
                      )}
                    </Box>
                  </>
                ) : (
                  label(o)
                )}
              </Box>
            )}
            renderValue={(selected, getItemProps) =>
              selected.map((o, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    {...itemProps}
                    size="small"
                    avatar={isKnown(o) ? <ExtensionAvatar icon={o.icon} size={18} /> : undefined}
                    label={label(o)}
                    sx={{ maxWidth: '100%' }}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('browserForm.extensions.label')}
                error={!!error}
                helperText={error ?? t('browserForm.extensions.help')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'extensions-select' },
                }}
              />
            )}
          />
        )
      )}
    </Section>
  );
}

/** Re-renders only when its own field, errors or handlers change. */
export const ExtensionsSection = memo(
  ExtensionsSectionView,
  (a, b) => a.values.extendIds === b.values.extendIds && a.set === b.set && a.err === b.err,
);
