import type { RoomChat } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RoomEmitter } from '../../emitters/roomEmitter.js';
import type { ReplayService } from './replay.service.js';

/**
 * The room emitter the room channel's rules use, which also keeps each chat line for the replay's
 * timeline (written after the line is sent: chat never waits on it). Everything else passes through.
 */
export function recordingMoments(rooms: RoomEmitter, replays: ReplayService, log: FastifyBaseLogger): RoomEmitter {
  const toRoom: RoomEmitter['toRoom'] = (roomId, event, payload) => {
    rooms.toRoom(roomId, event, payload);
    if (event === 'chat') void replays.noteChat(payload as RoomChat).catch((err: unknown) => log.warn({ err }, 'chat moment not kept'));
  };
  return new Proxy(rooms, {
    get(target, prop) {
      if (prop === 'toRoom') return toRoom;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
