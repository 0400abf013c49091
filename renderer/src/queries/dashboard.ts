import { displayZone } from '../lib/format';
import { useUserStore } from '../stores/user';
import { useCall } from './calls';

/** The dashboard's figures, the trend's days counted in the zone the console shows; `enabled` false while the user may not see them. */
export function useDashboardSummary(enabled: boolean) {
  const timeZone = displayZone(useUserStore((s) => s.timezone));
  return useCall('dashboardSummary', { timeZone }, { enabled });
}
