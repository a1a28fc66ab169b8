import type { CSSProperties } from 'react';
import { GuardedImage } from '../../../../components/GuardedImage';
import { LivePreview } from '../../../../components/LivePreview';
import { UserAvatar } from '../../../../components/UserAvatar';
import type { FeedRoom } from '../../../../state/roomFeed';

/**
 * A neighbouring room as a swipe shows it: its cover, its muted live picture (started ahead for the
 * next room, so it is there the moment the swipe lands), the anchor and the title.
 */
export function RoomPeek({ room, place, playing, style }: { room: FeedRoom; place: 'prev' | 'next' | 'handoff'; playing: boolean; style?: CSSProperties }) {
  const cover = room.cover || room.anchor.avatar;
  return (
    <div className={`room-peek room-peek--${place}`} style={style} data-testid={`room-peek-${place}`} data-room-id={room.id} aria-hidden>
      {cover && <GuardedImage className="room-peek__cover" src={cover} alt="" />}
      <LivePreview roomId={room.id} active={playing} eager />
      <div className="room-peek__who">
        <UserAvatar src={room.anchor.avatar} size={34} />
        <span>
          <b>{room.anchor.nickname}</b>
          <small>{room.title}</small>
        </span>
      </div>
    </div>
  );
}
