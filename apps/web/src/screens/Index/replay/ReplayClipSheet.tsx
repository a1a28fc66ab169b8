import { CLIP_DEFAULT_S, ErrorCode, type ReplayInfo } from '@app/contract';
import { formatClock } from '@app/kit';
import { Slider } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipSheet } from '../../../components/clip/ClipSheet';
import { replayKeys } from '../../../state/queries/replay';
import { dragged, endingAt, stripAround, type ClipSpan } from './clipWindow';

/**
 * ✂ on a replay, as Twitch's clip editor: the seconds ending at the playhead first, both ends then
 * dragged on a strip of the replay around it (its gifts marked); the player loops the window
 * while the sheet is open (`onWindow`). Said instead when the anchor turned clips off, the room had
 * a password or the replay is not public: the server would refuse.
 */
export function ReplayClipSheet({
  replay,
  open,
  at,
  onClose,
  onWindow,
}: {
  replay: ReplayInfo;
  open: boolean;
  /** The playhead when ✂ was tapped. */
  at: number;
  onClose: () => void;
  onWindow: (w: ClipSpan | null) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const strip = stripAround(at, replay.duration);
  const [span, setSpan] = useState<ClipSpan>(() => endingAt(at, CLIP_DEFAULT_S, strip));
  // Where the viewer wants it to end: the playhead, until they drag the end. A length picked ends there.
  const [wantedEnd, setWantedEnd] = useState(at);
  const seconds = Math.round(span.end - span.start);

  useEffect(() => {
    if (!open) return;
    setSpan(endingAt(at, CLIP_DEFAULT_S, stripAround(at, replay.duration)));
    setWantedEnd(at);
  }, [open, at, replay.duration]);
  useEffect(() => onWindow(open ? span : null), [open, span, onWindow]);

  const blocked = !replay.allow_clips
    ? { title: t('clip.offTitle'), text: t('clip.replayOff') }
    : replay.locked
      ? { title: t('clip.lockedTitle'), text: t('clip.lockedText') }
      : replay.private || replay.hidden
        ? { title: t('clip.privateTitle'), text: t('clip.privateText') }
        : null;
  const at01 = (s: number) => `${((s - strip.start) / Math.max(1, strip.end - strip.start)) * 100}%`;

  return (
    <ClipSheet
      open={open}
      onClose={onClose}
      title={t('clip.replayTitle')}
      hint={t('clip.replayHint', { name: replay.anchor.nickname })}
      defaultTitle={replay.title}
      seconds={seconds}
      onSeconds={(s) => setSpan(endingAt(wantedEnd, s, strip))}
      goLabel={t('clip.goReplay', { s: seconds })}
      target={{ room_id: replay.room_id, replay_id: replay.id, start_s: span.start }}
      blocked={blocked}
      onRefused={(code) => {
        if (code === ErrorCode.CLIP_OFF) void qc.invalidateQueries({ queryKey: replayKeys.info(replay.id) });
      }}
      picker={
        <div className="clip-range" data-testid="clip-range" data-start={span.start} data-end={span.end}>
          <div className="clip-range__head">
            <span>{t('clip.window')}</span>
            <b>
              {formatClock(span.start)} – {formatClock(span.end)}
              <small>{t('clip.lengthOf', { s: seconds })}</small>
            </b>
          </div>
          <div className="clip-range__strip">
            <div className="clip-range__track">
              {replay.moments
                .filter((m) => m.kind === 'gift' && m.t >= strip.start && m.t <= strip.end)
                .map((m, i) => (
                  <i key={`${m.t}-${i}`} className="clip-range__gift" style={{ left: at01(m.t) }} />
                ))}
              <i className="clip-range__now" style={{ left: at01(at) }} />
              <Slider
                range
                min={strip.start}
                max={strip.end}
                step={1}
                value={[span.start, span.end]}
                icon={<i className="clip-range__grip" />}
                onChange={(v) => {
                  if (!Array.isArray(v)) return;
                  const next = dragged(span, { start: v[0], end: v[1] }, strip);
                  setSpan(next);
                  setWantedEnd(next.end);
                }}
              />
            </div>
          </div>
          <div className="clip-range__ends">
            <span>{formatClock(strip.start)}</span>
            <span className="clip-range__nowLabel">{t('clip.now', { time: formatClock(at) })}</span>
            <span>{formatClock(strip.end)}</span>
          </div>
        </div>
      }
    />
  );
}
