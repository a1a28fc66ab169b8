import type { SystemConfig } from '@app/contract';
import type { TFunction } from 'i18next';
import { APP_VERSION, compareVersion } from '@app/kit';
import { Dialog } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { startPath } from '../../lib/tabs';
import { LoadError } from '../../components/EmptyState';
import { loadConfig } from '../../state/queries/config';
import { getSession } from '../../state/session';
import { LaunchView } from './LaunchView';

/** Shortest time the splash stays, so it reads as a brand moment rather than a flicker. */
const SPLASH_MS = 700;

/** Asks about a newer version; resolves true when the user wants the update page. */
async function offerUpdate(cfg: SystemConfig, t: TFunction): Promise<boolean> {
  const v = cfg.app_version;
  if (compareVersion(v.version, APP_VERSION) <= 0) return false;
  if (v.force) return true;
  return Dialog.confirm({
    title: t('launch.updateTitle', { version: v.version }),
    content: v.notes || t('update.noNotes'),
    confirmText: t('launch.updateNow'),
    cancelText: t('launch.later'),
  });
}

/** The launch page (/): loads the config, offers a newer version, then opens home (or live with videos off). */
export default function Launch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // False once the user has left the launch page (a page opened while it loaded is never overridden).
  const shown = useRef(false);
  const [failed, setFailed] = useState(false);

  const start = useCallback(async () => {
    setFailed(false);
    const started = Date.now();
    let cfg: SystemConfig | null;
    try {
      cfg = await loadConfig({ silent: true });
    } catch {
      // Offline or server down: a remembered config is good enough to open the app.
      cfg = getSession().systemConfig;
      if (!cfg) {
        setFailed(true);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(0, SPLASH_MS - (Date.now() - started))));
    if (!shown.current) return;
    if (await offerUpdate(cfg, t)) navigate(PATHS.update, { replace: true });
    else if (shown.current) navigate(startPath(cfg), { replace: true });
  }, [navigate, t]);

  useEffect(() => {
    shown.current = true;
    void start();
    return () => {
      shown.current = false;
    };
  }, [start]);

  return (
    <LaunchView>
      {failed ? (
        <div className="launch__error">
          <LoadError
            title={navigator.onLine ? t('common.loadFailed') : t('error.offlineLaunch')}
            description={navigator.onLine ? t('common.loadFailedDesc') : t('error.offlineLaunchDesc')}
            onRetry={() => void start()}
          />
        </div>
      ) : undefined}
    </LaunchView>
  );
}
