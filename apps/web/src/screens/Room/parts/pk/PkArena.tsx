import type { PkBattle } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pkCalls } from '../../../../state/queries/pk';
import { useRoom } from '../shell/RoomContext';
import { SeatVideo } from '../stage/SeatVideo';
import { PkScoreBar } from './PkScoreBar';
import { useServerNow } from './usePkBattle';

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** This room's anchor without sound (the full-screen player already plays it). */
function MutedVideo({ stream, mirrored }: { stream: MediaStream | null; mirrored: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v || v.srcObject === stream) return;
    v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className={`seat-video ${mirrored ? 'seat-video--mirror' : ''}`} data-seat="pk-mine" playsInline autoPlay muted />;
}

/**
 * The battle on stage: both anchors side by side (this room's on the left), the score bar with each
 * side's top three, the time left (the last 10 s counted down large), the result and the punishment
 * period, and the anchors' end button.
 */
export function PkArena({ battle, offset, opponent }: { battle: PkBattle; offset: number; opponent: MediaStream | null }) {
  const { t } = useTranslation();
  const { room, me, media } = useRoom();
  const mineIsA = battle.a.room_id === room.id;
  const mine = mineIsA ? battle.a : battle.b;
  const theirs = mineIsA ? battle.b : battle.a;
  const now = useServerNow(offset, battle.status !== 'ended');
  const own = me.owner && !room.settings.pc;
  const myStream = own ? (media.broadcast?.preview ?? null) : (media.play?.streams.get('anchor') ?? null);

  const left = battle.status === 'battle' ? Date.parse(battle.ends_at!) - now : battle.status === 'punish' ? Date.parse(battle.punish_ends_at!) - now : 0;
  const countdown = battle.status === 'battle' && left <= 10_000 && left > 0 ? Math.ceil(left / 1000) : null;
  const mySide = mineIsA ? 'a' : 'b';
  const result = battle.winner === null ? null : battle.winner === 'draw' ? 'draw' : battle.winner === mySide ? 'win' : 'lose';
  const endedNote =
    battle.end_reason === 'forfeit' || battle.end_reason === 'stream_lost' || battle.end_reason === 'room_closed'
      ? t(`pk.${battle.end_reason === 'forfeit' ? 'forfeit' : battle.end_reason === 'stream_lost' ? 'streamLost' : 'roomClosed'}`, {
          name: (battle.ended_by === battle.a.anchor.id ? battle.a : battle.b).anchor.nickname,
        })
      : null;

  const onEnd = async () => {
    const inBattle = battle.status === 'battle';
    const ok = await Dialog.confirm({
      content: t(inBattle ? 'pk.endConfirm' : 'pk.endLinkConfirm'),
      confirmText: t(inBattle ? 'pk.end' : 'pk.endLink'),
      cancelText: t('common.cancel'),
    });
    if (ok) await pkCalls.end(battle.id).catch(() => undefined);
  };

  return (
    <div className="pk-arena" data-testid="pk-arena" data-status={battle.status} data-battle-id={battle.id}>
      <div className="pk-arena__videos">
        <div className="pk-arena__half pk-arena__half--mine">
          <MutedVideo stream={myStream} mirrored={own && !!media.broadcast?.frontCamera} />
          <span className="pk-arena__name">{mine.anchor.nickname}</span>
          {result && (
            <span className={`pk-result pk-result--${result}`} data-testid="pk-result" data-result={result}>
              {t(`pk.${result}`)}
            </span>
          )}
        </div>
        <div className="pk-arena__half pk-arena__half--theirs">
          {battle.status !== 'ended' && <SeatVideo stream={opponent} seat="pk-opponent" />}
          <span className="pk-arena__name">{theirs.anchor.nickname}</span>
          {result && result !== 'draw' && (
            <span className={`pk-result pk-result--${result === 'win' ? 'lose' : 'win'}`}>{t(`pk.${result === 'win' ? 'lose' : 'win'}`)}</span>
          )}
        </div>
        {countdown === null && <div className="pk-arena__vs">VS</div>}
        {countdown !== null && (
          <div className="pk-countdown" data-testid="pk-countdown" key={countdown}>
            {countdown}
          </div>
        )}
      </div>
      <div className="pk-arena__clock" data-testid="pk-clock">
        {battle.status === 'battle' && `PK ${mmss(left)}`}
        {battle.status === 'punish' && (
          <span data-testid="pk-punish">
            {t('pk.punish')} {mmss(left)}
          </span>
        )}
        {battle.status === 'ended' && (endedNote ?? t('pk.ended'))}
      </div>
      <PkScoreBar mine={mine} theirs={theirs} />
      {me.owner && battle.status !== 'ended' && (
        <button type="button" className="pk-arena__end" data-testid="pk-end" onClick={() => void onEnd()}>
          {t(battle.status === 'battle' ? 'pk.end' : 'pk.endLink')}
        </button>
      )}
    </div>
  );
}
