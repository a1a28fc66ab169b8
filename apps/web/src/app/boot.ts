import { loadConfig, startConfigSync } from '../state/queries/config';
import { startIdentityReset } from '../state/queries/identity';
import { startHallSync } from '../state/realtime/hall';
import { startReachability } from '../state/realtime/reachability';
import { getSession } from '../state/session';
import { refreshLanguage } from '../locale/languagePack';
import { storedLang } from '../locale/i18n';

const REFERRAL_PARAMS = ['invite_code', 'ref', 'referer', 'invite'];

/** A referral code in the page URL (?ref=… before or inside the hash) is remembered as the referer. */
export function captureReferral(href: string = window.location.href): string | null {
  const url = new URL(href);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  for (const params of [url.searchParams, new URLSearchParams(hashQuery)]) {
    for (const name of REFERRAL_PARAMS) {
      const v = params.get(name)?.trim();
      if (v && /^[A-Za-z0-9_-]{1,16}$/.test(v)) {
        getSession().patch({ referer: v });
        return v;
      }
    }
  }
  return null;
}

/**
 * Registers the service worker a few seconds after the page has loaded, when the browser is idle: its
 * install downloads the launch set again (about 0.9 MiB), which a phone opening the app should not
 * spend on while the first screen loads its own data and images.
 */
function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  const later = () => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5_000 }) : register()), 3_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Starts what runs outside React: referral capture, config (+ reload when back online), language pack, hall (and the server's reachability), cache reset on a new session, the service worker. */
export function boot(): void {
  registerServiceWorkerLater();
  captureReferral();
  void loadConfig({ silent: true }).catch(() => undefined);
  startConfigSync();
  refreshLanguage(storedLang());
  startHallSync();
  startReachability();
  startIdentityReset();
}
