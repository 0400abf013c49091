import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface TrendPoint {
  date: string;
  success: number;
  failed: number;
}

/** Sign-ins per day, successful and failed, as stacked bars (no chart library needed). */
export function LoginTrendChart({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...points.map((p) => p.success + p.failed));
  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-end', gap: { xs: 0.5, sm: 1 }, height: 160 }}
        role="img"
        aria-label={t('dashboard.loginTrend')}
      >
        {points.map((p) => (
          <Box
            key={p.date}
            title={`${p.date}: ${t('dashboard.successCount', { count: p.success })}, ${t('dashboard.failedCount', { count: p.failed })}`}
            sx={{ flex: 1, height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}
          >
            <Box
              sx={{
                height: `${(p.failed / max) * 100}%`,
                bgcolor: 'error.main',
                opacity: 0.8,
                borderRadius: '3px 3px 0 0',
              }}
            />
            <Box
              sx={{
                height: `${(p.success / max) * 100}%`,
                bgcolor: 'primary.main',
                minHeight: 2,
                borderRadius: p.failed ? 0 : '3px 3px 0 0',
              }}
            />
          </Box>
        ))}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {points[0]?.date.slice(5)}
        </Typography>
        <Stack direction="row" sx={{ gap: 2 }}>
          <Legend color="primary.main" label={t('dashboard.success')} />
          <Legend color="error.main" label={t('dashboard.failed')} />
        </Stack>
        <Typography variant="caption" color="text.secondary" data-testid="trend-last-date">
          {points.at(-1)?.date.slice(5)}
        </Typography>
      </Stack>
    </Box>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}
