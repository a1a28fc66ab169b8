import { useRouteError } from 'react-router';
import { LoadError } from '../components/EmptyState';
import { t } from '../locale/i18n';

/** Last-resort error page of the router (a crash outside any screen boundary). */
export function RouteError() {
  const error = useRouteError();
  console.error('[route]', error);
  return (
    <div className="page page--default screen-error">
      <LoadError title={t('error.chunk')} description={t('error.chunkDesc')} onRetry={() => window.location.reload()} />
    </div>
  );
}
