export { useSession, getSession } from './store';
export type { RoomSettings } from './schema';
