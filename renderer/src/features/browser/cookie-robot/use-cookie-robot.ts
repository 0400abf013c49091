import type { RpaStatus, RpaTask } from '@facet/shared';
import { useMemo, useState } from 'react';
import { useRpaTaskProgress } from '../../../queries/rpa';

const KEY = 'facet.cookieRobot.task';

function stored(): number {
  try {
    return Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * The cookie-robot task this tab started last (kept for the tab's session, so a reload still
 * shows it), read while it runs: its counts and each profile's run status for the grid.
 */
export function useCookieRobot() {
  const [taskId, setTaskId] = useState(stored);
  const { task, statuses } = useRpaTaskProgress(taskId);
  const remember = (id: number) => {
    setTaskId(id);
    try {
      if (id) sessionStorage.setItem(KEY, String(id));
      else sessionStorage.removeItem(KEY);
    } catch {
      // storage refused: the progress lasts as long as the page
    }
  };
  const byProfile = useMemo(() => new Map((statuses.data ?? []).map((r) => [r.profileId, r.status])), [statuses.data]);
  // A task deleted meanwhile (404) is forgotten.
  const gone = taskId > 0 && task.isError;
  return {
    task: gone ? undefined : task.data,
    statusOf: (profileId: number): RpaStatus | undefined => (gone ? undefined : byProfile.get(profileId)),
    started: (t: RpaTask) => remember(t.id),
    clear: () => remember(0),
  };
}
