import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageLoading } from '../../components/PageLoading';
import { PATHS } from '../../lib/paths';
import { useUserInfo } from '../../state/queries/user';

// The console itself is a separate chunk: only an operator's browser ever loads it.
const Console = lazy(() => import('./Console'));

/** /admin: operators get the console; anyone else a polite refusal (the server refuses their calls anyway). */
export default function AdminGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUserInfo();
  if (!me.data) return <PageLoading />;
  if (me.data.role !== 'operator') {
    return (
      <div className="page page--default" data-testid="admin-denied">
        <EmptyState
          title={t('admin.denied')}
          description={t('admin.deniedDesc')}
          action={{ label: t('common.goHome'), onClick: () => void navigate(PATHS.home) }}
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Console />
    </Suspense>
  );
}
