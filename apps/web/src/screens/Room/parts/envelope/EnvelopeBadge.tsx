import type { RedEnvelope } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { secondsToOpen } from './useRoomEnvelopes';

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** The red envelope hanging on the stage: counting down, then "抢" pulsing; the number of envelopes waiting. */
export function EnvelopeBadge({ envelope, count, now, onOpen }: { envelope: RedEnvelope; count: number; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const left = secondsToOpen(envelope, now);
  const live = envelope.status === 'open' || envelope.status === 'waiting';
  const open = live && left === 0;
  return (
    <button
      type="button"
      className={`envelope-badge ${open ? 'envelope-badge--open' : ''}`}
      data-testid="envelope-badge"
      data-status={open ? 'open' : envelope.status}
      aria-label={t('envelope.badge', { name: envelope.sender.nickname })}
      onClick={onOpen}
    >
      <span className="envelope-badge__bag" aria-hidden>
        <span className="envelope-badge__seal">{open ? t('envelope.grabShort') : '福'}</span>
      </span>
      <span className="envelope-badge__label" data-testid="envelope-countdown">
        {!live ? t('envelope.ended') : open ? t('envelope.grabNow') : mmss(left)}
      </span>
      {count > 1 && <span className="envelope-badge__count">×{count}</span>}
    </button>
  );
}
