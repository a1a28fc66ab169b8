import { Badge } from 'antd-mobile';
import { GiftOutline, MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canModerate } from '../../../../state/realtime/roomState';
import { QueueIcon } from './icons';
import { MicButton } from '../seats/MicButton';
import { useRoom } from '../shell/RoomContext';
import { RoomMoreSheet } from '../sheets/RoomMoreSheet';

/**
 * The round buttons after the chat input, kept to what is used all the time so the input keeps its
 * width at 375 px: mic (viewers), queue (owner/admins), lucky bag (the live room's anchor), ⋯ (the
 * rest: danmaku settings, clip, share, red envelope) and the gift, last and loudest.
 */
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
  const { state, me } = useRoom();
  const [more, setMore] = useState(false);
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
      <button type="button" className="room-action" data-testid="more-button" aria-label={t('room.more')} aria-haspopup="dialog" onClick={() => setMore(true)}>
        <MoreOutline />
      </button>
      {!me.owner && (
        <button type="button" className="room-action room-action--gift" data-testid="gift-button" aria-label={t('room.gift')} onClick={onGift}>
          <GiftOutline />
        </button>
      )}
      <RoomMoreSheet open={more} onClose={() => setMore(false)} onEnvelope={onEnvelope} onClip={onClip} />
    </>
  );
}
