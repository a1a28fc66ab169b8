import { formatDateCN } from '@app/kit';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { UserAvatar } from '../../components/UserAvatar';
import { useUserInfo } from '../../state/queries/user';
import './user.css';

/** 个人信息 (/pages/user/info): the profile, read only, with a way to edit it. */
export default function Info() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useUserInfo();
  const user = q.data;
  const notSet = <span className="muted">{t('common.notSet')}</span>;

  return (
    <PageFrame title={t('info.title')}>
      {!user && q.isPending ? (
        <PageLoading />
      ) : !user ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <>
          <div className="profile-head">
            <UserAvatar src={user.avatar} size={84} />
            <div className="profile-head__name" data-testid="info-nickname">
              {user.nickname}
            </div>
            <div className="profile-head__id">{t('user.id', { id: user.id })}</div>
          </div>
          <div className="card">
            <List>
              <List.Item extra={user.nickname}>{t('info.nickname')}</List.Item>
              <List.Item extra={user.account}>{t('info.account')}</List.Item>
              <List.Item extra={user.mobile || notSet}>{t('info.mobile')}</List.Item>
              <List.Item extra={t(`gender.${user.gender}`)}>{t('info.gender')}</List.Item>
              <List.Item extra={user.birthday || notSet}>{t('info.birthday')}</List.Item>
              <List.Item extra={t('user.level', { level: user.level })}>{t('info.level')}</List.Item>
              <List.Item extra={user.invite_code || notSet}>{t('info.inviteCode')}</List.Item>
              <List.Item extra={formatDateCN(user.created_at, 'YYYY-MM-DD')}>{t('info.createdAt')}</List.Item>
              <List.Item description={user.signature || t('user.noSignature')}>{t('info.signature')}</List.Item>
            </List>
          </div>
          <div className="modify-save">
            <Button block shape="rounded" size="large" className="brand-button" onClick={() => navigate(PATHS.userModify)}>
              {t('info.edit')}
            </Button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
