import type { GiftRecord } from '@app/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDanmakuEngine } from '../../../../components/danmaku/useDanmakuEngine';
import { useGiftName } from '../../../../state/session/giftName';
import { useDanmakuSettings } from '../../../../state/session/useDanmakuSettings';
import { useRoom } from '../shell/RoomContext';
import { roomLinesToFly } from './roomLines';

/**
 * The room's danmaku layer: the lines sent with 弹, or with the viewer's switch on every chat line and
 * gift (gifts highlighted), flying in lanes over the video; kept off the anchor's face when the stage
 * shows a portrait camera and the viewer asks so. Each line flies once, from when it arrives.
 */
export function Danmaku({ portraitCamera }: { portraitCamera: boolean }) {
  const { t } = useTranslation();
  const { state } = useRoom();
  const giftName = useGiftName();
  const [settings] = useDanmakuSettings();
  const { ref, engine } = useDanmakuEngine({ density: settings.density, avoidFace: settings.avoidFace && portraitCamera });
  const seen = useRef(new Set<string>());
  const primedMode = useRef<string | null>(null);
  const { mode } = settings;

  useEffect(() => {
    if (!engine) return;
    const giftText = (r: GiftRecord) =>
      t('danmaku.giftLine', { name: r.sender.nickname, line: t('room.giftLine', { gift: giftName(r.gift_id, r.gift_name), count: r.count }) });
    // A mode begins with what is already on screen counted as flown.
    const prime = primedMode.current !== mode;
    if (prime) {
      primedMode.current = mode;
      if (mode === 'off') engine.clear();
    }
    for (const line of roomLinesToFly(mode, state.lines, state.danmaku, seen.current, state.meId, giftText, prime && mode === 'all')) engine.push(line);
  }, [engine, mode, state.lines, state.danmaku, state.meId, t, giftName]);

  return <div ref={ref} className="danmaku" data-testid="danmaku" data-mode={mode} style={{ opacity: settings.opacity }} aria-hidden />;
}
