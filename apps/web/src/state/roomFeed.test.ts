import type { RoomBrief } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';

const room = (id: number, over: Partial<RoomBrief> = {}): RoomBrief => ({
  id,
  number: String(1000 + id),
  title: `room ${id}`,
  cover: '',
  category_id: 1,
  category: '热门',
  kind: 'live',
  anchor: { id: 100 + id, uuid: `u${id}`, nickname: `a${id}`, avatar: '', vip_level: 0, level: 1, is_anchor: true },
  online: 0,
  need_password: false,
  live: true,
  status: 'open',
  started_at: null,
  ...over,
});

/** A fresh module, as after a reload: it reads what sessionStorage holds. */
const fresh = async () => {
  vi.resetModules();
  return import('./roomFeed');
};

describe('room feed', () => {
  it('gives the neighbouring live rooms of the list, skipping chat and locked rooms', async () => {
    const { setRoomFeed, neighbours } = await fresh();
    setRoomFeed([room(1), room(2, { kind: 'chat' }), room(3), room(4, { need_password: true }), room(5)]);
    expect(neighbours(1)).toMatchObject({ prev: null, next: { id: 3 } });
    expect(neighbours(3)).toMatchObject({ prev: { id: 1 }, next: { id: 5 } });
    expect(neighbours(5)).toMatchObject({ prev: { id: 3 }, next: null });
    expect(neighbours(2)).toEqual({ prev: null, next: null });
  });

  it('keeps the list over a reload, and ignores a corrupt stored value', async () => {
    (await fresh()).setRoomFeed([room(7), room(8)]);
    expect((await fresh()).neighbours(7).next?.id).toBe(8);
    sessionStorage.setItem('room-feed', '{"not":"a list"}');
    expect((await fresh()).neighbours(7)).toEqual({ prev: null, next: null });
    sessionStorage.setItem('room-feed', 'not json');
    expect((await fresh()).neighbours(7)).toEqual({ prev: null, next: null });
  });
});
