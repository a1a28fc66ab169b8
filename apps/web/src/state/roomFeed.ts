import type { RoomBrief } from '@app/contract';
import { z } from 'zod';

/** What the room screen needs of a neighbouring room in the list it was opened from. */
const feedRoom = z.object({
  id: z.number().int(),
  kind: z.enum(['live', 'chat']),
  need_password: z.boolean(),
  live: z.boolean(),
  title: z.string(),
  cover: z.string(),
  anchor: z.object({ nickname: z.string(), avatar: z.string() }),
});
export type FeedRoom = z.infer<typeof feedRoom>;
const feed = z.array(feedRoom).max(200);

const KEY = 'room-feed';
/** Rooms remembered from one list (a long list's first pages are what a swipe reaches). */
const MAX = 200;

let memory: FeedRoom[] | null = null;

/** The list a room was opened from, in its order (a reload keeps it for the tab's session). */
export function setRoomFeed(rooms: RoomBrief[]): void {
  memory = rooms.slice(0, MAX).map((r) => ({
    id: r.id,
    kind: r.kind,
    need_password: r.need_password,
    live: r.live,
    title: r.title,
    cover: r.cover,
    anchor: { nickname: r.anchor.nickname, avatar: r.anchor.avatar },
  }));
  try {
    sessionStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Private mode or full storage: the list lives in memory only.
  }
}

function read(): FeedRoom[] {
  if (memory) return memory;
  try {
    const parsed = feed.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? '[]'));
    memory = parsed.success ? parsed.data : [];
  } catch {
    memory = [];
  }
  return memory;
}

/**
 * The rooms a swipe moves to from `id`: the previous and next live rooms of that list that open
 * without a password (a chat room or a locked one is skipped, as the big apps' live feeds do).
 */
export function neighbours(id: number): { prev: FeedRoom | null; next: FeedRoom | null } {
  const rooms = read().filter((r) => r.kind === 'live' && !r.need_password);
  const i = rooms.findIndex((r) => r.id === id);
  if (i < 0) return { prev: null, next: null };
  return { prev: rooms[i - 1] ?? null, next: rooms[i + 1] ?? null };
}
