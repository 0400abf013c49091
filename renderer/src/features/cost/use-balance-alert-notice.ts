import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useBalanceAlert, useDismissBalanceAlert } from '../../queries/billing';
import { useNoticeStore } from '../../stores/notice';

/** The crossing already told in this browser (cleared at logout with the session: stores/user.ts). */
export const DISMISSED_KEY = 'balanceAlertDismissed';

/**
 * The console's balance-alert notice (docs/billing.md, Balance alerts): when the wallet fell under
 * the threshold and the console was not told yet (crossedTime set), one notice, once; then the
 * server is told it was shown.
 */
export function useBalanceAlertNotice() {
  const { t } = useTranslation();
  const allowed = usePermission(['billing:view']);
  const alert = useBalanceAlert(allowed);
  const dismiss = useDismissBalanceAlert();
  const crossed = alert.data?.crossedTime ?? null;
  const threshold = alert.data?.threshold ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: one notice per crossing time.
  useEffect(() => {
    if (!crossed || localStorage.getItem(DISMISSED_KEY) === crossed) return;
    localStorage.setItem(DISMISSED_KEY, crossed);
    useNoticeStore.getState().push({
      severity: 'warning',
      text: t('cost.alert.crossed', { threshold }),
      durationMs: 10_000,
      position: 'top',
    });
    dismiss.mutate(undefined);
  }, [crossed]);
}
