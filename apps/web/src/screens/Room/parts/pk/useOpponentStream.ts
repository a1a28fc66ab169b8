import { useEffect, useState } from 'react';
import { RoomPlayer } from '../../../../lib/media/player';
import { pkCalls } from '../../../../state/queries/pk';
import { useStore } from '../shell/useStore';

/**
 * The other room's anchor during a battle: a second WHEP session with that room's anchor seat only
 * (credentials from pk/media, which checks the link), on either media engine and whichever node
 * serves that room. Torn down when the link ends. Decision record 0168.
 */
export function useOpponentStream(roomId: number, battleId: number | null): MediaStream | null {
  const [player, setPlayer] = useState<RoomPlayer | null>(null);
  useEffect(() => {
    if (battleId === null) return;
    const p = new RoomPlayer({
      target: async () => {
        const c = await pkCalls.media(roomId);
        return { url: c.url, token: c.token, seats: c.seats };
      },
      seatsHint: ['anchor'],
    });
    setPlayer(p);
    p.start();
    return () => {
      p.stop();
      setPlayer(null);
    };
  }, [roomId, battleId]);
  const snap = useStore(player);
  return snap?.streams.get('anchor') ?? null;
}
