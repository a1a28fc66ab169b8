import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goLogin } from '../../../../lib/nav';
import { showToast } from '../../../../lib/toast';
import { useIsFollowing, useToggleFollow } from '../../../../state/queries/social';
import { useRoom } from './RoomContext';

/**
 * "关注" on the room's anchor pill: follows the anchor in one tap (guests go to login first). Hidden
 * for the anchor themself and once followed (the room's my_following, the follow overlay, or this
 * tap); no unfollow here. The follow / following / friends toggle of lists and cards is
 * components/FollowButton.tsx.
 */
export function FollowAnchorButton() {
  const { t } = useTranslation();
  const { room, me } = useRoom();
  const toggle = useToggleFollow();
  const [done, setDone] = useState(false);
  const following = useIsFollowing(room.anchor.id, room.my_following) || done;
  if (me.owner || me.id === room.anchor.id || following) return null;

  const follow = () => {
    if (me.guest) return goLogin();
    toggle.mutate(
      { userId: room.anchor.id, follow: true },
      {
        onSuccess: () => {
          setDone(true);
          showToast(t('follow.followed'), 'success');
        },
      },
    );
  };
  return (
    <button type="button" className="room-follow" data-testid="room-follow" disabled={toggle.isPending} onClick={follow}>
      {t('room.follow')}
    </button>
  );
}
