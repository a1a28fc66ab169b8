import { formatClock } from '@app/kit';
import { t } from '../../../locale/i18n';

/** A call record (`missed`, `canceled`, `declined`, `ended:<seconds>`, written by the server) in words. */
export function callText(content: string): string {
  if (content.startsWith('ended:')) return t('chats.callRecord.ended', { time: formatClock(Number(content.slice(6)) || 0) });
  if (content === 'missed') return t('chats.callRecord.missed');
  if (content === 'declined') return t('chats.callRecord.declined');
  return t('chats.callRecord.canceled');
}
