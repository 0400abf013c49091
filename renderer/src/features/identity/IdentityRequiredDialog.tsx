import { identityFeatures } from '@facet/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GenericDialog } from '../../components/GenericDialog';
import { useNoticeStore } from '../../stores/notice';

export const AUTHENTICATION_PATH = '/profile/authentication';

/** Code 16050: the operator keeps this for verified accounts; the button leads to Profile → Authentication. */
export default function IdentityRequiredDialog() {
  const { t } = useTranslation();
  const feature = useNoticeStore((s) => s.identityRequired);
  const close = useNoticeStore((s) => s.setIdentityRequired);
  const navigate = useNavigate();
  const known = (identityFeatures as readonly string[]).includes(feature ?? '');
  return (
    <GenericDialog
      open={feature !== null}
      title={t('identity.gate.title')}
      confirmText={t('identity.gate.go')}
      onClose={() => close(null)}
      onConfirm={() => {
        close(null);
        navigate(AUTHENTICATION_PATH);
      }}
    >
      <span data-testid="identity-required-text">
        {known ? t('identity.gate.text', { what: t(`identity.feature.${feature}`) }) : t('identity.gate.textAny')}
      </span>
    </GenericDialog>
  );
}
