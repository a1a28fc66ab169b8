import { ActionSheet, DotLoading, Toast } from 'antd-mobile';
import type { ChatReply } from '@app/contract';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/EmptyState';
import { PageFrame } from '../../../components/PageFrame';
import { PageLoading } from '../../../components/PageLoading';
import { useChatHistory, useChatSetting, useConversation } from '../../../state/queries/chat';
import { retryChat, sendChat, useOutbox } from '../../../state/queries/chatOutbox';
import { useSession } from '../../../state/session';
import { ChatNavIcons, ChatTitle } from './ChatNav';
import { chatItems, type ChatItem } from './chatItems';
import { needsSeparator, separatorTime } from './chatTime';
import { Composer } from './Composer';
import { useCallTap } from './useCallTap';
import { useChatScroll } from './useChatScroll';
import { useReadMarking } from './useReadMarking';
import { MessageBubble } from './MessageBubble';
import { ProfileSheet } from '../../../components/ProfileSheet';
import '../chat.css';

/** One conversation with a member: live bubbles, history upward, reply quotes, read receipts, the composer. */
export function Conversation({ peerId }: { peerId: number }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo);
  const conv = useConversation(peerId);
  const callTap = useCallTap(peerId, conv.data);
  const history = useChatHistory(peerId);
  const setting = useChatSetting(peerId);
  const pending = useOutbox((s) => s.pending);
  const replyState = useSession((s) => s.chatReply);
  const [profile, setProfile] = useState<number | null>(null);

  const peer = conv.data?.peer;
  const stored = useMemo(() => history.data?.pages.flatMap((p) => p.list) ?? [], [history.data]);
  const mine = useMemo(() => pending.filter((p) => p.peer_id === peerId), [pending, peerId]);
  const items = useMemo(() => chatItems(stored, mine, me?.id ?? 0, conv.data?.peer_read_id ?? 0), [stored, mine, me?.id, conv.data?.peer_read_id]);
  const lastMineSent = [...items].reverse().find((i) => i.mine && i.id !== null);
  const reply = replyState && replyState.peer_id === peerId ? (replyState as unknown as { peer_id: number; reply: ChatReply; name: string }) : null;
  const scroll = useChatScroll(items.length, history, me?.id);
  useReadMarking(peerId, [...stored].reverse().find((m) => m.sender_id === peerId)?.id ?? 0);

  const setReply = (r: { reply: ChatReply; name: string } | null) => useSession.getState().patch({ chatReply: r ? { peer_id: peerId, ...r } : null });
  const nameOf = (senderId: number) => (senderId === me?.id ? t('chats.you') : (peer?.nickname ?? ''));
  const actions = (item: ChatItem) => {
    if (item.id === null) return;
    const id = item.id;
    const sheet = ActionSheet.show({
      cancelText: t('common.cancel'),
      actions: [{ key: 'reply', text: t('chats.reply') }, ...(item.type === 'text' ? [{ key: 'copy', text: t('chats.copy') }] : [])],
      onAction: (a) => {
        sheet.close();
        if (a.key === 'reply') {
          const senderId = item.mine ? (me?.id ?? 0) : peerId;
          setReply({ reply: { id, sender_id: senderId, type: item.type, content: item.content.slice(0, 80) }, name: nameOf(senderId) });
        } else if (a.key === 'copy') {
          void navigator.clipboard?.writeText(item.content).then(() => Toast.show({ content: t('chats.copied') }));
        }
      },
    });
  };
  const send = (input: Parameters<typeof sendChat>[1]) => {
    scroll.follow();
    sendChat(peerId, { ...input, reply: reply?.reply ?? null });
    setReply(null);
  };

  if (conv.isError && !conv.data) {
    return (
      <PageFrame title={t('page.chat')}>
        <LoadError onRetry={() => void conv.refetch()} />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={<ChatTitle conv={conv.data} onTap={() => setProfile(peerId)} />}
      right={<ChatNavIcons conv={conv.data} peerId={peerId} onCall={() => void callTap().catch(() => undefined)} />}
      className="chat-page"
    >
      <div className="chat-scroll" ref={scroll.scroller} onScroll={scroll.onScroll} data-testid="chat-scroll">
        {history.isPending ? (
          <PageLoading />
        ) : (
          <>
            <div className="chat-top">
              {history.isFetchingNextPage ? (
                <span>
                  <DotLoading /> {t('chats.loadingHistory')}
                </span>
              ) : !history.hasNextPage && items.length > 0 ? (
                <span>{t('chats.historyStart')}</span>
              ) : null}
            </div>
            {items.length === 0 && (
              <div className="chat-hello">
                <div className="chat-hello__wave">👋</div>
                <div className="chat-hello__title">{t('chats.startChat')}</div>
                <div className="chat-hello__desc">{conv.data && !conv.data.is_friend ? t('chats.notFriendTip') : t('chats.startChatDesc')}</div>
              </div>
            )}
            {items.map((item, i) => (
              <Fragment key={item.key}>
                {needsSeparator(items[i - 1]?.created_at, item.created_at) && <div className="chat-sep">{separatorTime(item.created_at)}</div>}
                <MessageBubble
                  item={item}
                  avatar={item.mine ? (me?.avatar ?? '') : (peer?.avatar ?? '')}
                  quoteName={nameOf}
                  onActions={actions}
                  onRetry={retryChat}
                  showStatus={item === lastMineSent}
                />
              </Fragment>
            ))}
          </>
        )}
      </div>
      {conv.data?.blocked ? (
        <div className="chat-blocked">
          <span>{t('chats.blockedBar')}</span>
          <button type="button" onClick={() => setting.mutate({ blocked: false })}>
            {t('chats.unblock')}
          </button>
        </div>
      ) : (
        <Composer
          disabled={!conv.data}
          reply={reply ? { reply: reply.reply, name: reply.name } : null}
          onCancelReply={() => setReply(null)}
          onText={(content) => send({ type: 'text', content })}
          onSticker={(content) => send({ type: 'emoji', content })}
          onImage={(file) => send({ type: 'image', file })}
          onResize={scroll.keepBottom}
        />
      )}
      <ProfileSheet userId={profile} onClose={() => setProfile(null)} />
    </PageFrame>
  );
}
