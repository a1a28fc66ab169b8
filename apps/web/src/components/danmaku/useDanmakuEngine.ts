import { useEffect, useRef, useState } from 'react';
import { DanmakuEngine } from '../../lib/danmaku/engine';
import { faceBand, type DanmakuDensity } from '../../lib/danmaku/layout';
import './danmaku.css';

interface Options {
  density: DanmakuDensity;
  /** The stage shows a portrait camera and the viewer keeps lines off the face. */
  avoidFace: boolean;
}

/**
 * A DanmakuEngine over the element `ref` is put on, its lanes kept off the face band of the stage
 * (the host's offset parent) and re-measured when the host is resized. `engine` is null until mounted.
 */
export function useDanmakuEngine({ density, avoidFace }: Options) {
  const ref = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<DanmakuEngine | null>(null);

  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const e = new DanmakuEngine(host, { density: 'normal', blocked: null });
    setEngine(e);
    return () => {
      e.destroy();
      setEngine(null);
    };
  }, []);

  useEffect(() => {
    const host = ref.current;
    if (!host || !engine) return;
    const apply = () => {
      const stage = host.offsetParent instanceof HTMLElement ? host.offsetParent.clientHeight : host.clientHeight;
      const band = avoidFace ? faceBand({ portraitCamera: true }, stage) : null;
      engine.setOptions({ density, blocked: band ? [band[0] - host.offsetTop, band[1] - host.offsetTop] : null });
    };
    apply();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    ro?.observe(host);
    return () => ro?.disconnect();
  }, [engine, density, avoidFace]);

  return { ref, engine };
}
