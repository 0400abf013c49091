import { type Extension, isRiskyPermission } from '@facet/shared';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Requested = Pick<Extension, 'permissions' | 'hostPermissions' | 'optionalPermissions'>;

/** A permission as the user reads it: local files and every site in words, the rest as Chrome names them. */
function permissionLabel(p: string, t: TFunction): string {
  if (p.startsWith('file:')) return t('extensions.permissions.files');
  if (p === '<all_urls>' || /^[^:]+:\/\/\*(\/|$)/.test(p)) return t('extensions.permissions.allSites');
  return p;
}

/**
 * What an extension asks for (docs/profiles.md, Browser extensions): the risky permissions as
 * warning chips, how many others, and every one (optional ones too) in the tooltip.
 */
export function ExtensionPermissions({ ext, max = 4 }: { ext: Requested; max?: number }) {
  const { t } = useTranslation();
  const required = [...ext.permissions, ...ext.hostPermissions];
  const risky = [...new Set(required.filter(isRiskyPermission).map((p) => permissionLabel(p, t)))];
  const others = required.filter((p) => !isRiskyPermission(p)).length;
  if (!required.length && !ext.optionalPermissions.length)
    return (
      <Typography variant="caption" color="text.secondary" data-testid="extension-permissions">
        {t('extensions.permissions.none')}
      </Typography>
    );
  const detail = [
    ...required,
    ...ext.optionalPermissions.map((p) => `${p} (${t('extensions.permissions.optional')})`),
  ].join(', ');
  return (
    <Tooltip title={`${t('extensions.permissions.title')}: ${detail}`}>
      <Box
        data-testid="extension-permissions"
        aria-label={`${t('extensions.permissions.title')}: ${detail}`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.5 }}
      >
        {risky.slice(0, max).map((p) => (
          <Chip
            key={p}
            size="small"
            color="warning"
            variant="outlined"
            icon={<WarningAmberIcon />}
            label={p}
            data-testid="extension-risky-permission"
            sx={{ height: 20, fontSize: 11, maxWidth: '100%' }}
          />
        ))}
        {risky.length > max && (
          <Typography variant="caption" color="warning.main">
            +{risky.length - max}
          </Typography>
        )}
        {others + ext.optionalPermissions.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('extensions.permissions.others', { count: others + ext.optionalPermissions.length })}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
