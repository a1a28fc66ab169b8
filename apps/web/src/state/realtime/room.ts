import { loadContract } from '../../lib/contract';
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
