import type { ReplayMoment } from '@app/contract';
import { useTranslation } from 'react-i18next';

/** Chat and gifts of the live up to the playing moment: the last few lines, as the room showed them then. */
export function ReplayChat({ moments, time }: { moments: ReplayMoment[]; time: number }) {
  const { t } = useTranslation();
  const shown = moments.filter((m) => m.t <= time).slice(-6);
  return (
    <div className="rp-chat" data-testid="replay-chat">
      {shown.map((m, i) => (
        <div key={`${m.t}-${i}`} className={m.kind === 'gift' ? 'rp-line rp-line--gift' : 'rp-line'} data-testid="replay-line">
          <span className="rp-line__name">{m.nickname}</span>
          {m.kind === 'gift' ? t('room.giftLine', { gift: m.text, count: m.count }) : m.text}
        </div>
      ))}
    </div>
  );
}

/** The progress bar with a mark per gift; tapping a mark plays from just before it. */
export function ReplayTimeline({ moments, time, duration, onSeek }: { moments: ReplayMoment[]; time: number; duration: number; onSeek: (t: number) => void }) {
  const { t } = useTranslation();
  const at = (s: number) => `${Math.min(100, (s / Math.max(duration, 1)) * 100)}%`;
  return (
    <div className="rp-timeline" data-testid="replay-timeline">
      <i className="rp-timeline__done" style={{ width: at(time) }} />
      {moments
        .filter((m) => m.kind === 'gift')
        .map((m, i) => (
          <button
            key={`${m.t}-${i}`}
            type="button"
            className="rp-timeline__gift"
            style={{ left: at(m.t) }}
            aria-label={t('room.giftLine', { gift: m.text, count: m.count })}
            onClick={(e) => {
              e.stopPropagation();
              onSeek(Math.max(0, m.t - 3));
            }}
          />
        ))}
    </div>
  );
}
