import { UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PATHS } from '../../../lib/paths';

/** What a member who is not an anchor (or whose application waits) sees instead of the dashboard. */
export function NotAnchor({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="dash-not-anchor">
      <EmptyState
        icon={<UserAddOutline />}
        title={pending ? t('creator.pendingTitle') : t('creator.notAnchorTitle')}
        description={pending ? t('creator.pendingDesc') : t('creator.notAnchorDesc')}
        action={{ label: pending ? t('creator.seeApplication') : t('creator.apply'), onClick: () => navigate(PATHS.create) }}
      />
    </div>
  );
}
