import type { RoomChat } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { useRoom } from './RoomContext';

const LANES = 4;

interface Flying {
  chat: RoomChat;
  lane: number;
}

/** Danmaku: chat sent as bullets flies right to left across the upper video, each once, in free lanes. */
export function Danmaku() {
  const { state } = useRoom();
  const seen = useRef(new Set<string>());
  const next = useRef(0);
  const [flying, setFlying] = useState<Flying[]>([]);

  useEffect(() => {
    const fresh = state.danmaku.filter((d) => !seen.current.has(d.id));
    if (fresh.length === 0) return;
    fresh.forEach((d) => seen.current.add(d.id));
    setFlying((f) => [...f, ...fresh.map((chat) => ({ chat, lane: next.current++ % LANES }))]);
  }, [state.danmaku]);

  return (
    <div className="danmaku" aria-hidden>
      {flying.map(({ chat, lane }) => (
        <span
          key={chat.id}
          className={chat.user.id === state.meId ? 'danmaku__item danmaku__item--mine' : 'danmaku__item'}
          style={{ top: `${lane * 34}px` }}
          onAnimationEnd={() => setFlying((f) => f.filter((x) => x.chat.id !== chat.id))}
        >
          {chat.text}
        </span>
      ))}
    </div>
  );
}
