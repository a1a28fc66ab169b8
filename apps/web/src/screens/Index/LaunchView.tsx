import type { ReactNode } from 'react';
import { APP_VERSION } from '@app/kit';
import { t } from '../../locale/i18n';
import './launch.css';

/**
 * The launch page's look (logo, name, slogan, version), without its logic: the entry script paints it
 * as the first screen before the router and the rest of the app arrive, and the launch route reuses
 * it, so the splash carries on without a flicker. `children` replaces the loading dots (an error).
 */
export function LaunchView({ children }: { children?: ReactNode }) {
  return (
    <div className="launch" data-testid="launch">
      <div className="launch__center">
        <img className="launch__logo" src={(import.meta.env.VITE_LAUNCH_LOGO as string | undefined) ?? '/icon-192.png'} alt="" width={88} height={88} />
        <h1 className="launch__name">{t('app.name')}</h1>
        <div className="launch__slogan">{t('app.slogan')}</div>
      </div>
      {children ?? (
        <div className="launch__dots" role="status" aria-label={t('launch.loading')}>
          <i />
          <i />
          <i />
        </div>
      )}
      <div className="launch__version">{t('app.version', { version: APP_VERSION })}</div>
    </div>
  );
}
