import { PullToRefresh } from 'antd-mobile';
import type { FollowUser } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageFrame } from '../../../components/PageFrame';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { useFans, useFollowing } from '../../../state/queries/social';
import { FollowButton } from '../../../components/FollowButton';
import { ProfileSheet } from '../../../components/ProfileSheet';
import './follow.css';
import { LoadMore } from '../../../components/LoadMore';

interface Props {
  kind: 'following' | 'fans';
  title: string;
  empty: { title: string; description: string; icon: ReactNode };
}

/** My follows or my fans: rows with a follow / follow-back button, pull to refresh, infinite scroll. */
export function FollowList({ kind, title, empty }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const following = useFollowing();
  const fans = useFans();
  const q = kind === 'following' ? following : fans;
  const [open, setOpen] = useState<number | null>(null);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <PageFrame title={title}>
      {q.isPending ? (
        <PageLoading />
      ) : q.isError && rows.length === 0 ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={empty.title}
          description={empty.description}
          icon={empty.icon}
          action={{ label: t('follow.findPeople'), onClick: () => navigate(PATHS.findFriend) }}
        />
      ) : (
        <PullToRefresh onRefresh={async () => void (await q.refetch())}>
          <div className="follow-total">{t('follow.total', { count: total })}</div>
          <ul className="follow-list" data-testid={`${kind}-list`}>
            {rows.map((u) => (
              <FollowRow key={u.id} user={u} onOpen={() => setOpen(u.id)} />
            ))}
          </ul>
          <LoadMore query={q} />
        </PullToRefresh>
      )}
      <ProfileSheet userId={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

function FollowRow({ user, onOpen }: { user: FollowUser; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="follow-row" data-testid={`follow-row-${user.id}`} onClick={onOpen}>
      <UserAvatar src={user.avatar} size={48} />
      <div className="follow-row__main">
        <div className="follow-row__name">
          <span className="follow-row__nick">{user.nickname}</span>
          {user.vip_level > 0 && <span className="vip-chip">VIP{user.vip_level}</span>}
          {user.is_anchor && <span className="anchor-chip">{t('chats.live')}</span>}
        </div>
        <div className="follow-row__sign">{user.signature || t('follow.signatureEmpty')}</div>
      </div>
      <FollowButton userId={user.id} nickname={user.nickname} following={user.is_following} fan={user.is_fan} size="mini" />
    </li>
  );
}
