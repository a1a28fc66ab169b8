import { Button, Popup, Skeleton } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { formatCount } from '../locale/count';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { UserAvatar } from './UserAvatar';
import { useIsFollowing, useUserProfile } from '../state/queries/social';
import { FanClubPanel } from './FanClubPanel';
import { PkHistoryPanel } from './PkHistoryPanel';
import { FollowButton } from './FollowButton';
import { GoLiveBell } from './GoLiveBell';
import { LiveAlertSwitch } from './LiveAlertSwitch';
import { UserBadges } from './UserBadges';
import { ProfileReplays } from './ProfileReplays';
import { ProfilePreviews } from './ProfilePreviews';
import './people.css';

/**
 * A user's card from the bottom: avatar, signature, counts, follow and message; `children` adds what
 * the place it opens from offers (a room's moderation, a report).
 */
export function ProfileSheet({ userId, onClose, children }: { userId: number | null; onClose: () => void; children?: ReactNode }) {
  return (
    <Popup visible={userId !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="profile-sheet" destroyOnClose>
      {userId !== null && (
        <ProfileBody userId={userId} onClose={onClose}>
          {children}
        </ProfileBody>
      )}
    </Popup>
  );
}

function ProfileBody({ userId, onClose, children }: { userId: number; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useUserProfile(userId);
  const p = q.data;
  const following = useIsFollowing(userId, p?.is_following ?? false);
  if (!p) {
    return (
      <div className="profile-sheet__body" data-testid="profile-sheet">
        <Skeleton animated className="profile-sheet__skeleton" />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  // The fans count moves with an optimistic follow before the server answers.
  const fans = p.fans_count + (following === p.is_following ? 0 : following ? 1 : -1);
  return (
    <div className="profile-sheet__body" data-testid="profile-sheet">
      <div className="profile-sheet__head">
        <UserAvatar src={p.avatar} size={72} className="profile-sheet__avatar" />
        <div className="profile-sheet__name">
          {p.nickname}
          <UserBadges user={p} />
          {following && p.is_fan && <span className="friend-chip">{t('follow.friendsTag')}</span>}
        </div>
        <div className="profile-sheet__id">ID: {p.id}</div>
        <div className="profile-sheet__sign">{p.signature || t('follow.signatureEmpty')}</div>
      </div>
      <div className="profile-sheet__stats">
        <div>
          <b>{formatCount(p.follow_count)}</b>
          <span>{t('follow.followCount')}</span>
        </div>
        <div>
          <b>{formatCount(Math.max(0, fans))}</b>
          <span>{t('follow.fansCount')}</span>
        </div>
      </div>
      {p.is_anchor && (
        <>
          {!p.is_self && following && (
            <div className="profile-sheet__alerts">
              <LiveAlertSwitch anchorId={p.id} />
              <GoLiveBell anchorId={p.id} labelled />
            </div>
          )}
          <ProfilePreviews anchorId={p.id} onLeave={onClose} />
          <FanClubPanel anchorId={p.id} anchorName={p.nickname} compact />
          <PkHistoryPanel anchorId={p.id} />
          <ProfileReplays anchorId={p.id} onOpen={onClose} />
        </>
      )}
      {p.is_self ? (
        <div className="profile-sheet__self">{t('follow.self')}</div>
      ) : (
        <div className="profile-sheet__actions">
          <FollowButton userId={p.id} nickname={p.nickname} following={p.is_following} fan={p.is_fan} size="middle" block />
          <Button
            size="middle"
            shape="rounded"
            block
            className="profile-sheet__chat"
            data-testid="profile-chat"
            onClick={() => {
              onClose();
              navigate(`${PATHS.chat}?uid=${p.id}`);
            }}
          >
            <MessageOutline /> {t('chats.sendMessage')}
          </Button>
        </div>
      )}
      {children}
    </div>
  );
}
