import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { roomPath } from '../../../../lib/paths';
import { neighbours, type FeedRoom } from '../../../../state/roomFeed';
import { RoomPeek } from '../stage/RoomPeek';
import { swipeOutcome, type Drag } from './swipe';
import './swipe.css';

/** Where a vertical drag may not start: what is tapped inside the room (and the chat while it scrolls, below). */
const NO_SWIPE = 'button, input, textarea, a, [role="button"], .adm-popup, .adm-mask, [data-no-swipe]';

/** The chat takes a vertical drag only while it has lines to scroll; otherwise the drag moves rooms. */
function onScrollingChat(target: Element): boolean {
  const chat = target.closest('.room-chat');
  return chat !== null && chat.scrollHeight > chat.clientHeight + 1;
}
const SETTLE_MS = 220;
const WARM_MS = 3000;

/** The room's own video shows frames. */
const ownPicture = (box: HTMLElement | null): boolean => {
  const v = box?.querySelector<HTMLVideoElement>('.room .stage__video video');
  return !!v && v.readyState >= 2 && v.videoWidth > 0;
};

/**
 * Swipe up or down in a room to the next or previous live room of the list it was opened from
 * (state/roomFeed), as TikTok LIVE does: the neighbours' panes sit above and below, the next one
 * already playing its muted preview, so the picture is there while the room joins; after the move
 * that pane stays over the room until the room's own video plays.
 */
export function RoomSwiper({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const { prev, next } = neighbours(id);
  const box = useRef<HTMLDivElement>(null);
  const [dy, setDy] = useState(0);
  const [settling, setSettling] = useState(false);
  const [handoff, setHandoff] = useState<FeedRoom | null>(null);
  const drag = useRef<Drag | null>(null);
  // The next room's preview starts once this room's own picture plays (or after WARM_MS): it never
  // competes with the room being joined, and one extra small stream is all a phone decodes.
  const [warm, setWarm] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const down = (e: PointerEvent) => {
      const target = e.target as Element;
      if (!e.isPrimary || settling || target.closest(NO_SWIPE) || onScrollingChat(target)) return;
      drag.current = { x: e.clientX, y: e.clientY, t: e.timeStamp, dy: 0, dt: 0, vertical: null };
    };
    const move = (e: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const ddx = e.clientX - d.x;
      const ddy = e.clientY - d.y;
      if (d.vertical === null && Math.hypot(ddx, ddy) > 8) d.vertical = Math.abs(ddy) > Math.abs(ddx);
      if (!d.vertical) return;
      // Nothing that way: the room gives a little, and springs back.
      const room = ddy < 0 ? next : prev;
      d.dy = room ? ddy : ddy / 4;
      d.dt = e.timeStamp - d.t;
      setDy(d.dy);
    };
    const up = () => {
      const d = drag.current;
      drag.current = null;
      if (!d?.vertical) return;
      const h = el.clientHeight || 1;
      const go = swipeOutcome(d, h, { prev: prev !== null, next: next !== null });
      setSettling(true);
      setDy(go === 'next' ? -h : go === 'prev' ? h : 0);
      window.setTimeout(() => {
        const to = go === 'next' ? next : go === 'prev' ? prev : null;
        if (to) {
          setHandoff(to);
          navigate(roomPath({ id: to.id, kind: to.kind }), { replace: true });
        }
        setDy(0);
        setSettling(false);
      }, SETTLE_MS);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
  }, [next, prev, settling, navigate]);

  // The handed-over pane leaves once the room's own picture plays (or after a while, whatever happens).
  useEffect(() => {
    if (!handoff) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (ownPicture(box.current) || Date.now() - started > 8000) setHandoff(null);
    }, 100);
    return () => window.clearInterval(timer);
  }, [handoff]);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (!ownPicture(box.current) && Date.now() - started < WARM_MS) return;
      setWarm(id);
      window.clearInterval(timer);
    }, 300);
    return () => window.clearInterval(timer);
  }, [id]);

  const moving = dy !== 0 || settling;
  const transition = settling ? `transform ${SETTLE_MS}ms ease-out` : 'none';
  const at = (offset: string): CSSProperties => ({ transform: `translate3d(0, calc(${offset} + ${dy}px), 0)`, transition });
  // One pane per room, keyed by id: the next room's pane (its preview playing) stays the same
  // element when it becomes the handed-over one, so its picture never restarts.
  const panes: { room: FeedRoom; place: 'prev' | 'next' | 'handoff'; style: CSSProperties }[] = [];
  if (prev) panes.push({ room: prev, place: 'prev', style: at('-100%') });
  if (next) panes.push({ room: next, place: 'next', style: at('100%') });
  if (handoff && handoff.id === id) panes.push({ room: handoff, place: 'handoff', style: {} });
  return (
    <div
      ref={box}
      className={moving ? 'room-swiper room-swiper--moving' : 'room-swiper'}
      data-testid="room-swiper"
      data-next={next?.id ?? ''}
      data-prev={prev?.id ?? ''}
    >
      <div className="room-swiper__current" style={moving ? at('0%') : undefined}>
        {children}
      </div>
      {panes.map((p) => (
        <RoomPeek key={p.room.id} room={p.room} place={p.place} playing={p.place === 'handoff' || (p.place === 'next' && warm === id)} style={p.style} />
      ))}
    </div>
  );
}
