import type { HealthSample } from '@app/contract';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBitrate, type SendStats } from '../../../../lib/media/sendStats';
import { useLiveHealth } from '../../../../state/queries/health';
import { useRoom } from '../shell/RoomContext';
import { HealthPanel } from './HealthPanel';
import { UplinkWarning } from './UplinkWarning';
import { signalOf } from './uplink';
import { useStreamHealth } from './useStreamHealth';
import './health.css';

/** A server sample in the shape the browser's own readings have. */
const statsOf = (s: HealthSample): SendStats => ({
  bitrate: s.bitrate,
  fps: s.fps,
  width: s.width,
  height: s.height,
  loss: s.loss,
  rttMs: s.rtt_ms,
  limited: s.limited,
  available: null,
  encoderTarget: null,
});

/**
 * The anchor's stream health (decision 0230): a signal chip under the live clock that opens the
 * panel, and the warning when the upload cannot hold the configured bitrate. A browser anchor's
 * figures come from its own getStats; an OBS anchor's from what the server measures on its WHIP session.
 */
export function StreamHealth() {
  const { t } = useTranslation();
  const { room, media, state } = useRoom();
  const [open, setOpen] = useState(false);
  const pc = room.settings.pc;
  const own = useStreamHealth(pc ? null : media.broadcaster, room.id, media.broadcast?.status === 'live');
  const server = useLiveHealth(room.id, pc && !!state.live.anchor);
  const ingest = server.data?.list.filter((s) => s.source === 'ingest').at(-1);
  const stats = own?.stats ?? (ingest ? statsOf(ingest) : null);
  if (!stats) return null;
  const target = own?.target ?? 0;
  const bars = target ? signalOf(stats, target) : (stats.loss ?? 0) > 0.05 ? 1 : 3;
  return (
    <>
      <button
        type="button"
        className={`health-chip health-chip--${bars}${pc ? ' health-chip--pc' : ''}`}
        data-testid="health-chip"
        onClick={() => setOpen(true)}
      >
        <span className="health-chip__bars" aria-hidden>
          <i />
          <i />
          <i />
        </span>
        <span data-testid="health-chip-bitrate">{formatBitrate(stats.bitrate)}</span>
        <span className="sr-only">{t('health.open')}</span>
      </button>
      {own?.short && media.broadcaster && <UplinkWarning health={own} broadcaster={media.broadcaster} />}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="room-sheet room-sheet--dark">
        <HealthPanel
          stats={stats}
          target={target}
          short={!!own?.short}
          broadcaster={pc ? null : media.broadcaster}
          quality={media.broadcast?.quality ?? 'hd'}
        />
      </Popup>
    </>
  );
}
