import { Badge } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { goLogin } from '../../../lib/nav';
import { canModerate } from '../../../state/realtime/roomState';
import { DanmakuButton } from './danmaku/DanmakuButton';
import { QueueIcon, ShareIcon } from './icons';
import { MicButton } from './MicButton';
import { useRoom } from './RoomContext';
import { shareRoom } from './share';

/** The round buttons after the chat input: mic (viewers), queue (owner/admins), danmaku, clip (live rooms), share, lucky bag (the live room's anchor), red envelope, gift. */
export function RoomActions({
  onQueue,
  onGift,
  onEnvelope,
  onLuckyBag,
  onClip,
}: {
  onQueue: () => void;
  onGift: () => void;
  onEnvelope: () => void;
  /** Only where the anchor can put up a lucky bag (the live stage). */
  onLuckyBag?: () => void;
  /** Only where the live can be clipped (the live stage). */
  onClip?: () => void;
}) {
  const { t } = useTranslation();
  const { room, state, me } = useRoom();
  const clipsOff = !(state.settings ?? room.settings).allow_clips;
  return (
    <>
      <MicButton />
      {canModerate(state.myAuth) && (
        <Badge content={state.queue.length > 0 ? state.queue.length : null} style={{ '--right': '4px', '--top': '4px' }}>
          <button type="button" className="room-action" data-testid="queue-button" aria-label={t('room.queue')} onClick={onQueue}>
            <QueueIcon />
          </button>
        </Badge>
      )}
      {room.kind === 'live' && <DanmakuButton />}
      {onClip && (
        <button
          type="button"
          className={`room-action room-action--clip ${clipsOff && !me.owner ? 'room-action--off' : ''}`}
          data-testid="clip-button"
          aria-label={t('clip.title')}
          onClick={me.guest ? goLogin : onClip}
        >
          ✂
        </button>
      )}
      <button type="button" className="room-action" aria-label={t('room.share')} onClick={() => void shareRoom(room)}>
        <ShareIcon />
      </button>
      {me.owner && onLuckyBag && (
        <button
          type="button"
          className="room-action room-action--luckybag"
          data-testid="luckybag-button"
          aria-label={t('luckyBag.createTitle')}
          onClick={onLuckyBag}
        >
          {t('luckyBag.glyph')}
        </button>
      )}
      <button
        type="button"
        className="room-action room-action--envelope"
        data-testid="envelope-button"
        aria-label={t('envelope.sendTitle')}
        onClick={me.guest ? goLogin : onEnvelope}
      >
        {t('envelope.buttonGlyph')}
      </button>
      {!me.owner && (
        <button type="button" className="room-action room-action--gift" data-testid="gift-button" aria-label={t('room.gift')} onClick={onGift}>
          <GiftOutline />
        </button>
      )}
    </>
  );
}
