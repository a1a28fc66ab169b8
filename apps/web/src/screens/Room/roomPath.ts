import { PATHS } from '../../app/paths';

/** Where a room opens: video chat rooms on the newroom page, live rooms on the room page. */
export const roomPath = (room: { id: number; kind: 'live' | 'chat' }): string =>
  `${room.kind === 'chat' ? PATHS.newroom : PATHS.room}?id=${room.id}`;
