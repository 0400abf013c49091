import { type Language, ZOOM_PERCENTS } from '@facet/shared';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/PermissionGate';
import { LANGUAGE_TAGS } from '../../../i18n/language';
import { NoAccess } from '../NoAccess';
import { SelectField, useErrorText } from './fields';
import { useGlobalSettingForm } from './forms';
import { PreferenceLayout } from './PreferenceLayout';

const pick = (s: { zoomPercent: number }) => ({ zoomPercent: s.zoomPercent });

/** Settings → Page zoom: the zoom every profile's pages open at (docs/client.md, Preferences the launcher applies). */
export default function PageZoomPage() {
  const { t, i18n } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const f = useGlobalSettingForm(allowed, pick);
  const errorText = useErrorText(f.errors);
  if (!allowed) return <NoAccess />;
  // A percentage as the UI language writes it (100 %, %100, 100%).
  const percent = new Intl.NumberFormat(LANGUAGE_TAGS[i18n.language as Language] ?? i18n.language, {
    style: 'percent',
  });
  const options = ZOOM_PERCENTS.map((p) => ({ value: p, label: percent.format(p / 100) }));
  return (
    <PreferenceLayout
      title={t('preferences.menu.zoom')}
      intro={t('preferences.zoom.intro')}
      testId="page-zoom"
      form={f}
    >
      {f.draft && (
        <SelectField
          label={t('preferences.zoom.label')}
          value={f.draft.zoomPercent}
          options={options}
          onPick={(zoomPercent) => f.change({ zoomPercent })}
          error={!!errorText('body.zoomPercent')}
          helperText={errorText('body.zoomPercent') ?? t('preferences.zoom.help')}
          slotProps={{ htmlInput: { 'data-testid': 'zoom-select' } }}
          sx={{ maxWidth: 320 }}
        />
      )}
    </PreferenceLayout>
  );
}
