import { useEffect, useRef, useState } from 'react';
import { formatClock, formatDateCN } from '@app/kit';
import { LeftOutline, PlayOutline, SoundMuteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GuardedImage } from '../../components/GuardedImage';
import { UserAvatar } from '../../components/UserAvatar';
import { useGoBack } from '../../components/useGoBack';
import { goLogin } from '../../lib/nav';
import { useReplayInfo } from '../../state/queries/replay';
import { DanmakuIcon } from '../../components/danmaku/DanmakuIcon';
import { DanmakuSheet } from '../../components/danmaku/DanmakuSheet';
import { useSession } from '../../state/session';
import { useDanmakuSettings } from '../../state/session/useDanmakuSettings';
import type { ClipSpan } from './replay/clipWindow';
import { ReplayClipSheet } from './replay/ReplayClipSheet';
import { ReplayDanmaku } from './replay/ReplayDanmaku';
import { ReplayChat, ReplayTimeline } from './replay/ReplayMoments';
import { useHlsPlayer } from './video/useHlsPlayer';
import './video/video.css';
import './replay/replay.css';

/**
 * 直播回放 (/pages/index/replay?id=&t=): a live's recording in the vertical player from `t` seconds
 * (a clip's link back), with the live's chat and gifts coming up as they happened, a mark per gift
 * on the timeline, and ✂ to clip up to a minute of it.
 */
export default function ReplayPlayer() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const from = Number(params.get('t') ?? '');
  // Another replay, or another moment of it (a clip's link): a fresh player.
  return <Player key={`${id}@${from}`} id={id} from={Number.isFinite(from) && from > 0 ? from : undefined} />;
}

function Player({ id, from }: { id: number; from: number | undefined }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const guest = useSession((s) => s.isGuest || !s.token);
  const info = useReplayInfo(id);
  const r = info.data;
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);
  const [failed, setFailed] = useState(false);
  const [time, setTime] = useState(0);
  const [sheet, setSheet] = useState(false);
  // ✂: the playhead when tapped, and the window the player loops while the sheet is open.
  const [clipAt, setClipAt] = useState<number | null>(null);
  const [loop, setLoop] = useState<ClipSpan | null>(null);
  const [danmaku] = useDanmakuSettings();

  useHlsPlayer(ref, r ? r.play_url : null, 'full', () => setFailed(true), from);

  useEffect(() => {
    if (loop && ref.current) ref.current.currentTime = loop.start;
  }, [loop?.start]); // eslint-disable-line react-hooks/exhaustive-deps -- a moved start replays the window; a moved end does not

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
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            if (loop && (v.currentTime >= loop.end || v.currentTime < loop.start - 1)) v.currentTime = loop.start;
            setTime(v.currentTime);
          }}
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
            <button
              type="button"
              className={r.allow_clips ? 'rp-clip' : 'rp-clip rp-clip--off'}
              data-testid="replay-clip-button"
              aria-label={t('clip.replayTitle')}
              onClick={(e) => {
                e.stopPropagation();
                if (guest) return goLogin();
                setClipAt(ref.current?.currentTime ?? time);
              }}
            >
              <span className="rp-clip__glyph">✂</span>
              <span className="rp-clip__label">{t('clip.badge')}</span>
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
      {r && <ReplayClipSheet replay={r} open={clipAt !== null} at={clipAt ?? 0} onClose={() => setClipAt(null)} onWindow={setLoop} />}
    </div>
  );
}
