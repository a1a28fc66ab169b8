import { PATHS } from '../lib/paths';

/**
 * Pages that open without login: exactly the seed §2 list (update page, root, index index,
 * login index, forget, register, room index, newroom index, rank index, live index, index video,
 * index uploadVd, forum index, forum details, index notice, game index), with the aliases of root and newroom.
 */
export const WHITELIST: ReadonlySet<string> = new Set<string>([
  PATHS.update,
  PATHS.launch,
  PATHS.launchAlias,
  PATHS.home,
  PATHS.login,
  PATHS.forget,
  PATHS.register,
  PATHS.room,
  PATHS.newroom,
  PATHS.newroomAlias,
  PATHS.rank,
  PATHS.live,
  PATHS.video,
  PATHS.uploadVd,
  PATHS.forum,
  PATHS.forumDetails,
  PATHS.notice,
  PATHS.game,
]);

/** '/pages/x/?a=1' → '/pages/x' (query and trailing slash do not change which page it is). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare || '/';
}

export const isWhitelisted = (path: string): boolean => WHITELIST.has(normalizePath(path));

const KNOWN_EXACT: ReadonlySet<string> = new Set(Object.values(PATHS).filter((p) => !p.includes(':')));

/** Whether a route of the app answers this path (else the not-found page does). */
export function isKnownPath(path: string): boolean {
  const p = normalizePath(path);
  return KNOWN_EXACT.has(p) || /^\/admin\/[^/]+$/.test(p);
}

/**
 * The login guard: a page outside the whitelist needs a session token (seed §4). A guest session
 * (made for watching rooms, or by "browse first" on the login page) is not a member: its protected
 * pages would only fail with 11000405, so the guest is asked to log in first, keeping the guest
 * token for the whitelisted pages.
 */
export function decideAccess(path: string, hasToken: boolean, isGuest = false): 'open' | 'login' {
  // An unknown path shows the not-found page (with its way home) to everyone, logged in or not.
  return (hasToken && !isGuest) || isWhitelisted(path) || !isKnownPath(path) ? 'open' : 'login';
}
