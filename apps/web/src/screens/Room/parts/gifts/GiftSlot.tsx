import { lazy, Suspense, useEffect, useState } from 'react';
import { patientImport } from '../../../../lib/patientImport';
import { roomChannel } from '../../../../state/realtime/room';
import { useRoom } from '../shell/RoomContext';

// The gift code (panel, animations, assets) loads only in a room, and the panel only once opened.
// A load that fails (the server restarting) is tried again: the room stays up meanwhile.
const GiftPanel = lazy(patientImport(() => import('./GiftPanel')));
const GiftAnimation = lazy(patientImport(() => import('./GiftAnimation')));
const ANIMATION_DELAY_MS = 3000;

/** The wallet work's gift panel and animation overlay, mounted in the room. */
export function GiftSlot({ open, onClose, toUserId }: { open: boolean; onClose: () => void; toUserId: number }) {
  const { room, state } = useRoom();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  // The animation layer (and the gift files it preloads) waits until the video had its chance to
  // start, unless a gift comes first; gifts already in the room at that point are history.
  const [idle, setIdle] = useState(false);
  const [byGift] = useState(() => state.gifts.length === 0);
  useEffect(() => {
    const timer = setTimeout(() => setIdle(true), ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const mountAnimation = idle || state.gifts.length > 0;
  return (
    <Suspense fallback={null}>
      {mountAnimation && <GiftAnimation gifts={state.gifts} skipInitial={idle || !byGift} />}
      {used && <GiftPanel open={open} onClose={onClose} roomId={room.id} toUserId={toUserId} onSent={(r) => roomChannel.noteGift(r)} />}
    </Suspense>
  );
}
