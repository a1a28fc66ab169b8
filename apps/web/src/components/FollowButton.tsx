import { Button, Dialog } from 'antd-mobile';
import { AddOutline, CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useIsFollowing, useToggleFollow } from '../state/queries/social';
import './people.css';

interface Props {
  userId: number;
  nickname: string;
  /** The server's state; a tap here updates every copy on screen through the overlay. */
  following: boolean;
  /** They follow me: the button offers "follow back", and reads "friends" once mutual. */
  fan: boolean;
  size?: 'mini' | 'small' | 'middle';
  block?: boolean;
}

/** Follow / follow back / following / friends, in lists and cards. Unfollowing asks first. (The room's anchor pill has its own one-tap follow: screens/Room/parts/shell/FollowAnchorButton.tsx.) */
export function FollowButton({ userId, nickname, following, fan, size = 'small', block }: Props) {
  const { t } = useTranslation();
  const toggle = useToggleFollow();
  const isFollowing = useIsFollowing(userId, following);
  const busy = toggle.isPending;

  if (!isFollowing) {
    return (
      <Button
        className="follow-btn follow-btn--on"
        size={size}
        shape="rounded"
        color="primary"
        block={block}
        disabled={busy}
        data-testid={`follow-${userId}`}
        onClick={(e) => {
          e.stopPropagation();
          toggle.mutate({ userId, follow: true });
        }}
      >
        <AddOutline /> {fan ? t('follow.followBack') : t('follow.follow')}
      </Button>
    );
  }
  return (
    <Button
      className="follow-btn follow-btn--off"
      size={size}
      shape="rounded"
      block={block}
      disabled={busy}
      data-testid={`unfollow-${userId}`}
      onClick={async (e) => {
        e.stopPropagation();
        const ok = await Dialog.confirm({ content: t('follow.unfollowConfirm', { name: nickname }), confirmText: t('follow.unfollow') });
        if (ok) toggle.mutate({ userId, follow: false });
      }}
    >
      {fan ? (
        <>
          <span className="follow-btn__mutual">⇄</span> {t('follow.mutual')}
        </>
      ) : (
        <>
          <CheckOutline /> {t('follow.following')}
        </>
      )}
    </Button>
  );
}
