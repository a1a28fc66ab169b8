import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { onChatMessage } from '../../../state/queries/chatCache';

interface History {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The conversation's scrolling: older pages load when the top comes near and keep the view where it
 * was; new messages follow the bottom while it was in view; my own new message always scrolls down.
 */
export function useChatScroll(count: number, history: History, myId: number | undefined) {
  const scroller = useRef<HTMLDivElement>(null);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (restore.current) {
      el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top;
      restore.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [count]);

  useEffect(() => onChatMessage((m) => m.sender_id === myId && (stick.current = true)), [myId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && history.hasNextPage && !history.isFetchingNextPage) {
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      void history.fetchNextPage();
    }
  };

  /** Keeps the bottom in view (after my send, or the composer growing while it was in view). */
  const follow = () => {
    stick.current = true;
  };
  const keepBottom = () => stick.current && toBottom();

  return { scroller, onScroll, follow, keepBottom };
}
