import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LeftOutline, PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useGoBack } from '../../components/useGoBack';
import { useVideoList } from '../../state/queries/video';
import { VideoSlide } from './video/VideoSlide';
import './video/video.css';

/**
 * 视频 (/pages/index/video?id=&c=): a full-screen vertical player. Swiping up or down snaps to the
 * next or previous video of the list it was opened from (`c`, the category; all when absent);
 * the video on screen is kept in the URL, so a reload or a shared link opens it.
 */
export default function VideoPlayer() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params, setParams] = useSearchParams();
  const startId = Number(params.get('id'));
  const cate = Number(params.get('c')) || null;
  const list = useVideoList(cate);
  const cards = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  // The opened video first when the list does not hold it (a shared link); then the list in order.
  const [opened, setOpened] = useState(startId);
  const order = useMemo(() => {
    const fromList = cards.map((c) => c.id);
    return opened > 0 && !fromList.includes(opened) ? [opened, ...fromList] : fromList;
  }, [cards, opened]);
  const byId = useMemo(() => new Map(cards.map((c) => [c.id, c])), [cards]);
  const [activeId, setActiveId] = useState(startId);
  const [muted, setMuted] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const placed = useRef(false);

  // A link to another video while the player is open (not our own swipe, which keeps the URL on the active one).
  useEffect(() => {
    if (startId > 0 && startId !== activeId) {
      setOpened(startId);
      setActiveId(startId);
      placed.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the URL's id matters here
  }, [startId]);

  // Open at the chosen video once the list is known.
  useEffect(() => {
    const el = box.current;
    if (!el || placed.current || order.length === 0) return;
    const i = Math.max(0, order.indexOf(activeId));
    el.scrollTop = i * el.clientHeight;
    placed.current = true;
    if (activeId <= 0 && order[0]) setActiveId(order[0]);
  }, [order, activeId]);

  const onScroll = useCallback(() => {
    const el = box.current;
    if (!el || !placed.current) return;
    const i = Math.round(el.scrollTop / el.clientHeight);
    const id = order[i];
    if (id && id !== activeId) {
      setActiveId(id);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('id', String(id));
          return next;
        },
        { replace: true },
      );
    }
    if (i >= order.length - 3 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [order, activeId, setParams, list]);

  return (
    <div className="vd-page" data-testid="video-page">
      <button type="button" className="vd-back" aria-label={t('common.back')} onClick={goBack}>
        <LeftOutline />
      </button>
      {order.length === 0 && !list.isPending ? (
        <div className="vd-empty">
          <EmptyState icon={<PlayOutline />} title={t('empty.video')} />
        </div>
      ) : (
        <div className="vd-player" ref={box} onScroll={onScroll}>
          {order.map((id) => (
            <VideoSlide key={id} id={id} card={byId.get(id)} active={id === activeId} muted={muted} onUnmute={() => setMuted(false)} />
          ))}
        </div>
      )}
    </div>
  );
}
