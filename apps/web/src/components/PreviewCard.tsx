import type { LivePreview } from '@app/contract';
import { formatDateCN } from '@app/kit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { showToast } from '../lib/toast';
import { usePreviewRemind } from '../state/queries/preview';
import { UserAvatar } from './UserAvatar';
import './previewCard.css';

const DAY_MS = 86_400_000;

/** When a preview starts, in China time: 今天 20:00, 明天 20:00, or 12-05 20:00. */
export function previewWhen(iso: string, t: TFunction, now = Date.now()): string {
  const time = formatDateCN(iso, 'HH:mm');
  const day = formatDateCN(iso, 'YYYY-MM-DD');
  if (day === formatDateCN(now, 'YYYY-MM-DD')) return t('preview.today', { time });
  if (day === formatDateCN(now + DAY_MS, 'YYYY-MM-DD')) return t('preview.tomorrow', { time });
  return t('preview.later', { date: day.slice(5), time });
}

/**
 * One live preview: its time, title and (in 关注) the anchor; 提醒我 / 已预约 for a viewer, the count
 * for its anchor, 进入 once the anchor went live for it.
 */
export function PreviewCard({ preview: p, withAnchor = false, onLeave }: { preview: LivePreview; withAnchor?: boolean; onLeave?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remind = usePreviewRemind();
  const toggle = () =>
    remind.mutate(
      { preview_id: p.id, on: !p.reminded },
      { onSuccess: (r) => showToast(t(r.reminded ? 'preview.remindOn' : 'preview.remindOff'), r.reminded ? 'success' : undefined) },
    );

  let action;
  if (p.status === 'done' && p.room_id !== null) {
    const roomId = p.room_id;
    action = (
      <button
        type="button"
        className="preview-card__btn preview-card__btn--live"
        onClick={() => {
          onLeave?.();
          navigate(`${PATHS.room}?id=${roomId}`);
        }}
      >
        {t('preview.enter')}
      </button>
    );
  } else if (p.status !== 'scheduled') action = <span className="preview-card__over">{t('preview.expired')}</span>;
  else if (p.reminders !== null) action = <span className="preview-card__count">{t('preview.reminders', { count: p.reminders })}</span>;
  else
    action = (
      <button
        type="button"
        className={`preview-card__btn${p.reminded ? ' preview-card__btn--on' : ''}`}
        aria-pressed={p.reminded}
        data-testid={`preview-remind-${p.id}`}
        disabled={remind.isPending}
        onClick={toggle}
      >
        {t(p.reminded ? 'preview.reminded' : 'preview.remind')}
      </button>
    );

  return (
    <div className={`preview-card${withAnchor ? ' preview-card--anchor' : ''}`} data-testid={`preview-${p.id}`} data-status={p.status}>
      <div className="preview-card__when">
        {p.status === 'done' ? <span className="preview-card__live">{t('preview.live')}</span> : previewWhen(p.starts_at, t)}
      </div>
      <div className="preview-card__title">{p.title}</div>
      <div className="preview-card__foot">
        {withAnchor && (
          <span className="preview-card__anchor">
            <UserAvatar src={p.anchor.avatar} size={22} />
            <span>{p.anchor.nickname}</span>
          </span>
        )}
        {action}
      </div>
    </div>
  );
}
