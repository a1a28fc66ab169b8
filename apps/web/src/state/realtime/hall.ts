import type { CallEvent, NewMessage } from '@app/contract';
import { loadContract } from '../../lib/contract';
import { goLogin } from '../../lib/nav';
import { showToast } from '../../lib/toast';
import { t } from '../../locale/i18n';
import { queryClient } from '../queries/client';
import { applyReceipt, chatCursor, ingestChat, syncChats } from '../queries/chatCache';
import { messageKeys, userKeys } from '../queries/keys';
import { getSession, useSession } from '../session';
import { HallClient } from './hallClient';
import { readRefusal } from './refusal';
import { noticeText } from '../../locale/serverText';
import { pushLiveAlert, useLiveAlerts } from './liveAlerts';

let authFailedMessage = 'HALL_AUTH_FAILED';
let callListener: ((ev: CallEvent) => void) | null = null;
/** The call session registers here (it loads with the hall, see createSocket). */
export const listenCalls = (fn: (ev: CallEvent) => void): void => {
  callListener = fn;
};

function onNewMessage(m: NewMessage): void {
  if (m.kind === 'chat') {
    ingestChat(m.message);
    return;
  }
  // A go-live notice arrives with its own alert banner on screen: no second toast over it.
  if (!useLiveAlerts.getState().current) showToast(t('chats.newMessage', { title: noticeText(m.notice, t).title }));
  void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  if (m.kind === 'announcement') {
    // Sent to every member at once, with no count of one's own: one more unread, no refetch by everyone.
    const { unreadCount, patch } = useSession.getState();
    patch({ unreadCount: unreadCount + 1 });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: userKeys.info() });
}

/** The app's one hall connection. */
export const hall = new HallClient({
  createSocket: async (auth) => {
    // socket.io-client loads only once someone is logged in, keeping it out of the first-load bundle.
    // The call session too: an incoming call must find it listening.
    const [{ io }, c] = await Promise.all([import('socket.io-client'), loadContract(), import('./call')]);
    authFailedMessage = c.HALL_AUTH_FAILED;
    return io(c.HALL_NAMESPACE, {
      path: c.HALL_PATH,
      transports: ['websocket'],
      auth,
      reconnection: false, // HallClient runs the §9 backoff itself
      timeout: 10_000,
      forceNew: true,
    });
  },
  refusal: (err) => readRefusal(err, authFailedMessage),
  onUnread: (u) => useSession.getState().patch({ unreadCount: u.total }),
  onNewMessage,
  onChatRead: applyReceipt,
  onCall: (ev) => callListener?.(ev),
  onLiveAlert: pushLiveAlert,
  // Back from a drop: fetch what arrived meanwhile, in order (ids already held are skipped).
  onConnected: () => void syncChats().catch(() => undefined),
  onSessionLost: () => {
    getSession().clearSession();
    showToast(t('error.hallLost'));
    goLogin();
  },
  isOnline: () => globalThis.navigator?.onLine !== false,
  waitOnline: (cb) => {
    const handler = () => cb();
    globalThis.addEventListener('online', handler, { once: true });
    return () => globalThis.removeEventListener('online', handler);
  },
});

/** Keeps the hall connected exactly while a token and a user uuid are held. Returns the unsubscribe. */
export function startHallSync(): () => void {
  const sync = () => {
    const { token, userInfo } = getSession();
    if (token && userInfo?.uuid) hall.connect({ uuid: userInfo.uuid, token });
    else {
      hall.disconnect();
      chatCursor.reset();
    }
  };
  sync();
  return useSession.subscribe((s, prev) => {
    if (s.token !== prev.token || s.userInfo?.uuid !== prev.userInfo?.uuid) sync();
  });
}
