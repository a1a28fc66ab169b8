import { loadContract } from '../../lib/contract';
import { ensureViewerSession } from '../queries/room';
import { getSession } from '../session';
import { RoomClient } from './roomClient';

let authFailedMessage = 'ROOM_AUTH_FAILED';

/** The app's one room channel (a socket is in at most one room; joining another switches). */
export const roomChannel = new RoomClient({
  createSocket: async (auth) => {
    // socket.io-client and the contract load with the first room, never on the first screen.
    const [{ io }, c] = await Promise.all([import('socket.io-client'), loadContract()]);
    authFailedMessage = c.ROOM_AUTH_FAILED;
    return io(c.ROOM_NAMESPACE, {
      path: c.HALL_PATH,
      transports: ['websocket'],
      auth,
      reconnection: false, // RoomClient runs the §9 backoff and rejoins itself
      timeout: 10_000,
      forceNew: true,
    });
  },
  isAuthFailure: (err) => err instanceof Error && err.message === authFailedMessage,
});

/**
 * Joins a room as the current session (a guest session is made for a visitor without one).
 * A password given here is the one typed now; otherwise the one remembered for the room (§3).
 */
export async function joinRoomChannel(roomId: number, password?: string) {
  await ensureViewerSession();
  const s = getSession();
  const pw = password ?? s.roomPassword[String(roomId)];
  const r = await roomChannel.join(roomId, { uuid: s.userInfo?.uuid ?? '', token: s.token }, s.userInfo?.id ?? null, pw);
  // Remember a password that worked; forget one that no longer does (the owner changed it).
  if (pw && r.code === 200) s.patch({ roomPassword: { ...getSession().roomPassword, [String(roomId)]: pw } });
  if (pw && r.code === WRONG_PASSWORD) {
    const { [String(roomId)]: _gone, ...rest } = getSession().roomPassword;
    s.patch({ roomPassword: rest });
  }
  return r;
}

/** ErrorCode.ROOM_PASSWORD_WRONG / ROOM_PASSWORD_REQUIRED (by value: the contract loads lazily). */
export const WRONG_PASSWORD = 10505;
export const PASSWORD_REQUIRED = 10504;

/**
 * Resolves once the channel is in this room (joined), so work that needs the membership (media
 * credentials) can be started early and wait; rejects when the join ends any other way.
 */
export function waitJoined(roomId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const s = roomChannel.getSnapshot();
      if (s.status === 'joined' && s.state.room?.id === roomId) {
        resolve();
        return true;
      }
      if (roomChannel.targetRoom !== roomId || ['refused', 'kicked', 'closed', 'failed', 'left', 'idle'].includes(s.status)) {
        reject(new Error(`room ${roomId}: ${s.status}`));
        return true;
      }
      return false;
    };
    if (check()) return;
    const stop = roomChannel.subscribe(() => {
      if (check()) stop();
    });
  });
}
