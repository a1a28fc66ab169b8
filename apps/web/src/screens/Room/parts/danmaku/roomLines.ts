import type { GiftRecord, RoomChat } from '@app/contract';
import type { DanmakuLine } from '../../../../lib/danmaku/engine';
import type { ChatLine } from '../../../../state/realtime/roomState';
import type { DanmakuSettings } from '../../../../state/session/schema';

/**
 * The room's lines not flown yet, as danmaku: in `all` mode every chat line and gift of the chat
 * list, in `bullets` mode the lines sent with 弹, in `off` none. `seen` holds what was flown (or
 * was already there when the mode began: switching on flies what is said from then on).
 */
export function roomLinesToFly(
  mode: DanmakuSettings['mode'],
  lines: readonly ChatLine[],
  bullets: readonly RoomChat[],
  seen: Set<string>,
  meId: number | null,
  giftText: (r: GiftRecord) => string,
  prime = false,
): DanmakuLine[] {
  const out: DanmakuLine[] = [];
  const take = (id: string, line: () => DanmakuLine) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (!prime) out.push(line());
  };
  if (mode === 'bullets') for (const b of bullets) take(b.id, () => ({ id: b.id, text: b.text, kind: b.user.id === meId ? 'mine' : 'chat' }));
  if (mode === 'all')
    for (const l of lines) {
      if (l.kind === 'chat') take(l.id, () => ({ id: l.id, text: l.text, kind: l.user.id === meId ? 'mine' : 'chat' }));
      else if (l.kind === 'gift') take(l.id, () => ({ id: l.id, text: giftText(l.record), kind: 'gift' }));
    }
  return out;
}
