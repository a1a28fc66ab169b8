import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { chatKeys } from '../../../state/queries/chatCache';
import { useToggleFollow } from '../../../state/queries/social';

/**
 * The chat's video-call button. Calls are between mutual follows: then it dials; otherwise it says
 * why, and offers to follow (which makes them friends when the peer already follows back).
 */
export function useCallTap(peerId: number, conv: Conversation | undefined): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const follow = useToggleFollow();
  return useCallback(async () => {
    if (!conv) return;
    const dial = () => navigate(`${PATHS.chatVideo}?uid=${peerId}&dial=1`);
    if (conv.is_friend) return dial();
    const name = conv.peer.nickname;
    if (conv.is_following) {
      await Dialog.alert({ title: t('chats.callFriendsOnly'), content: t('chats.callWaitFollowBack', { name }), confirmText: t('common.confirm') });
      return;
    }
    const ok = await Dialog.confirm({
      title: t('chats.callFriendsOnly'),
      content: t('chats.callFollowFirst', { name }),
      confirmText: t('chats.followToCall'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const r = await follow.mutateAsync({ userId: peerId, follow: true });
    await qc.invalidateQueries({ queryKey: chatKeys.conversation(peerId) });
    if (r.is_friend) dial();
    else showToast(t('chats.callWaitFollowBack', { name }));
  }, [conv, follow, navigate, peerId, qc, t]);
}
