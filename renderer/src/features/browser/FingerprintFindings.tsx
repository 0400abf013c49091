import { CHECK_FINDING_KINDS, type CheckFinding } from '@facet/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contextName } from './fingerprint-contexts';

const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

/** The findings of a check by kind: between contexts, claims, signs of patching. */
export function FingerprintFindings({ findings }: { findings: CheckFinding[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {CHECK_FINDING_KINDS.map((kind) => {
        const list = findings.filter((f) => f.kind === kind);
        if (!list.length) return null;
        return (
          <Box key={kind} component="section" data-testid={`fp-findings-${kind}`}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t(`fingerprintCheck.kind.${kind}`)} ({list.length})
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              {list.map((f) => (
                <Finding key={`${f.subject}|${f.where.join()}|${f.expected}|${f.actual}`} finding={f} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function Finding({ finding: f }: { finding: CheckFinding }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="fp-finding" data-kind={f.kind}>
      <Box component="code" sx={{ ...mono, fontWeight: 600, display: 'block', mb: 1 }} data-testid="fp-finding-subject">
        {f.subject}
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5 }}
      >
        {f.where.length > 0 && (
          <Row label={t('fingerprintCheck.where')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="fp-finding-where">
              {f.where.map((c) => (
                <Chip key={c} size="small" variant="outlined" label={contextName(t, c)} />
              ))}
            </Box>
          </Row>
        )}
        <Row label={t('fingerprintCheck.expected')}>
          <Box component="code" sx={mono} data-testid="fp-finding-expected">
            {f.expected || '—'}
          </Box>
        </Row>
        <Row label={t('fingerprintCheck.actual')}>
          <Box
            component="code"
            sx={{ ...mono, color: 'warning.main', fontWeight: 600 }}
            data-testid="fp-finding-actual"
          >
            {f.actual || '—'}
          </Box>
        </Row>
      </Box>
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ lineHeight: '24px' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minHeight: 24, display: 'flex', alignItems: 'center' }}>
        {children}
      </Box>
    </>
  );
}
