/**
 * Navigation for code outside React (API client, hall client). The router registers itself at start;
 * until then (and in unit tests) the hash is set directly.
 */
export const LOGIN_PATH = '/pages/login/index';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigate: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigate = fn;
}

/** The current in-app path with its query, read from the hash (`#/pages/x?y=1` → `/pages/x?y=1`). */
export function currentPath(): string {
  const hash = globalThis.location?.hash ?? '';
  return hash.startsWith('#') ? hash.slice(1) || '/' : '/';
}

/** Login URL that returns to `wanted` after a successful login (not for the launch or login pages). */
export function loginUrl(wanted: string = currentPath()): string {
  const keep = wanted && wanted !== '/' && !wanted.startsWith('/pages/login/') && !wanted.startsWith('/pages/index/launch');
  return keep ? `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}` : LOGIN_PATH;
}

let preloader: ((path: string) => void) | null = null;

/** The router registers how to fetch a route's screen code ahead of navigation. */
export function setPreloader(fn: ((path: string) => void) | null): void {
  preloader = fn;
}

/** Starts loading the screen of `path` (the query ignored), so its code overlaps the tap's navigation. */
export function preload(path: string): void {
  preloader?.(path.split('?')[0] ?? path);
}

export function go(to: string, opts: { replace?: boolean } = {}): void {
  if (navigate) navigate(to, opts);
  else if (globalThis.location) {
    if (opts.replace) globalThis.location.replace(`#${to}`);
    else globalThis.location.hash = to;
  }
}

/** Opens the login page (replacing the current entry), keeping where the user wanted to be. */
export function goLogin(): void {
  if (currentPath().startsWith(LOGIN_PATH)) return;
  go(loginUrl(), { replace: true });
}
