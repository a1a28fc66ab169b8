import { relativeTimeShort, type TimeInput } from '@app/kit';
import { t } from '../locale/i18n';

/** "刚刚 / 5分钟前 / 3小时前 / 2天前 / 2026-01-02" (seed §9, second reading) in the current language. */
export function timeAgo(ts: TimeInput, now: TimeInput = Date.now()): string {
  try {
    const r = relativeTimeShort(ts, now);
    switch (r.unit) {
      case 'just':
        return t('time.just');
      case 'minute':
        return t('time.minutes', { n: r.value });
      case 'hour':
        return t('time.hours', { n: r.value });
      case 'day':
        return t('time.days', { n: r.value });
      default:
        return r.date;
    }
  } catch {
    return '';
  }
}
