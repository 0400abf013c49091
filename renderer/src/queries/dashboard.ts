import { useCall } from './calls';

/** The dashboard's figures; `enabled` false while the user may not see them. */
export const useDashboardSummary = (enabled: boolean) => useCall('dashboardSummary', undefined, { enabled });
