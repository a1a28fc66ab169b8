import { ActionSheet, DotLoading, Toast } from 'antd-mobile';
import { MoreOutline, VideoOutline } from 'antd-mobile-icons';
import type { ChatReply } from '@app/contract';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useChatHistory, useChatRead, useChatSetting, useConversation } from '../../state/queries/chat';
import { onChatMessage } from '../../state/queries/chatCache';
import { retryChat, sendChat, useOutbox } from '../../state/queries/chatOutbox';
import { useSession } from '../../state/session';
import { chatItems, type ChatItem } from './parts/chatItems';
import { needsSeparator, separatorTime } from './parts/chatTime';
import { Composer } from './parts/Composer';
import { useCallTap } from './parts/useCallTap';
import { MessageBubble } from './parts/MessageBubble';
import { ProfileSheet } from '../../components/ProfileSheet';
import './chat.css';

/** A conversation (/pages/chats/chat?uid=…): live bubbles, history upward, reply quotes, read receipts. */
export default function Chat() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const peerId = Number(params.get('uid'));
  if (!Number.isInteger(peerId) || peerId <= 0) {
    return (
      <PageFrame title={t('page.chat')}>
        <EmptyState title={t('empty.chats')} />
      </PageFrame>
    );
  }
  return <Conversation key={peerId} peerId={peerId} />;
}

function Conversation({ peerId }: { peerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession((s) => s.userInfo);
  const conv = useConversation(peerId);
  const callTap = useCallTap(peerId, conv.data);
  const history = useChatHistory(peerId);
  const read = useChatRead();
  const setting = useChatSetting(peerId);
  const pending = useOutbox((s) => s.pending);
  const replyState = useSession((s) => s.chatReply);
  const [profile, setProfile] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);
  const markedUpTo = useRef(0);

  const peer = conv.data?.peer;
  const stored = useMemo(() => history.data?.pages.flatMap((p) => p.list) ?? [], [history.data]);
  const mine = useMemo(() => pending.filter((p) => p.peer_id === peerId), [pending, peerId]);
  const items = useMemo(() => chatItems(stored, mine, me?.id ?? 0, conv.data?.peer_read_id ?? 0), [stored, mine, me?.id, conv.data?.peer_read_id]);
  const lastMineSent = [...items].reverse().find((i) => i.mine && i.id !== null);
  const reply = replyState && replyState.peer_id === peerId ? (replyState as unknown as { peer_id: number; reply: ChatReply; name: string }) : null;

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Older pages keep the view where it was; new messages follow the bottom when it was in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (restore.current) {
      el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top;
      restore.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [items.length]);

  // My own new message always scrolls down.
  useEffect(() => onChatMessage((m) => m.sender_id === me?.id && (stick.current = true)), [me?.id]);

  // Read what is on screen: the newest message from the peer, once per new one, while the page is visible.
  const newestTheirs = [...stored].reverse().find((m) => m.sender_id === peerId)?.id ?? 0;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestTheirs <= markedUpTo.current) return;
      markedUpTo.current = newestTheirs;
      read.mutate({ user_id: peerId, up_to_id: newestTheirs });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read (a mutation) is a new object each render: marking follows new messages and the peer only
  }, [newestTheirs, peerId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && history.hasNextPage && !history.isFetchingNextPage) {
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      void history.fetchNextPage();
    }
  };

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
    stick.current = true;
    sendChat(peerId, { ...input, reply: reply?.reply ?? null });
    setReply(null);
  };

  const title = (
    <span className="chat-title" onClick={() => setProfile(peerId)}>
      <span className="chat-title__name">{peer?.nickname ?? ''}</span>
      {conv.data?.muted && <span className="chat-title__muted">{t('chats.mutedTip')}</span>}
    </span>
  );
  const right = (
    <span className="nav-icons">
      {conv.data && !conv.data.blocked && (
        <button
          type="button"
          className={conv.data.is_friend ? 'nav-icon' : 'nav-icon nav-icon--dim'}
          aria-label={t('chats.videoCall')}
          data-testid="chat-video"
          data-friend={conv.data.is_friend ? '1' : '0'}
          onClick={() => void callTap().catch(() => undefined)}
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

  if (conv.isError && !conv.data) {
    return (
      <PageFrame title={t('page.chat')}>
        <LoadError onRetry={() => void conv.refetch()} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title} right={right} className="chat-page">
      <div className="chat-scroll" ref={scroller} onScroll={onScroll} data-testid="chat-scroll">
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
          onResize={() => stick.current && toBottom()}
        />
      )}
      <ProfileSheet userId={profile} onClose={() => setProfile(null)} />
    </PageFrame>
  );
}
