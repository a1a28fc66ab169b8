import { chatDayLabel, formatDateCN, toEpochMs, type TimeInput } from '@app/kit';
import { t } from '../../../locale/i18n';

/** The day part of seed §9's chat labels: 今天 / 昨天 / YYYY/MM/DD (China time). */
export function dayLabel(ts: TimeInput, now: TimeInput = Date.now()): string {
  const d = chatDayLabel(ts, now);
  return d.kind === 'today' ? t('time.today') : d.kind === 'yesterday' ? t('time.yesterday') : d.text;
}

/** The conversation list's time: HH:mm today, 昨天, else the date. */
export function listTime(ts: TimeInput, now: TimeInput = Date.now()): string {
  try {
    const d = chatDayLabel(ts, now);
    return d.kind === 'today' ? formatDateCN(ts, 'HH:mm') : dayLabel(ts, now);
  } catch {
    return '';
  }
}

/** A separator between bubbles: 今天 14:05 / 昨天 09:12 / 2026/01/02 18:00. */
export function separatorTime(ts: TimeInput, now: TimeInput = Date.now()): string {
  try {
    return `${dayLabel(ts, now)} ${formatDateCN(ts, 'HH:mm')}`;
  } catch {
    return '';
  }
}

/** Gap after which a new time separator is shown between two messages. */
export const SEPARATOR_GAP_MS = 5 * 60_000;

/** Whether a separator goes before a message, given the one before it. */
export function needsSeparator(prev: TimeInput | undefined, cur: TimeInput): boolean {
  if (prev === undefined) return true;
  try {
    return toEpochMs(cur) - toEpochMs(prev) >= SEPARATOR_GAP_MS || chatDayLabel(prev, cur).kind !== 'today';
  } catch {
    return false;
  }
}
