import type { ProxyConfig } from '@facet/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasProxy, ProxyCheckButton, ProxyConfigFields, type ProxyErrors } from '../../components/proxy';
import { Section } from './Section';

interface Props {
  value: ProxyConfig;
  onChange: (p: ProxyConfig) => void;
  showErrors: boolean;
  errors: ProxyErrors;
}

function ProxySectionView({ value, onChange, showErrors, errors }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="proxy" title={t('browserForm.sections.proxy')}>
      <ProxyConfigFields value={value} onChange={onChange} showErrors={showErrors} errors={errors} />
      <ProxyCheckButton proxy={value} disabled={!hasProxy(value)} />
    </Section>
  );
}

export const ProxySection = memo(ProxySectionView);
