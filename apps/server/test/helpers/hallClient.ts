import { io, type Socket } from 'socket.io-client';
import { HALL_NAMESPACE, HALL_PATH, type HallClientEvents, type HallServerEvents } from '@app/contract';

export type HallSocket = Socket<HallServerEvents, HallClientEvents>;

/** Connects a hall socket like the web client (websocket only, no automatic reconnection). */
export function connectHall(baseUrl: string, auth: { uuid: string; token: string }): HallSocket {
  return io(`${baseUrl}${HALL_NAMESPACE}`, { path: HALL_PATH, transports: ['websocket'], auth, reconnection: false, forceNew: true });
}

/** Resolves on connect, rejects with the connect_error. */
export function connected(socket: HallSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The next payload of an event (fails after a timeout). */
export function next<E extends keyof HallServerEvents>(socket: HallSocket, event: E, ms = 5000): Promise<Parameters<HallServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: Parameters<HallServerEvents[E]>[0]) => {
      clearTimeout(t);
      resolve(payload);
    }) as never);
  });
}
