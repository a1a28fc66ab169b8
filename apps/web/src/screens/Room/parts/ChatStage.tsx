import type { RoomSeat, UserBrief } from '@app/contract';
import { useState } from 'react';
import { AnchorTools } from './AnchorTools';
import { ChatList } from './ChatList';
import { EnvelopeLayer } from './envelope/EnvelopeLayer';
import { EnvelopeSendSheet } from './envelope/EnvelopeSendSheet';
import { GiftSlot } from './GiftSlot';
import { InputBar } from './InputBar';
import { MicQueueSheet } from './MicQueueSheet';
import { RoomActions } from './RoomActions';
import { useRoom } from './RoomContext';
import { useCloseButton } from './useCloseButton';
import { SeatGrid } from './SeatGrid';
import { SeatModeChip } from './SeatModeChip';
import { SeatSheet } from './SeatSheet';
import { StageOverlay } from './StageOverlay';
import { FanClubSheet } from './FanClubSheet';
import { TopBar } from './TopBar';
import { UserSheet } from './UserSheet';
import { VipEntrance } from './VipEntrance';
import { ViewerSheet } from './ViewerSheet';

/** The video chat (party) room: the seat grid on top, the chat under it, the input bar at the bottom. */
export function ChatStage() {
  const { room, me, media } = useRoom();
  const [sheet, setSheet] = useState<'queue' | 'viewers' | 'fans' | 'envelope' | null>(null);
  const [target, setTarget] = useState<UserBrief | null>(null);
  const [seat, setSeat] = useState<RoomSeat | null>(null);
  const [gift, setGift] = useState(false);

  const { onClose } = useCloseButton();

  return (
    <div className="party" data-testid="chat-stage" data-role={me.owner ? 'anchor' : 'viewer'}>
      <TopBar onViewers={() => setSheet('viewers')} onClose={onClose} onFanClub={() => setSheet('fans')} />
      <div className="party__head">
        <span className="party__title">{room.title}</span>
        <SeatModeChip />
      </div>
      <SeatGrid onSeatMenu={setSeat} onUser={setTarget} />
      <div className="party__overlay">
        <StageOverlay ready />
      </div>
      {media.broadcast && (
        <div className="party__tools">
          <AnchorTools />
        </div>
      )}
      <EnvelopeLayer />
      <VipEntrance />
      <div className="party__chat">
        <ChatList onUser={setTarget} />
      </div>
      <InputBar>
        <RoomActions onQueue={() => setSheet('queue')} onGift={() => setGift(true)} onEnvelope={() => setSheet('envelope')} />
      </InputBar>
      <MicQueueSheet open={sheet === 'queue'} onClose={() => setSheet(null)} />
      <FanClubSheet open={sheet === 'fans'} onClose={() => setSheet(null)} />
      <EnvelopeSendSheet open={sheet === 'envelope'} roomId={room.id} onClose={() => setSheet(null)} />
      <ViewerSheet
        open={sheet === 'viewers'}
        onClose={() => setSheet(null)}
        onUser={(u) => {
          setSheet(null);
          setTarget(u);
        }}
      />
      <SeatSheet seat={seat} onClose={() => setSeat(null)} onUser={setTarget} />
      <UserSheet user={target} onClose={() => setTarget(null)} />
      <GiftSlot open={gift} onClose={() => setGift(false)} toUserId={room.anchor.id} />
    </div>
  );
}
