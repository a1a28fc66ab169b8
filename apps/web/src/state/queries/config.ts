import type { SystemConfig } from '@app/contract';
import { call } from '../../lib/api';
import { getSession } from '../session';

let inflight: Promise<SystemConfig> | null = null;

/**
 * Loads common_config and stores it in the session (seed §7: at start, and silently when the
 * network returns). Concurrent callers share one request.
 */
export function loadConfig(opts: { silent?: boolean } = {}): Promise<SystemConfig> {
  inflight ??= call('commonConfig', undefined, { silent: opts.silent })
    .then((cfg) => {
      const s = getSession();
      const giftChanged = cfg.app_version.gift_version !== s.giftVersion;
      s.patch({
        systemConfig: cfg,
        ...(giftChanged || s.roomGiftList.length === 0 ? { roomGiftList: cfg.gift, giftVersion: cfg.app_version.gift_version } : {}),
      });
      return cfg;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Reloads the config without a spinner or toast whenever the browser comes back online. */
export function startConfigSync(): () => void {
  const onOnline = () => void loadConfig({ silent: true }).catch(() => undefined);
  globalThis.addEventListener('online', onOnline);
  return () => globalThis.removeEventListener('online', onOnline);
}
