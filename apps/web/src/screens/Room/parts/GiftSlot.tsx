import { lazy, Suspense, useState } from 'react';
import { roomChannel } from '../../../state/realtime/room';
import { useRoom } from './RoomContext';

// The gift code (panel, animations, assets) loads only in a room, and the panel only once opened.
const GiftPanel = lazy(() => import('./GiftPanel'));
const GiftAnimation = lazy(() => import('./GiftAnimation'));

/** The wallet work's gift panel and animation overlay, mounted in the room. */
export function GiftSlot({ open, onClose, toUserId }: { open: boolean; onClose: () => void; toUserId: number }) {
  const { room, state } = useRoom();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  return (
    <Suspense fallback={null}>
      <GiftAnimation gifts={state.gifts} />
      {used && <GiftPanel open={open} onClose={onClose} roomId={room.id} toUserId={toUserId} onSent={(r) => roomChannel.noteGift(r)} />}
    </Suspense>
  );
}
