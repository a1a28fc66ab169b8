import type { CheckInState } from '@app/contract';

/** How one day of the week strip is shown. */
export type DayState = 'checked' | 'today' | 'missed' | 'beforeJoin' | 'ahead';

/**
 * One day of the check-in week: a past day without a check-in is missed only from the day the
 * member joined (China dates, `YYYY-MM-DD`); the days before it were never theirs to miss.
 */
export function dayState(day: CheckInState['week'][number], today: string, joined: string): DayState {
  if (day.checked) return 'checked';
  if (day.date === today) return 'today';
  if (day.date > today) return 'ahead';
  return day.date < joined ? 'beforeJoin' : 'missed';
}
