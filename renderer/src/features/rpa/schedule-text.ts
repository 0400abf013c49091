import type { RpaSchedule, RpaTask } from '@facet/shared';
import { Cron } from 'croner';
import { useTranslation } from 'react-i18next';
import { timeIn, useTimeText } from './time';

/**
 * The next fire times of a cron expression in a time zone (as the server evaluates it, croner),
 * or the rule that refuses it: `cronInvalid`, `cronNeverFires`.
 */
export function cronPreview(
  expr: string,
  zone: string,
  count = 3,
  from: Date = new Date(),
): { times: string[] } | { error: 'cronInvalid' | 'cronNeverFires' } {
  let runs: Date[];
  try {
    runs = new Cron(expr.trim(), { timezone: zone, paused: true }).nextRuns(count, from);
  } catch {
    return { error: 'cronInvalid' };
  }
  return runs.length ? { times: runs.map((d) => timeIn(zone, d.toISOString())) } : { error: 'cronNeverFires' };
}

/** A task's schedule in words: now, once at a time, or its cron with the next firing. */
export function useScheduleText(): (task: Pick<RpaTask, 'schedule' | 'nextRunAt'>) => string {
  const { t } = useTranslation();
  const { time } = useTimeText();
  return ({ schedule, nextRunAt }) => {
    const s: RpaSchedule = schedule;
    if (s.kind === 'now') return t('rpa.schedule.nowText');
    if (s.kind === 'once') return t('rpa.schedule.onceText', { at: time(s.at) });
    return nextRunAt
      ? t('rpa.schedule.cronNext', { cron: s.cron, next: time(nextRunAt) })
      : t('rpa.schedule.cronText', { cron: s.cron });
  };
}
