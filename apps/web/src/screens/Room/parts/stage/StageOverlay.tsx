import { Button, SpinLoading } from 'antd-mobile';
import { SoundMuteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { useRoom } from '../shell/RoomContext';
import { WarningBanner } from './WarningBanner';

/** "Closes in m:ss" for the anchor-left notice, ticking each second. */
function useCountdown(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const s = Math.max(0, Math.round((Date.parse(until) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What covers the main video for a viewer: the anchor stepped away (with the auto-close
 * countdown), video connecting, video lost with a retry, and the tap-for-sound chip.
 */
export function StageOverlay({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const { room, state, media, sound, setSound, me } = useRoom();
  const countdown = useCountdown(state.anchorPresent ? null : state.closeAt);
  const play = media.play;
  const watching = !me.owner || room.settings.pc;

  let cover = null;
  if (!state.anchorPresent) {
    cover = (
      <div className="stage-cover" data-testid="anchor-left">
        <UserAvatar src={room.anchor.avatar} size={64} />
        <div className="stage-cover__title">{t('room.anchorLeft')}</div>
        {countdown && <div className="stage-cover__desc">{t('room.anchorLeftClose', { time: countdown })}</div>}
      </div>
    );
  } else if (watching && !(state.settings ?? room.settings).camera && !room.settings.pc) {
    // The anchor switched the camera off: their (black) video would look like a fault.
    cover = (
      <div className="stage-cover stage-cover--soft" data-testid="camera-off">
        <UserAvatar src={room.anchor.avatar} size={64} />
        <div className="stage-cover__desc">{t('room.cameraOff')}</div>
      </div>
    );
  } else if (watching && play?.status === 'failed') {
    cover = (
      <div className="stage-cover" data-testid="video-failed">
        <div className="stage-cover__title">{t('room.networkLost')}</div>
        <div className="stage-cover__desc">{t('room.networkLostDesc')}</div>
        <Button shape="rounded" size="small" className="brand-button" onClick={() => media.player?.retry()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (watching && !ready) {
    cover = (
      <div className="stage-cover stage-cover--soft">
        <SpinLoading color="white" style={{ '--size': '26px' }} />
        <div className="stage-cover__desc">
          {play?.status === 'reconnecting'
            ? t('room.reconnecting')
            : me.owner && !state.live.anchor
              ? t('room.pcWaiting') // PC mode: nothing to show until OBS starts
              : t('room.videoConnecting')}
        </div>
      </div>
    );
  }

  return (
    <>
      {cover}
      {me.owner && state.warning && <WarningBanner text={state.warning.text} />}
      {!sound && (
        <button type="button" className="sound-chip" data-testid="tap-unmute" onClick={() => setSound(true)}>
          <SoundMuteOutline />
          {t('room.tapUnmute')}
        </button>
      )}
    </>
  );
}
