import { useEffect, useRef } from 'react';
import { useChatRead } from '../../../state/queries/chat';

/** Marks what is on screen read: the newest message from the peer, once per new one, while the page is visible. */
export function useReadMarking(peerId: number, newestTheirs: number): void {
  const read = useChatRead();
  const markedUpTo = useRef(0);
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
}
