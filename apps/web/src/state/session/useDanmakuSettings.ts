import type { DanmakuSettings } from './schema';
import { useSession } from './store';

/** The viewer's danmaku settings (remembered) and a setter that merges a change into them. */
export function useDanmakuSettings(): [DanmakuSettings, (part: Partial<DanmakuSettings>) => void] {
  const settings = useSession((s) => s.danmaku);
  const patch = useSession((s) => s.patch);
  return [settings, (part) => patch({ danmaku: { ...useSession.getState().danmaku, ...part } })];
}
