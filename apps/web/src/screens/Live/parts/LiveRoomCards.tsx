import type { RoomBrief } from '@app/contract';
import { LivePreview } from '../../../components/LivePreview';
import { RoomCard } from '../../../components/RoomCard';
import { setRoomFeed } from '../../../state/roomFeed';

/**
 * A list's rooms in the grid: the first live one as a wide top card playing its muted live preview,
 * the rest two by two. Opening one remembers the list, so a swipe in the room walks it.
 */
export function LiveRoomCards({ rooms, testId }: { rooms: RoomBrief[]; testId: string }) {
  const lead = rooms.find((r) => r.live && r.kind === 'live' && !r.need_password) ?? null;
  const ordered = lead ? [lead, ...rooms.filter((r) => r !== lead)] : rooms;
  const open = () => setRoomFeed(ordered);
  return (
    <div className="room-grid" data-testid={testId}>
      {ordered.map((r) =>
        r === lead ? (
          <RoomCard key={r.id} room={r} onOpen={open} className="room-card--lead" media={<LivePreview roomId={r.id} />} />
        ) : (
          <RoomCard key={r.id} room={r} onOpen={open} />
        ),
      )}
    </div>
  );
}
