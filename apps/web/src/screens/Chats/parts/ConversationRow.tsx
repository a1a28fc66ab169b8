import { Badge, SwipeAction, type SwipeActionRef } from 'antd-mobile';
import { SoundMuteOutline } from 'antd-mobile-icons';
import type { ChatMessage, Conversation } from '@app/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { listTime } from './chatTime';
import { callText } from './callText';

interface Props {
  c: Conversation;
  failed: boolean;
  onOpen: () => void;
  onRead: () => void;
  onPin: () => void;
  onDelete: () => void;
}

/** The one-line preview of a message: text as is, other kinds as a tag. */
export function usePreview() {
  const { t } = useTranslation();
  return (m: ChatMessage | null): string => {
    if (!m) return '';
    if (m.type === 'image') return t('chats.preview.image');
    if (m.type === 'call') return `${t('chats.preview.call')} ${callText(m.content)}`;
    return m.content.replace(/\s+/g, ' ');
  };
}

/** One conversation: avatar with its unread badge, name, §9 time, last message; swipe for read / pin / delete. */
export function ConversationRow({ c, failed, onOpen, onRead, onPin, onDelete }: Props) {
  const { t } = useTranslation();
  const preview = usePreview();
  const ref = useRef<SwipeActionRef>(null);
  const close = (fn: () => void) => () => {
    ref.current?.close();
    fn();
  };
  const actions = [
    ...(c.unread > 0 ? [{ key: 'read', text: t('chats.markRead'), color: '#8a8396', onClick: close(onRead) }] : []),
    { key: 'pin', text: c.pinned ? t('chats.unpin') : t('chats.pin'), color: 'warning', onClick: close(onPin) },
    { key: 'delete', text: t('chats.delete'), color: 'danger', onClick: close(onDelete) },
  ];
  const last = c.last_message;
  return (
    <SwipeAction ref={ref} rightActions={actions} className={c.pinned ? 'conv conv--pinned' : 'conv'}>
      <button type="button" className="conv__row" onClick={onOpen} data-testid={`conv-${c.peer.id}`}>
        <Badge content={c.unread > 0 ? (c.muted ? Badge.dot : c.unread > 99 ? '99+' : c.unread) : null} className="conv__badge">
          <UserAvatar src={c.peer.avatar} size={50} className="conv__avatar" />
        </Badge>
        <span className="conv__main">
          <span className="conv__top">
            <span className="conv__name">{c.peer.nickname}</span>
            <span className="conv__time">{last ? listTime(last.created_at) : ''}</span>
          </span>
          <span className="conv__bottom">
            <span className="conv__text">
              {failed && <span className="conv__failed">{t('chats.preview.draftFailed')} </span>}
              {c.muted && c.unread > 1 && <span>[{t('chats.unread', { count: c.unread })}] </span>}
              {preview(last)}
            </span>
            {c.muted && <SoundMuteOutline className="conv__muted" />}
          </span>
        </span>
      </button>
    </SwipeAction>
  );
}
