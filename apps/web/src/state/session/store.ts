import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import type { Session, UserInfo } from '@app/contract';
import { setSessionLink } from '../../lib/sessionLink';
import { defaultEphemeral, defaultRemembered, readRemembered, REMEMBERED_KEYS, type Ephemeral, type Remembered } from './schema';

export const SESSION_STORAGE_KEY = 'liveapp.session';
const VERSION = 1;

export interface SessionActions {
  /** Stores a fresh login (token + user); the account is remembered only with remember-me. */
  signIn: (session: Session, opts?: { account?: string; rememberMe?: boolean }) => void;
  setUserInfo: (user: UserInfo) => void;
  /** Token-invalidating error or logout: token and user info go, preferences stay. */
  clearSession: () => void;
  patch: (partial: Partial<Remembered & Ephemeral>) => void;
}

export type SessionState = Remembered & Ephemeral & SessionActions;

/** localStorage through JSON with every failure (quota, garbage, private mode) treated as "nothing stored". */
const safeStorage: PersistStorage<Partial<Remembered>> = {
  getItem: (name) => {
    try {
      const raw = globalThis.localStorage?.getItem(name);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && 'state' in parsed) return parsed as StorageValue<Partial<Remembered>>;
      return null;
    } catch {
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      globalThis.localStorage?.setItem(name, JSON.stringify(value));
    } catch {
      /* storage full or blocked: the session still works in memory */
    }
  },
  removeItem: (name) => {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      /* ignore */
    }
  },
};

const pickRemembered = (s: SessionState): Partial<Remembered> => Object.fromEntries(REMEMBERED_KEYS.map((k) => [k, s[k]])) as Partial<Remembered>;

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...defaultRemembered(),
      ...defaultEphemeral(),
      signIn: (session, opts = {}) =>
        set((s) => {
          const rememberMe = opts.rememberMe ?? s.rememberMe;
          return {
            token: session.token,
            userInfo: session.user,
            isGuest: session.user.is_guest,
            rememberMe,
            account: rememberMe ? (opts.account ?? s.account) : '',
          };
        }),
      setUserInfo: (user) => set({ userInfo: user, isGuest: user.is_guest }),
      clearSession: () => set({ token: '', userInfo: null, isGuest: false, unreadCount: 0, chatUserInfo: null }),
      patch: (partial) => set(partial),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: VERSION,
      storage: safeStorage,
      partialize: pickRemembered,
      // Older versions are read through the same schema: unknown or broken fields fall back to defaults.
      migrate: (persisted) => persisted as Partial<Remembered>,
      merge: (persisted, current) => {
        const remembered = readRemembered(persisted);
        return { ...current, ...remembered, isGuest: remembered.userInfo?.is_guest ?? false };
      },
    },
  ),
);

/** Reads the session outside React (api client, hall client, guard). */
export const getSession = (): SessionState => useSession.getState();
/** True when a session token is held (seed §4: logged-in). */
export const hasToken = (): boolean => getSession().token !== '';

// The API clients read the token through this link and report a session error through it (lib/ never imports state/).
setSessionLink({
  read: () => {
    const { token, referer } = getSession();
    return { token, referer };
  },
  lost: () => getSession().clearSession(),
});
