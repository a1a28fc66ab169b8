export { useSession, getSession, hasToken, SESSION_STORAGE_KEY, type SessionState } from './store';
export { REMEMBERED_KEYS, type Remembered, type Ephemeral, type RoomSettings } from './schema';
