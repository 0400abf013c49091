import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNoticeStore } from '../stores/notice';

/**
 * The red top notices of refused calls (and short success messages), one at a time: errors oldest
 * first, a success or info replaced by whatever comes next (stores/notice.ts).
 */
export function Notices() {
  const notices = useNoticeStore((s) => s.notices);
  const dismiss = useNoticeStore((s) => s.dismiss);
  const current = notices[0];
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={current?.durationMs ?? null}
      onClose={(_, reason) => reason !== 'clickaway' && current && dismiss(current.id)}
      anchorOrigin={{ vertical: current?.position ?? 'top', horizontal: 'center' }}
    >
      {current ? (
        <Alert
          severity={current.severity}
          variant="filled"
          onClose={() => dismiss(current.id)}
          data-testid="notice"
          sx={{ maxWidth: 560 }}
        >
          {current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
