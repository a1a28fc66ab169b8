import { useRef, useState } from 'react';
import { formatClock, formatDateCN } from '@app/kit';
import { LeftOutline, PlayOutline, SoundMuteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GuardedImage } from '../../components/GuardedImage';
import { UserAvatar } from '../../components/UserAvatar';
import { useGoBack } from '../../components/useGoBack';
import { useReplayInfo } from '../../state/queries/replay';
import { DanmakuIcon } from '../../components/danmaku/DanmakuIcon';
import { DanmakuSheet } from '../../components/danmaku/DanmakuSheet';
import { useDanmakuSettings } from '../../state/session/useDanmakuSettings';
import { ReplayDanmaku } from './replay/ReplayDanmaku';
import { ReplayChat, ReplayTimeline } from './replay/ReplayMoments';
import { useHlsPlayer } from './video/useHlsPlayer';
import './video/video.css';
import './replay/replay.css';

/**
 * 直播回放 (/pages/index/replay?id=): a live's recording in the vertical player, with the live's
 * chat and gifts coming up as they happened and a mark per gift on the timeline.
 */
export default function ReplayPlayer() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const info = useReplayInfo(id);
  const r = info.data;
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);
  const [failed, setFailed] = useState(false);
  const [time, setTime] = useState(0);
  const [sheet, setSheet] = useState(false);
  const [danmaku] = useDanmakuSettings();

  useHlsPlayer(ref, r ? r.play_url : null, 'full', () => setFailed(true));

  const onTap = () => {
    const el = ref.current;
    if (!el) return;
    if (muted) {
      setMuted(false);
      void el.play().catch(() => undefined);
    } else if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };
  const seek = (s: number) => {
    if (ref.current) ref.current.currentTime = s;
  };

  return (
    <div className="vd-page" data-testid="replay-page">
      <button type="button" className="vd-back" aria-label={t('common.back')} onClick={goBack}>
        <LeftOutline />
      </button>
      <section className="vd-slide vd-slide--portrait" data-testid="replay-slide" onClick={onTap}>
        {r?.cover && <GuardedImage className="vd-slide__poster" src={r.cover} alt="" />}
        <video
          ref={ref}
          className="vd-slide__video"
          data-testid="replay-video"
          playsInline
          autoPlay
          muted={muted}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onPlay={() => setPaused(false)}
          onPause={() => setPaused(true)}
        />
        <div className="vd-slide__shade" />
        {info.isError && (
          <div className="vd-gone" data-testid="replay-gone">
            {t('replay.gone')}
          </div>
        )}
        {r && muted && (
          <div className="vd-unmute">
            <SoundMuteOutline /> {t('video.tapUnmute')}
          </div>
        )}
        {r && paused && !muted && (
          <span className="vd-slide__paused" aria-label={t('video.play')}>
            <PlayOutline />
          </span>
        )}
        {failed && <div className="vd-unmute vd-unmute--error">{t('video.playFailed')}</div>}
        {r && (
          <>
            <ReplayDanmaku id={r.id} time={time} playing={!paused} />
            <button
              type="button"
              className="room-action rp-danmaku"
              data-testid="replay-danmaku-button"
              aria-label={t('danmaku.settings')}
              onClick={(e) => {
                e.stopPropagation();
                setSheet(true);
              }}
            >
              <DanmakuIcon off={danmaku.mode === 'off'} />
            </button>
            <ReplayChat moments={r.moments} time={time} />
            <div className="vd-meta rp-meta">
              <div className="rp-meta__anchor">
                <UserAvatar src={r.anchor.avatar} size={34} />
                <div>
                  <div className="vd-meta__name">@{r.anchor.nickname}</div>
                  <div className="rp-meta__when">{t('replay.liveAt', { time: formatDateCN(r.started_at, 'YYYY-MM-DD HH:mm') })}</div>
                </div>
              </div>
              <div className="vd-meta__title">{r.title}</div>
              <div className="vd-meta__chips">
                <span className="vd-chip rp-chip">{t('replay.badge')}</span>
                <span className="vd-chip">
                  {formatClock(time)} / {formatClock(r.duration)}
                </span>
                {r.private && <span className="vd-chip">{t('replay.private')}</span>}
              </div>
            </div>
            <ReplayTimeline moments={r.moments} time={time} duration={r.duration} onSeek={seek} />
          </>
        )}
      </section>
      <DanmakuSheet open={sheet} onClose={() => setSheet(false)} />
    </div>
  );
}
