import type { FingerprintCheck } from '@facet/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../stores/notice';
import { FingerprintFindings } from './FingerprintFindings';
import { FingerprintValuesTable } from './FingerprintValuesTable';
import { contextName } from './fingerprint-contexts';

/** A longer hash is cut to this much, which tells two profiles apart at a glance (the copy takes it whole). */
const SHORT_HASH = 16;

const seconds = (ms: number) =>
  new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(ms / 1000);

/** A check's report: the verdict, engine, hash and duration, the findings by kind, the values per context. */
export function FingerprintCheckReport({ report }: { report: FingerprintCheck }) {
  const { t } = useTranslation();
  const [valuesShown, setValuesShown] = useState(false);
  const ran = report.contexts.filter((c) => c.ran);
  const notRun = report.contexts.filter((c) => !c.ran);
  const clean = report.findings.length === 0;
  const hash = report.fingerprintHash;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={clean ? 'success' : 'warning'} data-testid="fp-check-summary" data-clean={String(clean)}>
        {clean
          ? t('fingerprintCheck.ok', { count: ran.length })
          : t('fingerprintCheck.findings', { count: report.findings.length })}
      </Alert>
      {notRun.length > 0 && (
        <Alert severity="warning" data-testid="fp-check-not-run">
          {t('fingerprintCheck.notRun', { contexts: notRun.map((c) => contextName(t, c.context)).join(', ') })}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        <Meta label={t('fingerprintCheck.engine')} testId="fp-check-engine">
          <Box component="code" sx={{ fontFamily: 'monospace' }}>
            {report.engine}
          </Box>
        </Meta>
        <Meta label={t('fingerprintCheck.hash')} testId="fp-check-hash">
          <Box component="code" title={hash} sx={{ fontFamily: 'monospace' }} data-testid="fp-check-hash-value">
            {hash.length > SHORT_HASH ? `${hash.slice(0, SHORT_HASH)}…` : hash}
          </Box>
          <Tooltip title={t('fingerprintCheck.copyHash')}>
            <IconButton
              size="small"
              aria-label={t('fingerprintCheck.copyHash')}
              sx={{ ml: 0.25, my: -0.75 }}
              data-testid="fp-check-hash-copy"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(hash)
                  .then(() => notifySuccess(t('fingerprintCheck.hashCopied')))
                  .catch(() => undefined)
              }
            >
              <ContentCopyIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        </Meta>
        <Meta label={t('fingerprintCheck.duration')} testId="fp-check-duration">
          {seconds(report.durationMs)}
        </Meta>
      </Box>
      {!clean && <FingerprintFindings findings={report.findings} />}
      <Box>
        <Button
          size="small"
          onClick={() => setValuesShown((v) => !v)}
          endIcon={valuesShown ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={valuesShown}
          data-testid="fp-check-values-toggle"
          sx={{ ml: -0.5 }}
        >
          {valuesShown ? t('fingerprintCheck.hideValues') : t('fingerprintCheck.showValues')}
        </Button>
        <Collapse in={valuesShown} unmountOnExit>
          <FingerprintValuesTable contexts={report.contexts} />
        </Collapse>
      </Box>
    </Box>
  );
}

/** One fact of the report, label and value on one line (the facts wrap on a narrow screen). */
function Meta({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap', minHeight: 28 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, display: 'flex', alignItems: 'center' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}
