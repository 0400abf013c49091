import type { FieldError } from '@facet/shared';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useErrorText } from './error-text';

/** Why a flow file was refused: each broken field (`steps.2.url`) with its rule. */
export function ImportErrorsDialog({ errors, onClose }: { errors: readonly FieldError[]; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <GenericDialog open closeOnly title={t('rpa.flows.importFailed')} onClose={onClose} onConfirm={onClose}>
      <ul data-testid="import-errors" style={{ margin: 0, paddingLeft: 20 }}>
        {errors.map((e) => (
          <li key={`${e.field}:${e.key}`}>
            <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
              {e.field.replace(/^body\.json\.?/, '') || t('rpa.flows.file')}
            </Typography>
            {`: ${errorText(e.key)}`}
          </li>
        ))}
      </ul>
    </GenericDialog>
  );
}
