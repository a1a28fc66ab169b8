import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RoomBrief, RoomWatch } from '@app/contract';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { UserCell } from '../parts/UserCell';
import { useBanDialog } from './banDialog';
import { Replays } from './Replays';
import { useCloseLive } from './useCloseLive';

const SIZE = 20;

/** How a room is watched: viewers on WebRTC and on HLS (HLS only when the room has an egress). */
function WatchCell({ w }: { w: RoomWatch | undefined }) {
  const { t } = useTranslation();
  if (!w) return <span className="adm-muted">—</span>;
  return (
    <div className="adm-nowrap" data-testid="room-watch">
      <div>{t('admin.rooms.watchWebrtc', { n: w.webrtc })}</div>
      <div className="adm-muted">{w.hls ? t('admin.rooms.watchHls', { n: w.hls_viewers }) : t('admin.rooms.noHls')}</div>
      {w.via === 'hls' && <span className="adm-tag">{t('admin.rooms.viaHlsOn')}</span>}
    </div>
  );
}

/** Rooms on air with the people in them and how they watch; end a live, send it to HLS, or ban its anchor from going live for a time. Below, the replays. */
export function Rooms() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminRooms', { page, size: SIZE }, { refetchMs: 10_000 });
  const watchQ = useAdminQuery('adminLiveWatch', undefined, { refetchMs: 10_000 });
  const watch = new Map((watchQ.data?.list ?? []).map((w) => [w.room_id, w]));
  const via = useAdminAction('adminLiveVia');
  const { ask, dialog } = useFormDialog();
  const ban = useBanDialog();

  const closeLive = useCloseLive();
  const onClose = (r: RoomBrief) => ask(closeLive(r));

  return (
    <div className="adm-stack">
      <section className="adm-card">
        <DataTable<RoomBrief>
          testId="live-rooms"
          q={q}
          rowKey={(r) => r.id}
          empty={t('admin.rooms.empty')}
          columns={[
            {
              key: 'room',
              title: t('admin.rooms.room'),
              render: (r) => (
                <div>
                  <div className="adm-user__name">{r.title}</div>
                  <div className="adm-muted">
                    No. {r.number} · {r.category}
                  </div>
                </div>
              ),
            },
            { key: 'anchor', title: t('admin.rooms.anchor'), render: (r) => <UserCell user={r.anchor} /> },
            { key: 'kind', title: t('admin.rooms.kind'), render: (r) => t(`admin.rooms.kind_${r.kind}`) },
            { key: 'online', title: t('admin.rooms.online'), align: 'right', render: (r) => <strong>{r.online}</strong> },
            { key: 'watch', title: t('admin.rooms.watch'), render: (r) => <WatchCell w={watch.get(r.id)} /> },
            {
              key: 'live',
              title: t('admin.rooms.stream'),
              render: (r) => (
                <span className={`adm-tag ${r.live ? 'adm-tag--approved' : ''}`}>{r.live ? t('admin.rooms.onAir') : t('admin.rooms.waiting')}</span>
              ),
            },
            { key: 'since', title: t('admin.rooms.since'), render: (r) => <span className="adm-nowrap">{when(r.started_at)}</span> },
            {
              key: 'act',
              title: t('admin.col.actions'),
              align: 'right',
              render: (r) => (
                <div className="adm-actions">
                  <Button size="mini" color="danger" fill="outline" onClick={() => onClose(r)}>
                    {t('admin.rooms.close')}
                  </Button>
                  <Button size="mini" onClick={() => ban.open(r.anchor, 'live')}>
                    {t('admin.rooms.banLive')}
                  </Button>
                  {watch.get(r.id)?.hls && (
                    <Button
                      size="mini"
                      data-testid="room-via"
                      onClick={() => void via.mutateAsync({ room_id: r.id, via: watch.get(r.id)?.via === 'hls' ? 'auto' : 'hls' })}
                    >
                      {watch.get(r.id)?.via === 'hls' ? t('admin.rooms.viaAuto') : t('admin.rooms.viaHls')}
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
        <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
        {dialog}
        {ban.dialog}
      </section>
      <Replays />
    </div>
  );
}
