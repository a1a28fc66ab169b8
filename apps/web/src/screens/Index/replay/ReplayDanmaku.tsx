import { REPLAY_DANMAKU_WINDOW_S, type ReplayDanmakuLine } from '@app/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDanmakuEngine } from '../../../components/danmaku/useDanmakuEngine';
import { useReplayDanmaku } from '../../../state/queries/replay';
import { useDanmakuSettings } from '../../../state/session/useDanmakuSettings';

/** A jump of the playing time larger than this is a seek: the stage is cleared, nothing is flown back. */
const SEEK_S = 2;

/**
 * The live's danmaku over its replay: the lines come window by window (the current one and the
 * next, fetched ahead) and each flies when playback reaches the moment it was sent; they stop with
 * the video and are cleared on a seek. The viewer's settings apply as in the room (a replay is a
 * portrait camera picture, so the face is kept clear when asked).
 */
export function ReplayDanmaku({ id, time, playing }: { id: number; time: number; playing: boolean }) {
  const { t } = useTranslation();
  const [settings] = useDanmakuSettings();
  const { ref, engine } = useDanmakuEngine({ density: settings.density, avoidFace: settings.avoidFace });
  const from = Math.floor(time / REPLAY_DANMAKU_WINDOW_S) * REPLAY_DANMAKU_WINDOW_S;
  const wanted = settings.mode !== 'off';
  const now = useReplayDanmaku(id, wanted ? from : null);
  const ahead = useReplayDanmaku(id, wanted ? from + REPLAY_DANMAKU_WINDOW_S : null);
  // Before the start: the first moments fly from the first time update on.
  const last = useRef(-1);

  const lines = useMemo(() => {
    const all: ReplayDanmakuLine[] = [...(now.data?.lines ?? []), ...(ahead.data?.lines ?? [])];
    return settings.mode === 'bullets' ? all.filter((l) => l.danmaku) : all;
  }, [now.data, ahead.data, settings.mode]);

  useEffect(() => {
    if (!engine) return;
    if (playing) engine.resume();
    else engine.pause();
  }, [engine, playing]);

  useEffect(() => {
    if (!engine) return;
    const prev = last.current;
    if (!wanted || time < prev || time - prev > SEEK_S) {
      engine.clear();
      last.current = time;
      return;
    }
    for (const l of lines) {
      if (l.t <= prev || l.t > time) continue;
      const text = l.kind === 'gift' ? t('danmaku.giftLine', { name: l.nickname, line: t('room.giftLine', { gift: l.text, count: l.count }) }) : l.text;
      engine.push({ id: String(l.id), text, kind: l.kind === 'gift' ? 'gift' : 'chat' });
    }
    last.current = time;
  }, [engine, time, lines, wanted, t]);

  return (
    <div
      ref={ref}
      className="danmaku danmaku--replay"
      data-testid="replay-danmaku"
      data-mode={settings.mode}
      style={{ opacity: settings.opacity }}
      aria-hidden
    />
  );
}
