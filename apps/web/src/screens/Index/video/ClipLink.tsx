import type { ClipSource } from '@app/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS, roomPath } from '../../../lib/paths';

/** A clip's credit in the player: ✂ the anchor whose live it is from, and the way back — the live while it is on, else its replay at the clip's start. */
export function ClipLink({ clip }: { clip: ClipSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = clip.live
    ? roomPath({ id: clip.room_id, kind: 'live' })
    : clip.replay_id !== null
      ? `${PATHS.replay}?id=${clip.replay_id}&t=${Math.floor(clip.start_s)}`
      : null;
  return (
    <button
      type="button"
      className="vd-clip"
      data-testid="video-clip-link"
      data-live={clip.live}
      disabled={!to}
      onClick={(e) => {
        e.stopPropagation();
        if (to) navigate(to);
      }}
    >
      <span className="vd-clip__tag">✂ {t('clip.badge')}</span>
      <span className="vd-clip__from">{t('clip.from', { name: clip.anchor.nickname })}</span>
      {to && (
        <span className="vd-clip__go">
          {clip.live ? <i className="vd-clip__dot" /> : null}
          {clip.live ? t('clip.toLive') : t('clip.toReplay')}
          <RightOutline />
        </span>
      )}
    </button>
  );
}
