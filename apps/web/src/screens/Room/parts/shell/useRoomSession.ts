import { useEffect } from 'react';
import { roomChannel, joinRoomChannel } from '../../../../state/realtime/room';
import { useRoomChannel } from '../../../../state/realtime/useRoomChannel';
import { useSeedRoomInfo } from '../../../../state/queries/room';

/**
 * Joins the room channel while the room page is open (unless the join page joined it already) and
 * leaves when the page goes. The channel lingers a little after leaving, so coming back is instant.
 */
export function useRoomSession(id: number) {
  const snap = useRoomChannel();
  const seed = useSeedRoomInfo();

  useEffect(() => {
    if (!id) return;
    const s = roomChannel.getSnapshot();
    // The live list or the join page may have started joining already (it overlaps the page load).
    const already = roomChannel.targetRoom === id && (s.status === 'joined' || s.status === 'connecting' || s.status === 'reconnecting');
    if (!already) void joinRoomChannel(id);
    return () => roomChannel.leave();
  }, [id]);

  const room = snap.state.room?.id === id ? snap.state.room : null;
  useEffect(() => {
    if (room) seed(room);
    // Only the join answer replaces the cached room; later events change the channel's state.
  }, [room, seed]);

  return { snap, room };
}
