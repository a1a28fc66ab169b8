import type { RoomSeat, UserBrief } from '@app/contract';
import { useState } from 'react';
import { AnchorTools } from '../actions/AnchorTools';
import { ChatList } from '../chat/ChatList';
import { EnvelopeLayer } from '../envelope/EnvelopeLayer';
import { EnvelopeSendSheet } from '../envelope/EnvelopeSendSheet';
import { GiftSlot } from '../gifts/GiftSlot';
import { InputBar } from '../chat/InputBar';
import { MicQueueSheet } from '../seats/MicQueueSheet';
import { RoomActions } from '../actions/RoomActions';
import { useRoom } from '../shell/RoomContext';
import { useCloseButton } from '../shell/useCloseButton';
import { SeatGrid } from '../seats/SeatGrid';
import { SeatModeChip } from '../seats/SeatModeChip';
import { SeatSheet } from '../seats/SeatSheet';
import { StageOverlay } from './StageOverlay';
import { FanClubSheet } from '../sheets/FanClubSheet';
import { TopBar } from '../shell/TopBar';
import { UserSheet } from '../sheets/UserSheet';
import { VipEntrance } from '../chat/VipEntrance';
import { ViewerSheet } from '../sheets/ViewerSheet';

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
