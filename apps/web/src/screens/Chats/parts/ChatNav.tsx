import { MoreOutline, VideoOutline } from 'antd-mobile-icons';
import type { Conversation } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';

/** The conversation's title (the peer's name, "muted" beside it; a tap opens their card). */
export function ChatTitle({ conv, onTap }: { conv: Conversation | undefined; onTap: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="chat-title" onClick={onTap}>
      <span className="chat-title__name">{conv?.peer.nickname ?? ''}</span>
      {conv?.muted && <span className="chat-title__muted">{t('chats.mutedTip')}</span>}
    </span>
  );
}

/** The conversation's bar buttons: a video call (dimmed for a non-friend) and the settings. */
export function ChatNavIcons({ conv, peerId, onCall }: { conv: Conversation | undefined; peerId: number; onCall: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <span className="nav-icons">
      {conv && !conv.blocked && (
        <button
          type="button"
          className={conv.is_friend ? 'nav-icon' : 'nav-icon nav-icon--dim'}
          aria-label={t('chats.videoCall')}
          data-testid="chat-video"
          data-friend={conv.is_friend ? '1' : '0'}
          onClick={onCall}
        >
          <VideoOutline />
        </button>
      )}
      <button
        type="button"
        className="nav-icon"
        aria-label={t('chats.setting')}
        data-testid="chat-setting"
        onClick={() => navigate(`${PATHS.chatSetting}?uid=${peerId}`)}
      >
        <MoreOutline />
      </button>
    </span>
  );
}
