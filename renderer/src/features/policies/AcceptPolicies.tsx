import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { Trans, useTranslation } from 'react-i18next';
import { policyHref } from './policy-paths';

/**
 * Registration's consent: the user agreement and the privacy policy, each opening in a new tab so
 * the form keeps what was typed. Registering needs the box ticked (docs/notices.md, Policy pages).
 */
export function AcceptPolicies(p: { checked: boolean; onChange: (v: boolean) => void; error: boolean }) {
  const { t, i18n } = useTranslation();
  const link = (kind: 'agreement' | 'privacy') => (
    <Link
      href={policyHref(kind, i18n.language)}
      target="_blank"
      rel="noopener"
      underline="hover"
      data-testid={`register-${kind}-link`}
      onClick={(e) => e.stopPropagation()}
    />
  );
  return (
    <>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { pt: 0.25 } }}
        control={
          <Checkbox
            checked={p.checked}
            onChange={(e) => p.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-invalid': p.error, ...({ 'data-testid': 'register-accept' } as object) } }}
          />
        }
        label={
          <Trans
            t={t}
            i18nKey="notices.policies.accept"
            components={{ agreement: link('agreement'), privacy: link('privacy') }}
          />
        }
      />
      {p.error && (
        <FormHelperText error sx={{ mt: -1.5 }} data-testid="register-accept-error">
          {t('notices.policies.mustAccept')}
        </FormHelperText>
      )}
    </>
  );
}
