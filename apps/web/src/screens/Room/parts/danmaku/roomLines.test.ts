import type { GiftRecord, RoomChat, RoomMember } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { ChatLine } from '../../../../state/realtime/roomState';
import { roomLinesToFly } from './roomLines';

const user = (id: number) => ({ id, nickname: `u${id}` }) as RoomMember;
const chat = (id: string, from: number): ChatLine => ({ kind: 'chat', id, user: user(from), text: `text ${id}`, fan: null });
const bullet = (id: string, from: number) => ({ id, user: user(from), text: `bullet ${id}`, danmaku: true }) as RoomChat;
const gift: ChatLine = { kind: 'gift', id: 'gift-1', record: { id: 1, gift_name: '火箭' } as GiftRecord };
const giftText = (r: GiftRecord) => `sent ${r.gift_name}`;

describe('roomLinesToFly', () => {
  it('flies every chat line and gift once in all mode, mine marked, gifts highlighted, notices never', () => {
    const seen = new Set<string>();
    const lines: ChatLine[] = [chat('a', 2), chat('b', 7), gift, { kind: 'enter', id: 'e', user: user(3) }];
    expect(roomLinesToFly('all', lines, [], seen, 7, giftText)).toEqual([
      { id: 'a', text: 'text a', kind: 'chat' },
      { id: 'b', text: 'text b', kind: 'mine' },
      { id: 'gift-1', text: 'sent 火箭', kind: 'gift' },
    ]);
    expect(roomLinesToFly('all', [...lines, chat('c', 2)], [], seen, 7, giftText).map((l) => l.id)).toEqual(['c']);
  });

  it('flies only the 弹 bullets in bullets mode, and nothing when off', () => {
    expect(roomLinesToFly('bullets', [chat('a', 2)], [bullet('x', 2)], new Set(), null, giftText)).toEqual([{ id: 'x', text: 'bullet x', kind: 'chat' }]);
    expect(roomLinesToFly('off', [chat('a', 2)], [bullet('x', 2)], new Set(), null, giftText)).toEqual([]);
  });

  it('counts what is on screen as flown when all mode begins (primed), so only new lines fly', () => {
    const seen = new Set<string>();
    expect(roomLinesToFly('all', [chat('old', 2)], [], seen, null, giftText, true)).toEqual([]);
    expect(roomLinesToFly('all', [chat('old', 2), chat('new', 2)], [], seen, null, giftText).map((l) => l.id)).toEqual(['new']);
  });
});
