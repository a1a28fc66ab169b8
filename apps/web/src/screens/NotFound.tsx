import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { PageFrame } from '../components/PageFrame';
import { PATHS } from '../lib/paths';

/** Any path that is not a page of the app. */
export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('error.notFound')}>
      <EmptyState
        title={t('error.notFound')}
        description={t('error.notFoundDesc')}
        action={{ label: t('common.goHome'), onClick: () => navigate(PATHS.launch, { replace: true }) }}
      />
    </PageFrame>
  );
}
