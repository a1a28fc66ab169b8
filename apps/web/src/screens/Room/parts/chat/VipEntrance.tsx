import { vipHas, vipTierOf } from '@app/kit';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import type { ChatLine } from '../../../../state/realtime/roomState';
import { useRoom } from '../shell/RoomContext';

type Enter = Extract<ChatLine, { kind: 'enter' }>;
const SHOW_MS = 2800;

/**
 * The entrance banner of a VIP whose tier has the perk: it slides across the room when they
 * enter, one at a time. Built from the room's "entered" lines, so every member's view shows it.
 */
export function VipEntrance() {
  const { t } = useTranslation();
  const { state } = useRoom();
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(state.lines.map((l) => l.id));
  const [queue, setQueue] = useState<Enter[]>([]);
  const [shown, setShown] = useState<Enter | null>(null);

  useEffect(() => {
    const fresh = state.lines.filter((l): l is Enter => l.kind === 'enter' && !seen.current!.has(l.id) && vipHas(l.user.vip_level, 'entrance'));
    for (const l of state.lines) seen.current!.add(l.id);
    if (fresh.length) setQueue((q) => [...q, ...fresh].slice(-3));
  }, [state.lines]);

  useEffect(() => {
    if (shown || queue.length === 0) return;
    setShown(queue[0]!);
    setQueue((q) => q.slice(1));
  }, [shown, queue]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  const tier = vipTierOf(shown.user.vip_level)!;
  return (
    <div key={shown.id} className="vip-entrance" style={{ '--vip': tier.color } as CSSProperties} data-testid="vip-entrance">
      <UserAvatar src={shown.user.avatar} size={32} className="vip-entrance__avatar" />
      <span className="vip-entrance__tier">VIP{tier.tier}</span>
      <span className="vip-entrance__text">{t('vip.entered', { name: shown.user.nickname })}</span>
    </div>
  );
}
