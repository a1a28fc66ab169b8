import { DotLoading, ImageViewer } from 'antd-mobile';
import { ExclamationCircleFill, VideoOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedImage, useGuardedSrc } from '../../../components/GuardedImage';
import { UserAvatar } from '../../../components/UserAvatar';
import { callText } from './callText';
import type { ChatItem } from './chatItems';

interface Props {
  item: ChatItem;
  avatar: string;
  /** Who a quoted message was from (the peer's name, or "you"). */
  quoteName: (senderId: number) => string;
  onActions: (item: ChatItem) => void;
  onRetry: (clientId: string) => void;
  /** The status line under my newest message (read / delivered). */
  showStatus: boolean;
}

/** One message: avatar, bubble (text, big emoji, image, call record), its quote, and its sending state. */
export function MessageBubble({ item, avatar, quoteName, onActions, onRetry, showStatus }: Props) {
  const { t } = useTranslation();
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = () => {
    press.current = setTimeout(() => onActions(item), 450);
  };
  const cancel = () => {
    if (press.current) clearTimeout(press.current);
    press.current = null;
  };
  const gestures = {
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      onActions(item);
    },
    onTouchStart: start,
    onTouchEnd: cancel,
    onTouchMove: cancel,
  };

  return (
    <div className={`msg ${item.mine ? 'msg--mine' : 'msg--theirs'}`} data-testid="chat-message" data-status={item.status} data-mine={item.mine}>
      <UserAvatar src={avatar} size={38} className="msg__avatar" />
      <div className="msg__col">
        {item.type === 'emoji' ? (
          <div className="msg__emoji" {...gestures}>
            {item.content}
          </div>
        ) : item.type === 'image' ? (
          <ImageBubble item={item} gestures={gestures} />
        ) : item.type === 'call' ? (
          <div className="msg__bubble msg__bubble--call" {...gestures} data-testid="call-record">
            <VideoOutline /> {callText(item.content)}
          </div>
        ) : (
          <div className="msg__bubble" {...gestures}>
            {item.reply && <Quote name={quoteName(item.reply.sender_id)} reply={item.reply} />}
            <span className="msg__text">{item.content}</span>
          </div>
        )}
        {item.type !== 'text' && item.reply && <Quote name={quoteName(item.reply.sender_id)} reply={item.reply} below />}
        {item.status === 'failed' && item.error && (
          <div className="msg__error" data-testid="msg-error">
            {item.error}
          </div>
        )}
        {showStatus && (item.status === 'read' || item.status === 'sent') && (
          <div className={`msg__status msg__status--${item.status}`} data-testid="msg-status">
            {item.status === 'read' ? t('chats.read') : t('chats.delivered')}
          </div>
        )}
      </div>
      {item.status === 'sending' && (
        <span className="msg__state" aria-label={t('chats.sending')}>
          <DotLoading color="currentColor" />
        </span>
      )}
      {item.status === 'failed' && (
        <button
          type="button"
          className="msg__state msg__state--failed"
          aria-label={t('chats.failed')}
          data-testid="msg-retry"
          onClick={() => onRetry(item.client_id)}
        >
          <ExclamationCircleFill />
        </button>
      )}
    </div>
  );
}

function ImageBubble({ item, gestures }: { item: ChatItem; gestures: Record<string, unknown> }) {
  const full = useGuardedSrc(item.content || null);
  return (
    <div className="msg__image" {...gestures} onClick={() => full && ImageViewer.show({ image: full })}>
      {item.preview && !item.content ? (
        <img src={item.preview} alt="" className="msg__img" />
      ) : (
        <GuardedImage src={item.content} fallback={item.preview} className="msg__img" alt="" />
      )}
    </div>
  );
}

function Quote({ name, reply, below }: { name: string; reply: NonNullable<ChatItem['reply']>; below?: boolean }) {
  const { t } = useTranslation();
  const text = reply.type === 'image' ? t('chats.preview.image') : reply.type === 'call' ? t('chats.preview.call') : reply.content;
  return (
    <div className={below ? 'msg__quote msg__quote--below' : 'msg__quote'} data-testid="msg-quote">
      <span className="msg__quote-name">{name}:</span> {text}
    </div>
  );
}
